/**
 * Back-pressure on the database: a request waits for a connection at most
 * DB_QUEUE_TIMEOUT_MS, then fails with DatabaseBusyError, which the error handler answers
 * 503 + Retry-After (the app's outbox retries 5xx), instead of queueing without bound while
 * the process's memory and every client's latency grow.
 *
 * - PostgreSQL: a pg.Pool of DB_POOL_SIZE connections whose `connect` (used by every query,
 *   transaction and pool.query) is timed; pg's own `connectionTimeoutMillis` enforces the wait.
 * - Embedded PGlite has ONE connection: `gatePglite` puts a queue with the same timeout in
 *   front of it (top-level queries and transactions; queries inside a transaction use its
 *   `tx` and are not queued again).
 * Both report every wait to a PoolMonitor listener (metrics).
 */
import type { PGlite, Transaction } from '@electric-sql/pglite';
import pg from 'pg';
import { pgliteWire } from './pglite-wire';

/** Seconds the 503 asks a client to wait before trying again. */
export const BUSY_RETRY_AFTER_SECONDS = 1;

export class DatabaseBusyError extends Error {
  override name = 'DatabaseBusyError';
  constructor(waitedMs: number) {
    super(`no database connection free within ${Math.round(waitedMs)} ms`);
  }
}

/** True when `error` (or a cause drizzle wrapped it in) is a DatabaseBusyError. */
export function isDatabaseBusy(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth += 1) {
    if (current instanceof DatabaseBusyError) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

export interface PoolListener {
  /** A connection was obtained (or refused) after `ms` of waiting. */
  waited(ms: number, timedOut: boolean): void;
}

export interface PoolMonitor {
  /** Connections the pool may hold. */
  readonly size: number;
  /** performance.now() of the last connection handed out (0: none yet): proof the database answers. */
  lastSuccess(): number;
  /** Requests waiting for a connection now. */
  waiting(): number;
  listen(listener: PoolListener): void;
}

function monitor(size: number, waiting: () => number): PoolMonitor & { report: PoolListener['waited'] } {
  const listeners: PoolListener[] = [];
  let last = 0;
  return {
    size,
    waiting,
    lastSuccess: () => last,
    listen: (listener) => void listeners.push(listener),
    report(ms, timedOut) {
      if (!timedOut) last = performance.now();
      for (const listener of listeners) listener.waited(ms, timedOut);
    },
  };
}

const PG_POOL_TIMEOUT = 'timeout exceeded when trying to connect';

type ConnectCallback = (err: Error | undefined, client?: pg.PoolClient, done?: (release?: unknown) => void) => void;

export function createMeasuredPool(config: pg.PoolConfig & { max: number; connectionTimeoutMillis: number }): { pool: pg.Pool; monitor: PoolMonitor } {
  const pool = new pg.Pool(config);
  const watch = monitor(config.max, () => pool.waitingCount);
  const original = pool.connect.bind(pool) as (cb?: ConnectCallback) => Promise<pg.PoolClient> | undefined;
  const translate = (error: Error, waitedMs: number) => (error.message === PG_POOL_TIMEOUT ? new DatabaseBusyError(waitedMs) : error);
  // pool.query and drizzle's transactions both check out through connect (callback or promise form).
  (pool as unknown as { connect: (cb?: ConnectCallback) => unknown }).connect = (cb?: ConnectCallback) => {
    const started = performance.now();
    if (cb) {
      return original((err, client, done) => {
        const waited = performance.now() - started;
        watch.report(waited, err?.message === PG_POOL_TIMEOUT);
        cb(err ? translate(err, waited) : err, client, done);
      });
    }
    return original()!.then(
      (client) => {
        watch.report(performance.now() - started, false);
        return client;
      },
      (error: Error) => {
        const waited = performance.now() - started;
        watch.report(waited, error.message === PG_POOL_TIMEOUT);
        throw translate(error, waited);
      },
    );
  };
  return { pool, monitor: watch };
}

/**
 * A stand-in for the PGlite client that drizzle uses: `query` and `transaction` run one at a
 * time through a FIFO queue whose waiters give up after `queueTimeoutMs`, over the batched wire
 * path of pglite-wire.ts (one call into PGlite per statement, statements prepared once).
 */
export function gatePglite(client: PGlite, queueTimeoutMs: number): { client: PGlite; monitor: PoolMonitor } {
  const queue: Array<{ start: () => void; enqueued: number }> = [];
  let busy = false;
  const watch = monitor(1, () => queue.length);

  function release(): void {
    const next = queue.shift();
    if (next) next.start();
    else busy = false;
  }

  function run<T>(operation: () => Promise<T>): Promise<T> {
    if (!busy) {
      busy = true;
      watch.report(0, false);
      return operation().finally(release);
    }
    return new Promise<T>((resolve, reject) => {
      const enqueued = performance.now();
      const entry = {
        enqueued,
        start: () => {
          clearTimeout(timer);
          watch.report(performance.now() - enqueued, false);
          operation().then(resolve, reject).finally(release);
        },
      };
      const timer = setTimeout(() => {
        const index = queue.indexOf(entry);
        if (index !== -1) queue.splice(index, 1);
        const waited = performance.now() - enqueued;
        watch.report(waited, true);
        reject(new DatabaseBusyError(waited));
      }, queueTimeoutMs);
      timer.unref();
      queue.push(entry);
    });
  }

  const wire = pgliteWire(client);
  const gated = {
    query: (...args: Parameters<PGlite['query']>) => run(() => wire.query(...args)),
    transaction: <T>(fn: (tx: Transaction) => Promise<T>) => run(() => wire.transaction(fn)),
    exec: (...args: Parameters<PGlite['exec']>) => run(() => client.exec(...args)),
    get closed() {
      return client.closed;
    },
  };
  return { client: gated as unknown as PGlite, monitor: watch };
}
