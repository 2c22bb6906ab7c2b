/**
 * Picks the store for rate-limit counters (store.ts): Redis when REDIS_URL is set, else
 * PostgreSQL when the database is a PostgreSQL pool, else process memory (embedded default).
 *
 * On PostgreSQL the counters get their own LIMIT_POOL_SIZE connections with
 * `synchronous_commit = off`: a counter's upsert is its own transaction, and waiting for its WAL
 * flush (an fsync per counted write, two per REST write) was most of a write's time. A
 * PostgreSQL crash may forget the last fraction of a second of counting (at most
 * wal_writer_delay × 3); the data's own commits stay synchronous, and the counters themselves are
 * still shared by every process.
 */
import { Redis } from 'ioredis';
import pg from 'pg';
import type { Db } from '../db/types';
import type { LimitBackend } from './store';

/** Connections of the counters' own pool (a write counts its address and its user at once). */
export const LIMIT_POOL_SIZE = 2;

export interface OpenedBackend {
  backend: LimitBackend;
  close(): Promise<void>;
}

interface BackendLog {
  warn(obj: object, msg: string): void;
}

export function openLimitBackend(options: { redisUrl?: string; db: Db; log: BackendLog }): OpenedBackend {
  if (options.redisUrl) {
    const client = new Redis(options.redisUrl, {
      // A command waits for at most one reconnect; meanwhile the in-memory insurance limiter answers.
      maxRetriesPerRequest: 1,
      enableOfflineQueue: false,
      lazyConnect: false,
    });
    // Without a listener an unreachable Redis is an unhandled 'error' event.
    client.on('error', (error: Error) => options.log.warn({ err: { message: error.message } }, 'rate-limit Redis error'));
    return { backend: { kind: 'redis', client }, close: async () => void client.disconnect() };
  }
  const client = (options.db as { $client?: unknown }).$client;
  if (client instanceof pg.Pool) {
    const pool = new pg.Pool({ ...client.options, max: LIMIT_POOL_SIZE, options: '-c synchronous_commit=off' });
    // Without a listener an idle client's error (PostgreSQL restarted) crashes the process.
    pool.on('error', (error: Error) => options.log.warn({ err: { message: error.message } }, 'rate-limit PostgreSQL pool error'));
    return { backend: { kind: 'postgres', pool }, close: () => pool.end() };
  }
  return { backend: { kind: 'memory' }, close: async () => undefined };
}
