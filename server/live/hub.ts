/**
 * The live hub: which sockets belong to which user, and delivery of server events to them.
 * Features publish with `hub.publishToUsers(userIds, event)` after their write is committed;
 * logged events come from the change log (`publishLogged`). An event is serialised once, and
 * framed once per recipient user (its log position, and for the author the mutation id, are
 * the only per-user parts): every socket of that user gets the same finished WebSocket frame,
 * written straight to its TCP stream (`Frame`), so per socket there is only the write.
 * Client → server messages are dispatched to handlers
 * registered with `hub.onClientMessage(type, handler)` (PING is built in: answered from memory,
 * with the head of the user's log once `answerPingsWithHeads` gave it a reader, heads.ts).
 * Cross-process delivery is the transport's job (transport.ts).
 *
 * Sockets are closed by the hub when:
 * - their token is revoked (logout, password reset: a `disconnect` bus message, every process);
 * - their token expires (a timer per socket, set from the token's expiry at connect time);
 * - they stop answering pings (HEARTBEAT_INTERVAL_MS, in HEARTBEAT_SLICES turns) or read too
 *   slowly (MAX_BUFFERED_BYTES);
 * - this process may have missed bus messages (transport gap): 1012, spread over
 *   RESYNC_SPREAD_MS so the clients' reconnects and catch-up pulls do not arrive at once;
 * - the process drains (SIGTERM): 1012, spread over DRAIN_WINDOW_MS (`drain`).
 */
import type { WebSocket } from 'ws';
import { LiveCloseCode, type ClientEvent, type ServerEvent } from '../../src/contract/live';
import type { Metrics } from '../metrics';
import { streamOf, textFrame, type Frame } from './frames';
import { HEAD_REFRESH_MS, HeadBook, type HeadReader } from './heads';
import type { Published } from '../sync/recorder';
import type { LiveBusMessage, LiveTransport } from './transport';

/** A socket that has not answered a ping for one interval is dead (phone asleep, NAT dropped). */
export const HEARTBEAT_INTERVAL_MS = 30_000;
/**
 * The sockets are pinged in this many slices, one slice every interval / HEARTBEAT_SLICES (3 s),
 * each socket once an interval: pinging every socket in one turn held the event loop for the
 * whole ping round (1,000 sockets: 1,000 pings out and 1,000 pongs back at once, every 30 s),
 * delaying whatever event was being delivered then.
 */
export const HEARTBEAT_SLICES = 10;
/** A client that cannot keep up with this much queued output is cut off instead of growing memory. */
export const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;
/** Largest frame a client may send (JOIN_POD, PING are tiny); a bigger one closes the socket with 1009. */
export const MAX_CLIENT_FRAME_BYTES = 64 * 1024;
/** 1012 "service restart": the client reconnects with backoff and catches up (spec: only 1000 is final). */
export const SERVICE_RESTART = 1012;
/** 1013 "try again later": sent to a socket dropped for not reading its events. */
const TRY_AGAIN_LATER = 1013;
/** Closing every socket after a bus gap is spread over this window (clients add their own jitter). */
export const RESYNC_SPREAD_MS = 5000;
/** Spread closes happen in steps this far apart. */
const SPREAD_STEP_MS = 50;
/** setTimeout's longest delay (~24.8 days); a longer token expiry re-arms the timer. */
const MAX_TIMER_MS = 2_147_483_647;
const TEXT_FRAME = { binary: false } as const;

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

/** Tokens (by hash) or whole users whose sessions were revoked, on any process. */
export interface Revocation {
  userIds: string[];
  tokenHashes: string[];
}

interface Entry extends LiveConnection {
  alive: boolean;
  /** Its heartbeat slice (round robin over the sockets as they connect). */
  slice: number;
  expiry?: NodeJS.Timeout;
  /** Where finished frames go (streamOf), or undefined: through ws. */
  stream: { write(chunk: Buffer): boolean } | undefined;
}

/** Sees every event this process publishes (not events received from other processes). */
export type PublishListener = (userIds: readonly string[], event: ServerEvent) => void;

/**
 * Sees every event the bus brings to this process, from any process, as its recipients and its
 * serialised text (without its per-user position): a cheap wake-up for waiters that are not
 * sockets (a TV view's long poll), which re-read what they need from the database.
 */
export type BusEventListener = (userIds: readonly string[], data: string) => void;

interface HubLog {
  debug(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface HubOptions {
  heartbeatMs?: number;
  metrics?: Pick<Metrics, 'liveSockets' | 'liveEventsPublished' | 'liveEventsDelivered'>;
  /** The server's clock (token expiry). */
  now?: () => Date;
  resyncSpreadMs?: number;
}

export class LiveHub {
  private readonly byUser = new Map<string, Set<Entry>>();
  private readonly slices: Array<Set<Entry>> = Array.from({ length: HEARTBEAT_SLICES }, () => new Set());
  private nextSlice = 0;
  private sweptSlice = 0;
  private readonly handlers = new Map<string, ClientMessageHandler<ClientEvent['type']>>();
  private readonly revocationListeners: Array<(revocation: Revocation) => void> = [];
  private readonly heartbeat: NodeJS.Timeout;
  private readonly metrics: HubOptions['metrics'];
  private readonly now: () => Date;
  private readonly resyncSpreadMs: number;
  private sockets = 0;
  private draining = false;
  private readonly publishListeners: PublishListener[] = [];
  private readonly busEventListeners: BusEventListener[] = [];
  private heads: HeadBook | undefined;

  constructor(
    private readonly transport: LiveTransport,
    private readonly log: HubLog,
    options: HubOptions = {},
  ) {
    this.metrics = options.metrics;
    this.now = options.now ?? (() => new Date());
    this.resyncSpreadMs = options.resyncSpreadMs ?? RESYNC_SPREAD_MS;
    transport.onMessage((message) => this.deliver(message));
    transport.onGap((reason) => {
      this.log.info({ reason, sockets: this.sockets }, 'live bus gap; asking clients to reconnect and catch up');
      void this.closeAll(SERVICE_RESTART, 'catch up', this.resyncSpreadMs);
    });
    this.heartbeat = setInterval(() => this.sweep(), (options.heartbeatMs ?? HEARTBEAT_INTERVAL_MS) / HEARTBEAT_SLICES);
    this.heartbeat.unref();
    this.onClientMessage('PING', (connection) => connection.send({ type: 'PONG' }));
  }

  /**
   * Sends change-log deliveries (server/sync/recorder.ts) to their users' sockets on every
   * process, each with its position. Deliveries sharing one serialised event travel as one
   * bus message.
   */
  publishLogged(published: Published): void {
    this.publishDeliveries(published.deliveries);
    for (const { userIds, event } of published.events) this.tellListeners(userIds, event as ServerEvent);
  }

  private tellListeners(userIds: readonly string[], event: ServerEvent): void {
    for (const listener of this.publishListeners) {
      try {
        listener(userIds, event);
      } catch (error) {
        this.log.warn({ err: error, type: event.type }, 'publish listener failed');
      }
    }
  }

  publishDeliveries(deliveries: ReadonlyArray<{ userId: string; pos: number; data: string; mid?: string }>): void {
    const byData = new Map<string, { userIds: string[]; positions: number[]; mids: Array<string | null>; acks: number }>();
    for (const delivery of deliveries) {
      let group = byData.get(delivery.data);
      if (!group) byData.set(delivery.data, (group = { userIds: [], positions: [], mids: [], acks: 0 }));
      group.userIds.push(delivery.userId);
      group.positions.push(delivery.pos);
      group.mids.push(delivery.mid ?? null);
      if (delivery.mid !== undefined) group.acks += 1;
    }
    for (const [data, { userIds, positions, mids, acks }] of byData) {
      this.transport.publish(acks > 0 ? { kind: 'event', userIds, positions, mids, data } : { kind: 'event', userIds, positions, data });
      this.metrics?.liveEventsPublished.inc();
    }
  }

  /** Sends `event` to every open socket of these users, on every server process (no log position). */
  publishToUsers(userIds: Iterable<string>, event: ServerEvent): void {
    const unique = [...new Set(userIds)];
    if (unique.length === 0) return;
    this.metrics?.liveEventsPublished.inc();
    this.transport.publish({ kind: 'event', userIds: unique, data: JSON.stringify(event) });
    this.tellListeners(unique, event);
  }

  /**
   * Runs `listener` for every event published by this process, after it is handed to the
   * transport. Exactly one process publishes a given event, so side effects here (push
   * notifications) happen once however many processes share the transport.
   */
  onPublish(listener: PublishListener): void {
    this.publishListeners.push(listener);
  }

  /** Runs `listener` for every event delivered over the bus to this process (see BusEventListener). */
  onBusEvent(listener: BusEventListener): void {
    this.busEventListeners.push(listener);
  }

  /** Closes the sockets opened with this token and forgets it in every token cache (logout). */
  disconnectToken(tokenHash: string): void {
    this.transport.publish({ kind: 'disconnect', tokenHashes: [tokenHash], code: LiveCloseCode.unauthorized, reason: 'unauthorized' });
  }

  /** Closes every socket of this user and forgets their tokens in every token cache (password reset). */
  disconnectUser(userId: string): void {
    this.transport.publish({ kind: 'disconnect', userIds: [userId], code: LiveCloseCode.unauthorized, reason: 'unauthorized' });
  }

  /** Runs for every revocation on any process (the token cache listens). */
  onRevocation(listener: (revocation: Revocation) => void): void {
    this.revocationListeners.push(listener);
  }

  /**
   * PONG carries the head of the user's log, held in memory (heads.ts): read once when a user's
   * first socket here opens, moved by deliveries, re-read every `refreshMs`; never read per PING.
   */
  answerPingsWithHeads(read: HeadReader, refreshMs = HEAD_REFRESH_MS): void {
    this.heads?.close();
    const heads = new HeadBook(read, this.log, refreshMs);
    this.heads = heads;
    for (const userId of this.byUser.keys()) heads.track(userId);
    this.onClientMessage('PING', async (connection) => {
      const head = await heads.head(connection.userId);
      connection.send(head === undefined ? { type: 'PONG' } : { type: 'PONG', head });
    });
  }

  onClientMessage<T extends ClientEvent['type']>(type: T, handler: ClientMessageHandler<T>): void {
    this.handlers.set(type, handler as unknown as ClientMessageHandler<ClientEvent['type']>);
  }

  /** False once the process drains: new sockets are refused. */
  get accepting(): boolean {
    return !this.draining;
  }

  /** True while events from other processes can arrive. */
  busUp(): boolean {
    return this.transport.isUp();
  }

  /**
   * Registers an authenticated socket; it leaves the hub by itself when it closes. With
   * `expiresAt` (the token's expiry) the socket is closed 4401 at that moment.
   */
  add(userId: string, tokenHash: string, socket: WebSocket, expiresAt?: Date): LiveConnection {
    const entry: Entry = {
      userId,
      tokenHash,
      socket,
      alive: true,
      slice: this.nextSlice,
      stream: streamOf(socket),
      send: (event) => this.sendFrame(entry, textFrame(JSON.stringify(event))),
    };
    let set = this.byUser.get(userId);
    if (!set) {
      set = new Set();
      this.byUser.set(userId, set);
    }
    set.add(entry);
    this.heads?.track(userId);
    this.slices[entry.slice]!.add(entry);
    this.nextSlice = (this.nextSlice + 1) % HEARTBEAT_SLICES;
    this.sockets += 1;
    this.metrics?.liveSockets.set(this.sockets);
    if (expiresAt) this.armExpiry(entry, expiresAt.getTime());
    socket.on('pong', () => {
      entry.alive = true;
    });
    socket.on('close', () => {
      if (entry.expiry) clearTimeout(entry.expiry);
      this.slices[entry.slice]!.delete(entry);
      const current = this.byUser.get(userId);
      if (current?.delete(entry)) {
        this.sockets -= 1;
        this.metrics?.liveSockets.set(this.sockets);
      }
      if (current?.size === 0) {
        this.byUser.delete(userId);
        this.heads?.forget(userId);
      }
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
    return this.sockets;
  }

  /**
   * SIGTERM: refuse new sockets, then close the open ones with 1012 spread evenly over
   * `windowMs`, so their reconnects reach the other processes as a stream, not a wall.
   */
  async drain(windowMs: number): Promise<void> {
    this.draining = true;
    await this.closeAll(SERVICE_RESTART, 'server restarting', windowMs);
  }

  async close(): Promise<void> {
    this.draining = true;
    clearInterval(this.heartbeat);
    this.heads?.close();
    await this.closeAll(SERVICE_RESTART, 'server restarting', 0);
    this.byUser.clear();
    for (const slice of this.slices) slice.clear();
    await this.transport.close();
  }

  /** Closes every socket open now with `code`, in equal batches over `windowMs`. */
  private async closeAll(code: number, reason: string, windowMs: number): Promise<void> {
    const entries: Entry[] = [];
    for (const set of this.byUser.values()) entries.push(...set);
    if (entries.length === 0) return;
    const steps = Math.max(1, Math.floor(windowMs / SPREAD_STEP_MS));
    const perStep = Math.ceil(entries.length / steps);
    for (let start = 0; start < entries.length; start += perStep) {
      if (start > 0) await new Promise((resolve) => setTimeout(resolve, SPREAD_STEP_MS));
      for (const entry of entries.slice(start, start + perStep)) entry.socket.close(code, reason);
    }
  }

  private armExpiry(entry: Entry, expiresAtMs: number): void {
    const left = expiresAtMs - this.now().getTime();
    if (left <= 0) {
      entry.socket.close(LiveCloseCode.unauthorized, 'unauthorized');
      return;
    }
    entry.expiry = setTimeout(() => {
      if (left > MAX_TIMER_MS) this.armExpiry(entry, expiresAtMs);
      else entry.socket.close(LiveCloseCode.unauthorized, 'unauthorized');
    }, Math.min(left, MAX_TIMER_MS));
    entry.expiry.unref();
  }

  private deliver(message: LiveBusMessage): void {
    if (message.kind === 'event') {
      const { userIds, positions, mids } = message;
      const shared = positions ? undefined : textFrame(message.data);
      const rest = message.data.slice(1);
      for (const listener of this.busEventListeners) {
        try {
          listener(userIds, message.data);
        } catch (error) {
          this.log.warn({ err: error }, 'bus event listener failed');
        }
      }
      let delivered = 0;
      for (let index = 0; index < userIds.length; index++) {
        const set = this.byUser.get(userIds[index]!);
        if (!set) continue;
        // One frame per user (not per socket): the position, and the author's mutation id,
        // are the only per-recipient parts.
        const mid = mids?.[index];
        if (positions) this.heads?.saw(userIds[index]!, positions[index]!);
        const frame = shared ?? textFrame(`{"pos":${positions![index]},${mid ? `"mid":${JSON.stringify(mid)},` : ''}${rest}`);
        for (const entry of set) delivered += this.sendFrame(entry, frame);
      }
      if (delivered > 0) this.metrics?.liveEventsDelivered.inc(delivered);
      return;
    }
    const tokens = new Set(message.tokenHashes ?? []);
    const targets = new Set(message.userIds ?? []);
    if (tokens.size > 0 || targets.size > 0) {
      const revocation = { userIds: [...targets], tokenHashes: [...tokens] };
      for (const listener of this.revocationListeners) listener(revocation);
    }
    if (message.everyone) {
      void this.closeAll(message.code, message.reason, this.resyncSpreadMs);
      return;
    }
    for (const userId of targets) {
      for (const entry of this.byUser.get(userId) ?? []) entry.socket.close(message.code, message.reason);
    }
    if (tokens.size === 0) return;
    for (const set of this.byUser.values()) {
      for (const entry of set) if (tokens.has(entry.tokenHash)) entry.socket.close(message.code, message.reason);
    }
  }

  /** 1 when the frame was handed to the socket, else 0. */
  private sendFrame(entry: Entry, frame: Frame): number {
    const socket = entry.socket;
    if (socket.readyState !== socket.OPEN) return 0;
    if (socket.bufferedAmount > MAX_BUFFERED_BYTES) {
      this.log.warn({ userId: entry.userId, bufferedAmount: socket.bufferedAmount }, 'live socket too slow; closing it');
      socket.close(TRY_AGAIN_LATER, 'too slow');
      return 0;
    }
    if (entry.stream) entry.stream.write(frame.wire);
    // binary: false — browsers hand binary frames over as Blobs, which the client cannot parse.
    else socket.send(frame.payload, TEXT_FRAME);
    return 1;
  }

  /** One slice's turn: a socket that did not answer its last ping is cut off, the others are pinged. */
  private sweep(): void {
    const slice = this.slices[this.sweptSlice]!;
    this.sweptSlice = (this.sweptSlice + 1) % HEARTBEAT_SLICES;
    for (const entry of slice) {
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
