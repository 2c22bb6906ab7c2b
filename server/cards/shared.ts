/**
 * Where the card service keeps its request spacing and its cache: in this process (the
 * embedded default), or in Redis (REDIS_URL) so every process together stays under the card
 * service's 2 requests/s and shares one 24 h cache.
 *
 * Redis spacing is one Lua script run atomically on Redis's own clock (TIME), so processes on
 * machines with different clocks still leave REQUEST_SPACING_MS between their requests.
 */
import { createHash } from 'node:crypto';
import { redisKey, type RedisClient } from '../redis';

export interface RequestSpacing {
  /** Reserves the next free slot; resolves to how long to wait for it (ms), or -1 when that is over `maxWaitMs`. */
  reserve(spacingMs: number, maxWaitMs: number): Promise<number>;
  /** No slot before `pauseMs` from now (the card service answered 429). */
  pause(pauseMs: number): Promise<void>;
}

export interface CardCache {
  get(url: string): Promise<{ value: unknown } | undefined>;
  set(url: string, value: unknown, ttlMs: number): Promise<void>;
}

export function memorySpacing(): RequestSpacing {
  /** Real-clock time before which no request may start. */
  let nextSlot = 0;
  return {
    async reserve(spacingMs, maxWaitMs) {
      const now = Date.now();
      const start = Math.max(now, nextSlot);
      if (start - now > maxWaitMs) return -1;
      nextSlot = start + spacingMs;
      return start - now;
    },
    async pause(pauseMs) {
      nextSlot = Math.max(nextSlot, Date.now() + pauseMs);
    },
  };
}

/** Oldest entries go first beyond `maxEntries`; expiry is judged by `now` (the server's clock, movable in tests). */
export function memoryCardCache(now: () => number, maxEntries: number): CardCache {
  const cache = new Map<string, { expires: number; value: unknown }>();
  return {
    async get(url) {
      const hit = cache.get(url);
      if (hit && hit.expires > now()) return { value: hit.value };
      if (hit) cache.delete(url);
      return undefined;
    },
    async set(url, value, ttlMs) {
      cache.set(url, { expires: now() + ttlMs, value });
      while (cache.size > maxEntries) cache.delete(cache.keys().next().value!);
    },
  };
}

const RESERVE_SCRIPT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local nextSlot = tonumber(redis.call('GET', KEYS[1]) or '0')
local start = math.max(now, nextSlot)
if start - now > tonumber(ARGV[2]) then return -1 end
redis.call('SET', KEYS[1], start + tonumber(ARGV[1]), 'PX', start - now + tonumber(ARGV[1]) + 60000)
return start - now`;

const PAUSE_SCRIPT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local nextSlot = tonumber(redis.call('GET', KEYS[1]) or '0')
local until = math.max(nextSlot, now + tonumber(ARGV[1]))
redis.call('SET', KEYS[1], until, 'PX', until - now + 60000)
return until - now`;

export function redisSpacing(client: RedisClient, prefix: string): RequestSpacing {
  const key = redisKey(prefix, 'cards', 'next-slot');
  return {
    async reserve(spacingMs, maxWaitMs) {
      return Number(await client.eval(RESERVE_SCRIPT, 1, key, String(spacingMs), String(maxWaitMs)));
    },
    async pause(pauseMs) {
      await client.eval(PAUSE_SCRIPT, 1, key, String(pauseMs));
    },
  };
}

/** Keys are a hash of the upstream URL (URLs can be long); values are JSON with Redis's own expiry. */
export function redisCardCache(client: RedisClient, prefix: string): CardCache {
  const keyOf = (url: string) => redisKey(prefix, 'cards', 'cache', createHash('sha256').update(url).digest('base64url'));
  return {
    async get(url) {
      const text = await client.get(keyOf(url));
      return text === null ? undefined : { value: JSON.parse(text) as unknown };
    },
    async set(url, value, ttlMs) {
      await client.set(keyOf(url), JSON.stringify(value), 'PX', ttlMs);
    },
  };
}
