/**
 * Where rate-limit counters live (rate-limiter-flexible):
 * - in process memory on the embedded default (one process owns the data folder anyway);
 * - in PostgreSQL's `rate_limits` table when the database is PostgreSQL, so every server
 *   process counts together;
 * - in Redis when REDIS_URL is set (preferred over PostgreSQL: a counter is one round trip).
 * A store-backed limiter blocks a key in memory once it is over its limit (inMemoryBlockOnConsumed),
 * so a flood is refused without a store round trip per request; and it falls back to an
 * in-memory twin when the store fails (insuranceLimiter), so a Redis or PostgreSQL hiccup
 * never turns into a 500 or an open door.
 */
import type { Redis } from 'ioredis';
import type pg from 'pg';
import { BurstyRateLimiter, RateLimiterMemory, RateLimiterPostgres, RateLimiterRedis, type RateLimiterAbstract } from 'rate-limiter-flexible';

export type LimitBackend = { kind: 'memory' } | { kind: 'postgres'; pool: pg.Pool } | { kind: 'redis'; client: Redis };

export interface LimitSpec {
  points: number;
  durationSeconds: number;
  /** Extra points taken only when the window's own are spent (BurstyRateLimiter), counted in their own window. */
  burst?: { points: number; durationSeconds: number };
}

/** The table RateLimiterPostgres expects (server/db/schema/limits.ts creates it by migration). */
export const RATE_LIMIT_TABLE = 'rate_limits';

export function createLimiter(backend: LimitBackend, name: string, spec: LimitSpec): RateLimiterAbstract {
  if (spec.burst) {
    // Same interface for what Limiter uses (consume, get); a refusal carries the earlier of the two windows' ends.
    return new BurstyRateLimiter(createLimiter(backend, name, { points: spec.points, durationSeconds: spec.durationSeconds }), createLimiter(backend, `${name}-burst`, spec.burst)) as unknown as RateLimiterAbstract;
  }
  const base = { keyPrefix: `pt:${name}`, points: spec.points, duration: spec.durationSeconds };
  if (backend.kind === 'memory') return new RateLimiterMemory(base);
  const shared = { ...base, inMemoryBlockOnConsumed: spec.points + 1, insuranceLimiter: new RateLimiterMemory(base) };
  if (backend.kind === 'redis') return new RateLimiterRedis({ ...shared, storeClient: backend.client, rejectIfRedisNotReady: true });
  return new RateLimiterPostgres({
    ...shared,
    storeClient: backend.pool,
    storeType: 'pool',
    tableName: RATE_LIMIT_TABLE,
    tableCreated: true,
    // Expired rows are purged by server/limits/purge.ts once for all limiters, not by a timer in each.
    clearExpiredByTimeout: false,
  });
}
