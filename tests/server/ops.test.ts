/**
 * Operations: /healthz, /readyz, /metrics, database back-pressure (503 + Retry-After instead
 * of waiting without bound) and the graceful drain on SIGTERM.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { directMessages } from '../../server/db/schema';
import type { FastifyInstance } from 'fastify';
import { createLocalTransport, type LiveTransport } from '../../server/live/transport';
import { drain } from '../../server/ops/lifecycle';
import { BUSY_MESSAGE } from '../../server/errors';
import { createTestDatabase } from './db';
import { openSocket, startServer, type TestServer } from './helpers';
import { APP_PROTOCOL } from './sync/support';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.close();
});

describe('/healthz and /readyz', () => {
  it('are alive and ready', async () => {
    expect(await server.request('GET', '/healthz')).toMatchObject({ status: 200, body: { status: 'ok' } });
    expect(await server.request('GET', '/readyz')).toMatchObject({ status: 200, body: { status: 'ready' } });
  });

  it('readiness fails while the live bus is down, and says so', async () => {
    const down: LiveTransport = { ...createLocalTransport(), isUp: () => false };
    const own = await startServer({ liveTransport: down });
    try {
      expect(await own.request('GET', '/healthz')).toMatchObject({ status: 200 });
      expect(await own.request('GET', '/readyz')).toMatchObject({ status: 503, body: { message: 'Not ready: live bus down.' } });
    } finally {
      await own.close();
    }
  });
});

describe('/metrics', () => {
  it('serves Prometheus text to a local scraper: request durations by route, sockets, events', async () => {
    const { token } = await server.newUser('met');
    await server.request('GET', '/api/users/me', { token });
    const socket = await openSocket(`${server.wsUrl}/ws?token=${token}`);
    await server.request('PUT', '/api/users/me', { token, body: { displayName: 'Metered' } });
    await socket.next((m) => (m as { type?: string }).type === 'USER_UPDATED');
    const renames = ['Metered twice', 'Metered thrice'].map((displayName) => ({ id: crypto.randomUUID(), name: 'profile.update', args: { displayName } }));
    expect((await server.request('POST', '/api/sync/push', { token, headers: APP_PROTOCOL, body: { mutations: renames } })).status).toBe(200);
    const answer = await server.request('GET', '/metrics');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toContain('text/plain');
    expect(answer.text).toMatch(/podtable_http_request_duration_seconds_count\{method="GET",route="\/api\/users\/me",status_code="200"\} [1-9]/);
    expect(answer.text).toMatch(/^podtable_live_sockets 1$/m);
    expect(answer.text).toMatch(/^podtable_live_events_published_total [1-9]/m);
    expect(answer.text).toMatch(/^podtable_live_events_delivered_total [1-9]/m);
    expect(answer.text).toContain('podtable_db_pool_wait_seconds_bucket');
    expect(answer.text).toMatch(/^podtable_sync_pushes_total 2$/m);
    socket.socket.close(1000);
  });

  it('is refused through a proxy (X-Forwarded-For) without METRICS_TOKEN', async () => {
    const answer = await server.request('GET', '/metrics', { headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(answer.status).toBe(403);
    expect(answer.body).toEqual({ message: expect.stringContaining('METRICS_TOKEN') });
  });

  it('with METRICS_TOKEN needs that bearer token', async () => {
    const own = await startServer({ config: { metricsToken: 'scrape-secret' } });
    try {
      expect((await own.request('GET', '/metrics')).status).toBe(403);
      expect((await own.request('GET', '/metrics', { token: 'scrape-wrong' })).status).toBe(403);
      const answer = await own.request('GET', '/metrics', { token: 'scrape-secret' });
      expect(answer.status).toBe(200);
      expect(answer.text).toContain('podtable_live_sockets');
    } finally {
      await own.close();
    }
  });
});

/** Holds the only connection (PGlite, or a pool of one) for `ms`. */
function holdRoute(app: FastifyInstance) {
  app.post<{ Querystring: { ms: string } }>('/api/test/hold', { config: { public: true } }, async (request) => {
    await app.deps.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT 1`);
      await new Promise((resolve) => setTimeout(resolve, Number(request.query.ms)));
    });
    return { held: true };
  });
}

describe('database back-pressure', () => {
  it('a request that cannot get a connection within DB_QUEUE_TIMEOUT_MS is answered 503 + Retry-After, and later ones succeed', async () => {
    const database = await createTestDatabase({ poolSize: 1, queueTimeoutMs: 200 });
    const own = await startServer({ database, setup: holdRoute });
    try {
      const { token } = await own.newUser('bp');
      const { user: friend } = await own.newUser('bq');
      const holding = own.request('POST', '/api/test/hold?ms=1200');
      await new Promise((resolve) => setTimeout(resolve, 100));
      const started = Date.now();
      const busy = await own.request('GET', '/api/users/me', { token });
      expect(Date.now() - started).toBeLessThan(1000);
      expect(busy.status).toBe(503);
      expect(busy.headers.get('retry-after')).toBe('1');
      expect(busy.body).toEqual({ message: BUSY_MESSAGE });
      // A write is answered the same (a push of one: the one-statement path, run-alone.ts): the
      // client keeps it queued and sends it again, and nothing of it is stored.
      const write = { id: crypto.randomUUID(), name: 'dm.send', args: { id: crypto.randomUUID(), receiverId: friend.id, content: 'while busy' } };
      const pushed = await own.request('POST', '/api/sync/push', { token, headers: APP_PROTOCOL, body: { mutations: [write] } });
      expect(pushed.status).toBe(503);
      expect(pushed.body).toEqual({ message: BUSY_MESSAGE });
      // Busy is not unready: the database answered moments ago, so the process stays in the balancer.
      expect(await own.request('GET', '/readyz')).toMatchObject({ status: 200, body: { status: 'ready' } });
      expect((await holding).status).toBe(200);
      expect((await own.request('GET', '/api/users/me', { token })).status).toBe(200);
      expect((await own.request('GET', '/metrics')).text).toMatch(/^podtable_db_pool_timeouts_total 2$/m);
      expect(await own.database.db.select().from(directMessages).where(eq(directMessages.receiverId, friend.id))).toEqual([]);
    } finally {
      await own.close();
      await database.close();
    }
  });
});

describe('drain (SIGTERM)', () => {
  it('fails readiness, refuses new sockets and connections, closes sockets with 1012 spread over the window, finishes requests in flight', async () => {
    const own = await startServer({
      setup: (app) => {
        app.get('/api/test/slow', { config: { public: true } }, async () => {
          await new Promise((resolve) => setTimeout(resolve, 400));
          return { finished: true };
        });
      },
    });
    const { token } = await own.newUser('dr');
    const sockets = await Promise.all(Array.from({ length: 20 }, () => openSocket(`${own.wsUrl}/ws?token=${token}`)));
    const closedAt: number[] = [];
    const codes = Promise.all(sockets.map(async (s) => {
      const closed = await s.closed;
      closedAt.push(Date.now());
      return closed.code;
    }));
    const slow = own.request('GET', '/api/test/slow');
    await new Promise((resolve) => setTimeout(resolve, 50));
    const started = Date.now();
    const draining = drain(own.app, 600);
    expect(own.app.deps.lifecycle.draining).toBe(true);
    expect(await slow).toMatchObject({ status: 200, body: { finished: true } });
    await expect(fetch(`${own.url}/healthz`)).rejects.toThrow();
    expect(new Set(await codes)).toEqual(new Set([1012]));
    // Spread: the last close comes most of the window after the first.
    expect(Math.max(...closedAt) - Math.min(...closedAt)).toBeGreaterThan(300);
    expect(Math.min(...closedAt) - started).toBeLessThan(300);
    await draining;
    await own.close();
  });

  it('while draining, /readyz answers 503 and a socket upgrade is refused with 503 on connections still open', async () => {
    const own = await startServer();
    try {
      own.app.deps.lifecycle.beginDrain();
      await own.app.deps.hub.drain(0);
      expect(await own.request('GET', '/readyz')).toMatchObject({ status: 503, body: { message: 'Not ready: draining.' } });
      const { token } = await own.newUser('dr2');
      await expect(openSocket(`${own.wsUrl}/ws?token=${token}`)).rejects.toThrow(/503/);
    } finally {
      await own.close();
    }
  });
});
