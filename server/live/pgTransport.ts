/**
 * Live messages between server processes on one PostgreSQL (DATABASE_URL): LISTEN/NOTIFY on
 * one channel. Every process delivers its own messages to its own sockets at once and NOTIFYs
 * the others; a process ignores its own notifications (each carries the sender's instance id).
 *
 * - NOTIFY refuses payloads of 8000 bytes or more: a bigger message is stored in `live_events`
 *   and only its id is notified; listeners read the row. Rows are purged after
 *   LIVE_EVENT_RETENTION_MS (listeners read them within milliseconds).
 * - Sends run one at a time in publish order, and so do reads of notifications, so a
 *   by-reference message is not overtaken by a later small one.
 * - LISTEN holds its own `pg.Client` (not a pool connection) with an error handler and a
 *   reconnect loop (RECONNECT_MIN_MS doubling to RECONNECT_MAX_MS): without the handler a
 *   PostgreSQL restart would crash the process. NOTIFY goes through the app's pool.
 * - Known limit: messages sent while the listener is down are lost. After it reconnects this
 *   process closes its live sockets with 1012 (service restart); clients reconnect with
 *   backoff and re-pull, which catches them up.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { eq, lt, sql } from 'drizzle-orm';
import { liveEvents } from '../db/schema';
import { toNumber } from '../db/errors';
import { withDefaultUser } from '../db/open';
import type { Db } from '../db/types';
import type { LiveBusMessage, LiveTransport } from './transport';

export const LIVE_CHANNEL = 'podtable_live';
/** NOTIFY's limit is 8000 bytes; the margin keeps the envelope well clear of it. */
export const NOTIFY_MAX_BYTES = 7500;
export const LIVE_EVENT_RETENTION_MS = 5 * 60_000;
const PURGE_EVERY_MS = 60_000;
export const RECONNECT_MIN_MS = 250;
export const RECONNECT_MAX_MS = 15_000;
/** Sends waiting for a slow or absent PostgreSQL beyond this are dropped (and logged), not queued forever. */
const MAX_PENDING_SENDS = 10_000;
/** 1012 "service restart": the client reconnects (and re-pulls); only 1000 is final. */
export const RESYNC_CLOSE_CODE = 1012;

interface Envelope {
  /** Instance id of the sending process. */
  o: string;
  /** The message itself, or … */
  m?: LiveBusMessage;
  /** … the id of its `live_events` row. */
  r?: number;
}

interface TransportLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface PostgresTransportOptions {
  url: string;
  db: Db;
  log: TransportLog;
}

export interface PostgresTransport extends LiveTransport {
  readonly instanceId: string;
  /** True while LISTEN is established. */
  isListening(): boolean;
}

const errorInfo = (error: unknown) => ({ err: { message: error instanceof Error ? error.message : String(error) } });

/** Resolves once the first LISTEN succeeded or failed (then it keeps retrying in the background). */
export async function createPostgresTransport(options: PostgresTransportOptions): Promise<PostgresTransport> {
  const { db, log } = options;
  const url = withDefaultUser(options.url);
  const instanceId = randomUUID();
  const handlers: Array<(message: LiveBusMessage) => void> = [];
  let listener: pg.Client | undefined;
  let everListened = false;
  let closed = false;
  let attempt = 0;
  let reconnectTimer: NodeJS.Timeout | undefined;
  let sending: Promise<void> = Promise.resolve();
  let pendingSends = 0;
  let receiving: Promise<void> = Promise.resolve();
  let lastPurge = 0;

  function deliverLocally(message: LiveBusMessage): void {
    for (const handler of handlers) handler(message);
  }

  async function notify(payload: string): Promise<void> {
    await db.execute(sql`SELECT pg_notify(${LIVE_CHANNEL}, ${payload})`);
  }

  async function send(message: LiveBusMessage): Promise<void> {
    const inline = JSON.stringify({ o: instanceId, m: message } satisfies Envelope);
    if (Buffer.byteLength(inline) < NOTIFY_MAX_BYTES) return notify(inline);
    const [row] = await db.insert(liveEvents).values({ data: JSON.stringify(message) }).returning({ id: liveEvents.id });
    await notify(JSON.stringify({ o: instanceId, r: toNumber(row!.id) } satisfies Envelope));
    if (Date.now() - lastPurge > PURGE_EVERY_MS) {
      lastPurge = Date.now();
      await db.delete(liveEvents).where(lt(liveEvents.createdAt, sql`now() - make_interval(secs => ${LIVE_EVENT_RETENTION_MS / 1000})`));
    }
  }

  async function receive(payload: string): Promise<void> {
    const envelope = JSON.parse(payload) as Envelope;
    if (envelope.o === instanceId) return;
    let message = envelope.m;
    if (envelope.r !== undefined) {
      const [row] = await db.select({ data: liveEvents.data }).from(liveEvents).where(eq(liveEvents.id, envelope.r));
      if (!row) {
        log.warn({ id: envelope.r }, 'live event row already gone; message dropped');
        return;
      }
      message = JSON.parse(row.data) as LiveBusMessage;
    }
    if (message && (message.kind === 'event' || message.kind === 'disconnect')) deliverLocally(message);
  }

  function drop(client: pg.Client, reason: unknown): void {
    if (listener !== client) return;
    listener = undefined;
    log.warn(errorInfo(reason), 'live LISTEN connection lost; reconnecting');
    client.end().catch(() => undefined);
    scheduleReconnect();
  }

  async function listen(): Promise<void> {
    const client = new pg.Client({ connectionString: url });
    client.on('error', (error) => drop(client, error));
    client.on('end', () => drop(client, new Error('connection ended')));
    client.on('notification', (notification) => {
      if (notification.channel !== LIVE_CHANNEL || !notification.payload) return;
      const payload = notification.payload;
      receiving = receiving.then(() => receive(payload)).catch((error: unknown) => log.warn(errorInfo(error), 'live notification not delivered'));
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${LIVE_CHANNEL}`);
    } catch (error) {
      client.end().catch(() => undefined);
      throw error;
    }
    if (closed) {
      await client.end().catch(() => undefined);
      return;
    }
    listener = client;
    attempt = 0;
    if (everListened) {
      log.info({}, 'live LISTEN connection restored; asking clients to reconnect and catch up');
      deliverLocally({ kind: 'disconnect', everyone: true, code: RESYNC_CLOSE_CODE, reason: 'catch up' });
    }
    everListened = true;
  }

  function scheduleReconnect(): void {
    if (closed || reconnectTimer) return;
    const delay = Math.min(RECONNECT_MAX_MS, RECONNECT_MIN_MS * 2 ** attempt);
    attempt += 1;
    reconnectTimer = setTimeout(() => {
      reconnectTimer = undefined;
      listen().catch((error: unknown) => {
        log.warn(errorInfo(error), 'live LISTEN connection failed; retrying');
        scheduleReconnect();
      });
    }, delay);
    reconnectTimer.unref();
  }

  try {
    await listen();
  } catch (error) {
    log.error(errorInfo(error), 'live LISTEN connection failed; live events of other server processes wait for it');
    scheduleReconnect();
  }

  return {
    instanceId,
    isListening: () => listener !== undefined,
    publish(message) {
      deliverLocally(message);
      if (closed) return;
      if (pendingSends >= MAX_PENDING_SENDS) {
        log.error({ pendingSends }, 'live NOTIFY backlog full; message not sent to other processes');
        return;
      }
      pendingSends += 1;
      sending = sending
        .then(() => send(message))
        .catch((error: unknown) => log.error(errorInfo(error), 'live NOTIFY failed; other processes miss this message'))
        .finally(() => {
          pendingSends -= 1;
        });
    },
    onMessage(handler) {
      handlers.push(handler);
    },
    async close() {
      closed = true;
      if (reconnectTimer) clearTimeout(reconnectTimer);
      // Let queued sends reach the others, but do not hang a shutdown on a dead database.
      await Promise.race([sending, new Promise((resolve) => setTimeout(resolve, 2000).unref())]);
      const client = listener;
      listener = undefined;
      await client?.end().catch(() => undefined);
      handlers.length = 0;
    },
  };
}
