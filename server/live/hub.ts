/**
 * The live hub: which sockets belong to which user, and delivery of server events to them.
 * Later features publish with `hub.publishToUsers(userIds, event)` after their write is
 * committed; the event is serialised once and the same Buffer goes to every socket (as a
 * text frame). Client → server messages are dispatched to handlers registered with
 * `hub.onClientMessage(type, handler)` (PING is built in). Cross-process delivery is the
 * transport's job (transport.ts).
 */
import type { WebSocket } from 'ws';
import { LiveCloseCode, type ClientEvent, type ServerEvent } from '../../src/contract/live';
import type { LiveBusMessage, LiveTransport } from './transport';

/** A socket that has not answered a ping for one interval is dead (phone asleep, NAT dropped). */
export const HEARTBEAT_INTERVAL_MS = 30_000;
/** A client that cannot keep up with this much queued output is cut off instead of growing memory. */
export const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;
/** Largest frame a client may send (JOIN_POD, PING are tiny); a bigger one closes the socket with 1009. */
export const MAX_CLIENT_FRAME_BYTES = 64 * 1024;
/** 1001: the client reconnects with backoff (spec: only 1000 is final). */
const GOING_AWAY = 1001;
/** 1013 "try again later": sent to a socket dropped for not reading its events. */
const TRY_AGAIN_LATER = 1013;

export interface LiveConnection {
  readonly userId: string;
  readonly tokenHash: string;
  readonly socket: WebSocket;
  send(event: ServerEvent): void;
}

export type ClientMessageHandler<T extends ClientEvent['type']> = (
  connection: LiveConnection,
  message: Extract<ClientEvent, { type: T }>,
) => void | Promise<void>;

interface Entry extends LiveConnection {
  alive: boolean;
}

interface HubLog {
  debug(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export class LiveHub {
  private readonly byUser = new Map<string, Set<Entry>>();
  private readonly handlers = new Map<string, ClientMessageHandler<ClientEvent['type']>>();
  private readonly heartbeat: NodeJS.Timeout;

  constructor(
    private readonly transport: LiveTransport,
    private readonly log: HubLog,
    heartbeatMs = HEARTBEAT_INTERVAL_MS,
  ) {
    transport.onMessage((message) => this.deliver(message));
    this.heartbeat = setInterval(() => this.sweep(), heartbeatMs);
    this.heartbeat.unref();
    this.onClientMessage('PING', (connection) => connection.send({ type: 'PONG' }));
  }

  /** Sends `event` to every open socket of these users, on every server process. */
  publishToUsers(userIds: Iterable<string>, event: ServerEvent): void {
    const unique = [...new Set(userIds)];
    if (unique.length === 0) return;
    this.transport.publish({ kind: 'event', userIds: unique, data: JSON.stringify(event) });
  }

  /** Closes the sockets opened with this token (logout). */
  disconnectToken(tokenHash: string): void {
    this.transport.publish({ kind: 'disconnect', tokenHashes: [tokenHash], code: LiveCloseCode.unauthorized, reason: 'unauthorized' });
  }

  /** Closes every socket of this user (password reset revokes all tokens). */
  disconnectUser(userId: string): void {
    this.transport.publish({ kind: 'disconnect', userIds: [userId], code: LiveCloseCode.unauthorized, reason: 'unauthorized' });
  }

  onClientMessage<T extends ClientEvent['type']>(type: T, handler: ClientMessageHandler<T>): void {
    this.handlers.set(type, handler as unknown as ClientMessageHandler<ClientEvent['type']>);
  }

  /** Registers an authenticated socket; it leaves the hub by itself when it closes. */
  add(userId: string, tokenHash: string, socket: WebSocket): LiveConnection {
    const entry: Entry = {
      userId,
      tokenHash,
      socket,
      alive: true,
      send: (event) => this.sendData(entry, Buffer.from(JSON.stringify(event))),
    };
    let set = this.byUser.get(userId);
    if (!set) {
      set = new Set();
      this.byUser.set(userId, set);
    }
    set.add(entry);
    socket.on('pong', () => {
      entry.alive = true;
    });
    socket.on('close', () => {
      const current = this.byUser.get(userId);
      current?.delete(entry);
      if (current?.size === 0) this.byUser.delete(userId);
    });
    return entry;
  }

  /** Hands one client frame to its handler. Bad frames are logged at debug and ignored. */
  async receive(connection: LiveConnection, message: ClientEvent): Promise<void> {
    const handler = this.handlers.get(message.type);
    if (!handler) {
      this.log.debug({ type: message.type, userId: connection.userId }, 'live message without a handler');
      return;
    }
    await handler(connection, message);
  }

  connectionCount(userId?: string): number {
    if (userId !== undefined) return this.byUser.get(userId)?.size ?? 0;
    let total = 0;
    for (const set of this.byUser.values()) total += set.size;
    return total;
  }

  async close(): Promise<void> {
    clearInterval(this.heartbeat);
    for (const set of this.byUser.values()) {
      for (const entry of set) entry.socket.close(GOING_AWAY, 'server shutting down');
    }
    this.byUser.clear();
    await this.transport.close();
  }

  private deliver(message: LiveBusMessage): void {
    if (message.kind === 'event') {
      const data = Buffer.from(message.data);
      for (const userId of message.userIds) {
        const set = this.byUser.get(userId);
        if (!set) continue;
        for (const entry of set) this.sendData(entry, data);
      }
      return;
    }
    const tokens = new Set(message.tokenHashes ?? []);
    const targets = new Set(message.userIds ?? []);
    for (const [userId, set] of this.byUser) {
      for (const entry of set) {
        if (message.everyone || targets.has(userId) || tokens.has(entry.tokenHash)) entry.socket.close(message.code, message.reason);
      }
    }
  }

  private sendData(entry: Entry, data: Buffer): void {
    const socket = entry.socket;
    if (socket.readyState !== socket.OPEN) return;
    if (socket.bufferedAmount > MAX_BUFFERED_BYTES) {
      this.log.warn({ userId: entry.userId, bufferedAmount: socket.bufferedAmount }, 'live socket too slow; closing it');
      socket.close(TRY_AGAIN_LATER, 'too slow');
      return;
    }
    // binary: false — browsers hand binary frames over as Blobs, which the client cannot parse.
    socket.send(data, { binary: false });
  }

  private sweep(): void {
    for (const set of this.byUser.values()) {
      for (const entry of set) {
        if (!entry.alive) {
          entry.socket.terminate();
          continue;
        }
        entry.alive = false;
        try {
          entry.socket.ping();
        } catch {
          entry.socket.terminate();
        }
      }
    }
  }
}
