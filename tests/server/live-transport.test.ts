/**
 * The live bus contract (server/live/transport.ts), run on each transport this machine has:
 * in-process always; PostgreSQL LISTEN/NOTIFY with TEST_DATABASE_URL; Redis pub/sub with
 * TEST_REDIS_URL. Two transports stand for two server processes (each has its own
 * connections and instance id), so a message reaches the other only through the bus.
 */
import net from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { withDefaultUser, type Database } from '../../server/db/open';
import { createPostgresTransport, listenerName, type PostgresTransport } from '../../server/live/pg-transport';
import { createRedisTransport, type RedisTransport } from '../../server/live/redis-transport';
import { createLocalTransport, type LiveBusMessage, type LiveTransport } from '../../server/live/transport';
import { createPublishQueue } from '../../server/live/publish-queue';
import { TEST_DATABASE_URL, createTestDatabase } from './db';
import { TEST_REDIS_URL, dropPrefix, killRedisConnection, testPrefix } from './redis';
import { waitFor } from './social/support';

const quietLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

interface Peer {
  transport: LiveTransport;
  received: LiveBusMessage[];
  gaps: string[];
}

function peer(transport: LiveTransport): Peer {
  const result: Peer = { transport, received: [], gaps: [] };
  transport.onMessage((message) => result.received.push(message));
  transport.onGap((reason) => result.gaps.push(reason));
  return result;
}

const event = (n: number, data = `{"n":${n}}`): LiveBusMessage => ({ kind: 'event', userIds: ['u1', 'u2'], data, position: n });

describe('in-process transport', () => {
  it('hands a message to its handlers at once, exactly once, and is always up', async () => {
    const one = peer(createLocalTransport());
    one.transport.publish(event(1));
    expect(one.received).toEqual([event(1)]);
    expect(one.transport.isUp()).toBe(true);
    await one.transport.close();
  });
});

interface CrossProcessBus {
  name: string;
  enabled: boolean;
  /** Two processes on the same bus. */
  pair(): Promise<[Peer, Peer]>;
  /** Cuts the receiving connection of this peer from the server side. */
  cut(p: Peer): Promise<void>;
  cleanup(): Promise<void>;
}

let database: Database | undefined;
let databaseUrl = '';
const prefix = testPrefix();

const buses: CrossProcessBus[] = [
  {
    name: 'PostgreSQL LISTEN/NOTIFY',
    enabled: Boolean(TEST_DATABASE_URL),
    async pair() {
      if (!database) {
        database = await createTestDatabase();
        const rows = (await database.db.execute(sql`SELECT current_database() AS name`)) as unknown as { rows: Array<{ name: string }> };
        const url = new URL(withDefaultUser(TEST_DATABASE_URL!));
        url.pathname = `/${rows.rows[0]!.name}`;
        databaseUrl = url.toString();
      }
      const make = async () => peer(await createPostgresTransport({ url: databaseUrl, db: database!.db, log: quietLog, livenessIntervalMs: 200, livenessTimeoutMs: 500 }));
      return [await make(), await make()];
    },
    async cut(p) {
      const name = listenerName((p.transport as PostgresTransport).instanceId);
      await database!.db.execute(sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = ${name}`);
    },
    async cleanup() {
      await database?.close();
    },
  },
  {
    name: 'Redis pub/sub',
    enabled: Boolean(TEST_REDIS_URL),
    async pair() {
      const make = async () => peer(await createRedisTransport({ url: TEST_REDIS_URL!, prefix, log: quietLog, livenessIntervalMs: 200 }));
      return [await make(), await make()];
    },
    async cut(p) {
      await killRedisConnection((p.transport as RedisTransport).clients.subscriber);
    },
    async cleanup() {
      await dropPrefix(prefix);
    },
  },
];

afterAll(async () => {
  for (const bus of buses) if (bus.enabled) await bus.cleanup();
});

for (const bus of buses) {
  describe.skipIf(!bus.enabled)(`${bus.name} transport`, () => {
    it('delivers to its own process at once and to the other process once, in publish order, fields untouched', async () => {
      const [a, b] = await bus.pair();
      try {
        expect(a.transport.isUp() && b.transport.isUp()).toBe(true);
        for (let n = 0; n < 200; n++) a.transport.publish(event(n));
        expect(a.received).toHaveLength(200);
        await waitFor(() => b.received.length >= 200, 10_000);
        expect(b.received).toEqual(Array.from({ length: 200 }, (_, n) => event(n)));
        // Neither hears its own message twice, nor the other's once more.
        b.transport.publish(event(999));
        await waitFor(() => a.received.length === 201, 10_000);
        await new Promise((resolve) => setTimeout(resolve, 100));
        expect(a.received).toHaveLength(201);
        expect(b.received).toHaveLength(201);
        expect(a.gaps).toEqual([]);
      } finally {
        await a.transport.close();
        await b.transport.close();
      }
    });

    it('carries a message far over NOTIFY’s 8000 bytes, in order with the ones around it', async () => {
      const [a, b] = await bus.pair();
      try {
        const big = event(2, JSON.stringify({ content: 'é'.repeat(20_000) }));
        a.transport.publish(event(1));
        a.transport.publish(big);
        a.transport.publish(event(3));
        await waitFor(() => b.received.length >= 3, 10_000);
        expect(b.received).toEqual([event(1), big, event(3)]);
      } finally {
        await a.transport.close();
        await b.transport.close();
      }
    });

    it('after its receiving connection is cut: down, reconnects, reports a gap, and delivers again', async () => {
      const [a, b] = await bus.pair();
      try {
        await bus.cut(b);
        await waitFor(() => b.gaps.length === 1, 20_000);
        expect(b.transport.isUp()).toBe(true);
        expect(a.gaps).toEqual([]);
        a.transport.publish(event(7));
        await waitFor(() => b.received.some((m) => (m as { position?: number }).position === 7), 10_000);
      } finally {
        await a.transport.close();
        await b.transport.close();
      }
    });

    it('reports itself down after close', async () => {
      const [a, b] = await bus.pair();
      await a.transport.close();
      await b.transport.close();
      expect(a.transport.isUp()).toBe(false);
    });
  });
}

/** A TCP relay to PostgreSQL whose existing connections can be made to swallow everything (a half-open link). */
async function blackHoleRelay(target: URL): Promise<{ port: number; swallowExisting(): void; close(): Promise<void> }> {
  const links: Array<{ dead: boolean }> = [];
  const sockets: net.Socket[] = [];
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    const link = { dead: false };
    links.push(link);
    sockets.push(client, upstream);
    client.on('data', (chunk) => void (link.dead || upstream.write(chunk)));
    upstream.on('data', (chunk) => void (link.dead || client.write(chunk)));
    for (const socket of [client, upstream]) socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    swallowExisting: () => links.forEach((link) => (link.dead = true)),
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

describe.skipIf(!TEST_DATABASE_URL)('PostgreSQL LISTEN liveness', () => {
  it('a LISTEN connection that silently stops answering is found by the liveness check, replaced, and reported as a gap', async () => {
    const [a] = await buses[0]!.pair();
    await a.transport.close();
    const target = new URL(databaseUrl);
    const relay = await blackHoleRelay(target);
    const viaRelay = new URL(databaseUrl);
    viaRelay.hostname = '127.0.0.1';
    viaRelay.port = String(relay.port);
    const sender = peer(await createPostgresTransport({ url: databaseUrl, db: database!.db, log: quietLog }));
    const listener = peer(await createPostgresTransport({ url: viaRelay.toString(), db: database!.db, log: quietLog, livenessIntervalMs: 200, livenessTimeoutMs: 300 }));
    try {
      relay.swallowExisting();
      sender.transport.publish(event(1));
      await waitFor(() => listener.gaps.length === 1, 10_000);
      expect(listener.received).toEqual([]);
      sender.transport.publish(event(2));
      await waitFor(() => listener.received.length === 1, 10_000);
      expect(listener.received).toEqual([event(2)]);
    } finally {
      await sender.transport.close();
      await listener.transport.close();
      await relay.close();
    }
  });
});

describe('publish queue (shared by the PostgreSQL and Redis transports)', () => {
  it('retries a failed publish in order until it succeeds', async () => {
    const sent: number[] = [];
    let failuresLeft = 3;
    const queue = createPublishQueue<number>({
      send: async (n) => {
        if (n === 2 && failuresLeft-- > 0) throw new Error('bus away');
        sent.push(n);
      },
      gapNotice: () => -1,
      log: quietLog,
      retryMinMs: 5,
    });
    for (const n of [1, 2, 3, 4]) queue.push(n);
    await waitFor(() => sent.length === 4);
    expect(sent).toEqual([1, 2, 3, 4]);
    await queue.close(100);
  });

  it('starts sending after the turn that published (the request writes its answer first), in publish order', async () => {
    const sent: number[] = [];
    const queue = createPublishQueue<number>({ send: async (n) => void sent.push(n), gapNotice: () => -1, log: quietLog });
    queue.push(1);
    queue.push(2);
    await Promise.resolve();
    expect(sent).toEqual([]);
    await waitFor(() => sent.length === 2);
    expect(sent).toEqual([1, 2]);
    await queue.close(100);
  });

  it('beyond its backlog gives messages up and sends a gap notice right after the message it was retrying', async () => {
    const sent: number[] = [];
    let up = false;
    let attempts = 0;
    const queue = createPublishQueue<number>({
      send: async (n) => {
        attempts += 1;
        if (!up) throw new Error('bus away');
        sent.push(n);
      },
      gapNotice: () => -1,
      log: quietLog,
      maxPending: 3,
      retryMinMs: 5,
    });
    queue.push(1);
    // Sends start after the turn that published (the answer goes out first): wait until 1 is being retried.
    await waitFor(() => attempts > 0);
    for (const n of [2, 3, 4, 5]) queue.push(n);
    expect(queue.pending).toBe(3);
    up = true;
    await waitFor(() => sent.length === 4);
    expect(sent).toEqual([1, -1, 2, 3]);
    await queue.close(100);
  });
});
