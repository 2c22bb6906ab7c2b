/**
 * State several server processes must share: the card service's request spacing and cache in
 * Redis (the login brake and write limits: tests/server/limits.test.ts).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { createCardService } from '../../server/cards/service';
import { redisCardCache, redisSpacing } from '../../server/cards/shared';
import { createRedisClient } from '../../server/redis';
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
      const queries = ['atra', 'tymna', 'horde', 'esika'];
      await Promise.all(queries.map((q, i) => services[i % 2]!.searchCommanders(q, false)));
      const times = fake.requests.map((r) => r.at).sort((x, y) => x - y);
      expect(times).toHaveLength(4);
      // Spacing is kept when requests leave; their arrival can be late by a scheduling hiccup, so
      // the three gaps together are checked, with room for one late first arrival.
      expect(times[3]! - times[0]!).toBeGreaterThanOrEqual(3 * spacingMs - 60);
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
