/**
 * Rate-limit counters shared by every server process on PostgreSQL (server/limits/store.ts).
 * The shape is rate-limiter-flexible's RateLimiterPostgres table: key = "<limiter>:<subject>",
 * points used in the window, expire = epoch milliseconds. Unused on the embedded database,
 * where counters live in memory.
 */
import { bigint, index, integer, pgTable, varchar } from 'drizzle-orm/pg-core';

export const rateLimits = pgTable(
  'rate_limits',
  {
    key: varchar('key', { length: 255 }).primaryKey(),
    points: integer('points').notNull().default(0),
    expire: bigint('expire', { mode: 'number' }),
  },
  (t) => [index('rate_limits_expire_idx').on(t.expire)],
);
