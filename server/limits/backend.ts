/**
 * Picks the store for rate-limit counters (store.ts): Redis when REDIS_URL is set, else
 * PostgreSQL when the database is a PostgreSQL pool, else process memory (embedded default).
 */
import { Redis } from 'ioredis';
import pg from 'pg';
import type { Db } from '../db/types';
import type { LimitBackend } from './store';

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
  if (client instanceof pg.Pool) return { backend: { kind: 'postgres', pool: client }, close: async () => undefined };
  return { backend: { kind: 'memory' }, close: async () => undefined };
}
