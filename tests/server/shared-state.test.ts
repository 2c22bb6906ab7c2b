/**
 * State several server processes must share: the card service's request spacing and cache in
 * Redis (the login brake and write limits: tests/server/limits.test.ts).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { createCardService } from '../../server/cards/service';
import { redisCardCache, redisSpacing } from '../../server/cards/shared';
import { createRedisClient, redisKey } from '../../server/redis';
import { startCardService } from './card-service';
import { TEST_REDIS_URL, dropPrefix, testPrefix } from './redis';

const prefixes: string[] = [];
afterAll(async () => {
  for (const prefix of prefixes) await dropPrefix(prefix);
});

// The login brake and every write limit shared across processes: tests/server/limits.test.ts.

describe.skipIf(!TEST_REDIS_URL)('card service shared through Redis', () => {
  it('two processes together keep the spacing, and share one cache', async () => {
    const fake = await startCardService();
    const prefix = testPrefix();
    prefixes.push(prefix);
    const clients = [createRedisClient(TEST_REDIS_URL!, 'test-a'), createRedisClient(TEST_REDIS_URL!, 'test-b')];
    const spacingMs = 150;
    const services = clients.map((client) =>
      createCardService({ baseUrl: fake.url, userAgent: 'PodTable/test', spacingMs, spacing: redisSpacing(client, prefix), cache: redisCardCache(client, prefix) }),
    );
    try {
      const redisNowMs = async () => {
        const [seconds, micros] = await clients[0]!.time();
        return Number(seconds) * 1000 + Math.floor(Number(micros) / 1000);
      };
      const before = await redisNowMs();
      const queries = ['atra', 'tymna', 'horde', 'esika'];
      await Promise.all(queries.map((q, i) => services[i % 2]!.searchCommanders(q, false)));
      expect(fake.requests).toHaveLength(4);
      // The four requests, two from each process, took four consecutive slots of ONE schedule:
      // the shared next free slot (Redis time) lies at least four spacings after the start. Read
      // from Redis rather than from when requests arrived, which a busy machine can bunch up.
      const nextSlot = Number(await clients[0]!.get(redisKey(prefix, 'cards', 'next-slot')));
      expect(nextSlot - before).toBeGreaterThanOrEqual(4 * spacingMs);
      // Process B answers what process A asked from the shared cache, without the card service.
      const cached = await services[1]!.searchCommanders('atra', false);
      expect(cached.map((card) => card.name)).toEqual(["Atraxa, Praetors' Voice"]);
      expect(fake.requests).toHaveLength(4);
    } finally {
      for (const client of clients) client.disconnect();
      await fake.close();
    }
  });
});
