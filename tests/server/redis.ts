/**
 * Redis for the server tests: TEST_REDIS_URL (CI sets it when Redis answers). Every test gets
 * its own key prefix, so runs (and other people's runs on the same Redis) never meet, and
 * `dropPrefix` deletes what a test left behind.
 */
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';

export const TEST_REDIS_URL = process.env.TEST_REDIS_URL?.trim() || undefined;

export function testPrefix(): string {
  return `podtable-test-${randomBytes(5).toString('hex')}:`;
}

export async function dropPrefix(prefix: string): Promise<void> {
  if (!TEST_REDIS_URL) return;
  const client = new Redis(TEST_REDIS_URL, { lazyConnect: false, maxRetriesPerRequest: 1 });
  try {
    let cursor = '0';
    do {
      const [next, keys] = await client.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      cursor = next;
      if (keys.length > 0) await client.del(...keys);
    } while (cursor !== '0');
  } finally {
    client.disconnect();
  }
}

/** Cuts a client's connection from the server side (CLIENT KILL by its address), as a Redis restart or a network cut would. */
export async function killRedisConnection(connection: Redis): Promise<void> {
  const port = connection.stream?.localPort;
  if (!port) throw new Error('connection has no socket');
  const admin = new Redis(TEST_REDIS_URL!, { maxRetriesPerRequest: 1 });
  try {
    await admin.client('KILL', 'ADDR', `127.0.0.1:${port}`);
  } finally {
    admin.disconnect();
  }
}
