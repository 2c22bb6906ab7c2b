/**
 * The one place an ioredis client is made (REDIS_URL). Every user of Redis — live bus,
 * rate limits, live-ticket single use, the card service's spacing and cache — takes its
 * client from `createRedisClient`, so they behave alike:
 * - an `error` listener is always attached (without one a Redis restart crashes the process);
 * - it reconnects by itself, 100 ms doubling to RECONNECT_MAX_MS; a subscriber resubscribes
 *   by itself (ioredis `autoResubscribe`);
 * - a command made while Redis is away waits in ioredis's offline queue for at most
 *   COMMAND_TIMEOUT_MS and then fails, so a request never hangs on a dead Redis.
 * Keys and channels are named with `redisKey(prefix, …)`: REDIS_PREFIX lets deployments and
 * test runs share one Redis without seeing each other.
 */
import { Redis, type RedisOptions } from 'ioredis';

export const RECONNECT_MAX_MS = 5000;
/** Longest a single Redis command may take (including waiting for a reconnect) before it fails. */
export const COMMAND_TIMEOUT_MS = 2000;

export interface RedisLog {
  warn(obj: object, msg: string): void;
}

export type RedisClient = Redis;

export function createRedisClient(url: string, role: string, log?: RedisLog, overrides: RedisOptions = {}): Redis {
  const client = new Redis(url, {
    connectionName: `podtable-${role}`,
    retryStrategy: (times) => Math.min(RECONNECT_MAX_MS, 100 * 2 ** Math.min(times, 10)),
    // Retried once per reconnect: with commandTimeout this bounds how long a caller waits.
    maxRetriesPerRequest: 3,
    commandTimeout: COMMAND_TIMEOUT_MS,
    enableAutoPipelining: true,
    lazyConnect: false,
    ...overrides,
  });
  let lastLogged = 0;
  client.on('error', (error: Error) => {
    // One line per 5 s at most: a Redis that is down reports an error on every retry.
    if (Date.now() - lastLogged < 5000) return;
    lastLogged = Date.now();
    log?.warn({ err: { message: error.message }, role }, 'Redis connection error');
  });
  return client;
}

export function redisKey(prefix: string, ...parts: string[]): string {
  return prefix + parts.join(':');
}

/** Resolves when the client is ready, rejects after `timeoutMs`. */
export async function redisReady(client: Redis, timeoutMs = 5000): Promise<void> {
  if (client.status === 'ready') return;
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      cleanup();
      reject(new Error(`Redis not ready after ${timeoutMs} ms (status ${client.status})`));
    }, timeoutMs);
    const onReady = () => {
      cleanup();
      resolve();
    };
    const cleanup = () => {
      clearTimeout(timer);
      client.off('ready', onReady);
    };
    client.on('ready', onReady);
  });
}
