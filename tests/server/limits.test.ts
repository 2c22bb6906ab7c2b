/**
 * Per-user and per-address write limits (server/limits): 429 with Retry-After, nothing stored
 * beyond the limit, other users unaffected; sockets per user; the store follows the database
 * (memory on PGlite, the rate_limits table on PostgreSQL) or Redis (TEST_REDIS_URL).
 */
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { LiveCloseCode } from '../../src/contract/live';
import { directMessages, rateLimits } from '../../server/db/schema';
import { LimitText, type LimitOverrides } from '../../server/limits';
import { writeKindFor } from '../../server/limits/policies';
import { DB_KIND } from './db';
import { openSocket, startServer, type StartOptions, type TestServer } from './helpers';

const TEST_REDIS_URL = process.env.TEST_REDIS_URL?.trim() || undefined;
const opened: TestServer[] = [];
afterAll(async () => {
  await Promise.all(opened.map((server) => server.close()));
});

async function limitedServer(writes: LimitOverrides['writes'], options: StartOptions = {}): Promise<TestServer> {
  const server = await startServer({ ...options, rateLimits: { scale: 1, writes }, config: { trustProxy: true, ...options.config } });
  opened.push(server);
  return server;
}

/** A fresh address per test: Redis and PostgreSQL counters outlive a test server. */
const address = () => `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${randomBytes(1)[0]! % 250 + 1}`;

async function sendDm(server: TestServer, token: string, receiverId: string, ip: string, content = 'hi') {
  return server.request('POST', '/api/direct-messages/send', { token, body: { receiverId, content }, headers: { 'x-forwarded-for': ip } });
}

describe('write limits', () => {
  it('a user over the message limit gets 429 with Retry-After; nothing more is stored; others still send', async () => {
    const server = await limitedServer({ message: { perUser: { points: 3, durationSeconds: 60 }, perIp: { points: 1000, durationSeconds: 60 } } });
    const [flooder, victim, other] = await Promise.all([server.newUser('fl'), server.newUser('vi'), server.newUser('ot')]);
    const ip = address();
    for (let i = 0; i < 3; i += 1) expect((await sendDm(server, flooder.token, victim.user.id, ip)).status).toBe(201);
    const refused = await sendDm(server, flooder.token, victim.user.id, ip);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ message: LimitText.tooManyWrites });
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    const stored = await server.database.db.select().from(directMessages).where(eq(directMessages.senderId, flooder.user.id));
    expect(stored).toHaveLength(3);
    // Another user from the same address has a budget of their own.
    expect((await sendDm(server, other.token, victim.user.id, ip)).status).toBe(201);
    // Reads are not writes.
    expect((await server.request('GET', '/api/direct-messages', { token: flooder.token })).status).toBe(200);
  });

  it('two tokens of one user share one budget', async () => {
    const server = await limitedServer({ message: { perUser: { points: 3, durationSeconds: 60 }, perIp: { points: 1000, durationSeconds: 60 } } });
    const [me, you] = await Promise.all([server.newUser('two'), server.newUser('you')]);
    const second = await server.login(me.username, me.password);
    const ip = address();
    expect((await sendDm(server, me.token, you.user.id, ip)).status).toBe(201);
    expect((await sendDm(server, second.token, you.user.id, ip)).status).toBe(201);
    expect((await sendDm(server, me.token, you.user.id, ip)).status).toBe(201);
    expect((await sendDm(server, second.token, you.user.id, ip)).status).toBe(429);
  });

  it('a flood from a token nobody knows is refused by its credential budget before any lookup; a known token counts against its user', async () => {
    const server = await limitedServer({ message: { perUser: { points: 3, durationSeconds: 60 }, perIp: { points: 1000, durationSeconds: 60 } } });
    const [me, you] = await Promise.all([server.newUser('kn'), server.newUser('kn2')]);
    const ip = address();
    const unknown = randomBytes(32).toString('base64url');
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) statuses.push((await sendDm(server, unknown, you.user.id, ip)).status);
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
    // The known token: the cache holds it after its first use, and the user's budget still ends at 3.
    const sent: number[] = [];
    for (let i = 0; i < 4; i += 1) sent.push((await sendDm(server, me.token, you.user.id, ip)).status);
    expect(sent).toEqual([201, 201, 201, 429]);
  });

  it('one address creating accounts is limited per address; another address is not', async () => {
    const server = await limitedServer({ register: { perIp: { points: 2, durationSeconds: 3600 } } });
    const ip = address();
    const register = (from: string) =>
      server.request('POST', '/api/users', {
        body: { email: `${randomBytes(4).toString('hex')}@example.com`, username: `r${randomBytes(4).toString('hex')}`, password: 'password1' },
        headers: { 'x-forwarded-for': from },
      });
    expect((await register(ip)).status).toBe(202);
    expect((await register(ip)).status).toBe(202);
    const refused = await register(ip);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3000);
    expect((await register(address())).status).toBe(202);
  });

  it('every write route has a limit of its kind, reads have none', () => {
    expect(writeKindFor('POST', '/api/direct-messages/send', { auth: true })).toBe('message');
    expect(writeKindFor('POST', '/api/pods/:id/messages', { auth: true })).toBe('message');
    expect(writeKindFor('POST', '/api/friends/send-request', { auth: true })).toBe('friendRequest');
    expect(writeKindFor('POST', '/api/pods/:id/invite', { auth: true })).toBe('podInvite');
    expect(writeKindFor('POST', '/api/games', { auth: true })).toBe('game');
    expect(writeKindFor('POST', '/api/games/:id/increments', { auth: true })).toBe('gameChange');
    expect(writeKindFor('POST', '/api/users/avatar', { auth: true })).toBe('upload');
    expect(writeKindFor('POST', '/api/users', undefined)).toBe('register');
    expect(writeKindFor('DELETE', '/api/decks/:id', { auth: true })).toBe('write');
    expect(writeKindFor('GET', '/api/pods', { auth: true })).toBeUndefined();
    expect(writeKindFor('POST', '/api/users/login', undefined)).toBeUndefined();
    expect(writeKindFor('POST', '/api/anything', { auth: true, limit: 'upload' })).toBe('upload');
  });
});

describe('live sockets', () => {
  it('a user opening sockets too fast gets close 4429; others connect', async () => {
    const server = await limitedServer({ socket: { perUser: { points: 2, durationSeconds: 60 }, perIp: { points: 1000, durationSeconds: 60 } } });
    const [me, other] = await Promise.all([server.newUser('so'), server.newUser('so2')]);
    const first = await openSocket(`${server.wsUrl}/ws?token=${me.token}`);
    const second = await openSocket(`${server.wsUrl}/ws?token=${me.token}`);
    const third = await openSocket(`${server.wsUrl}/ws?token=${me.token}`);
    expect(await third.closed).toEqual({ code: LiveCloseCode.tooMany, reason: 'too many connections' });
    const theirs = await openSocket(`${server.wsUrl}/ws?token=${other.token}`);
    expect(theirs.socket.readyState).toBe(theirs.socket.OPEN);
    for (const socket of [first, second, theirs]) socket.socket.close(1000);
  });

  it('at most 20 open sockets per user (the issue saw one user hold 1,000)', async () => {
    const server = await limitedServer({ socket: { perUser: { points: 1000, durationSeconds: 60 }, perIp: { points: 1000, durationSeconds: 60 } } });
    const me = await server.newUser('many');
    const sockets = [];
    for (let i = 0; i < 20; i += 1) sockets.push(await openSocket(`${server.wsUrl}/ws?token=${me.token}`));
    expect(sockets.every((s) => s.socket.readyState === s.socket.OPEN)).toBe(true);
    const extra = await openSocket(`${server.wsUrl}/ws?token=${me.token}`);
    expect((await extra.closed).code).toBe(LiveCloseCode.tooMany);
    sockets[0]!.socket.close(1000);
    await sockets[0]!.closed;
    await expect.poll(() => server.app.deps.hub.connectionCount(me.user.id)).toBe(19);
    const again = await openSocket(`${server.wsUrl}/ws?token=${me.token}`);
    expect(again.socket.readyState).toBe(again.socket.OPEN);
    for (const socket of [...sockets.slice(1), again]) socket.socket.close(1000);
  });
});

describe('stores', () => {
  it(`counts in the store that fits the database (${DB_KIND})`, async () => {
    const server = await limitedServer({ message: { perUser: { points: 1, durationSeconds: 60 }, perIp: { points: 1000, durationSeconds: 60 } } });
    const [me, you] = await Promise.all([server.newUser('st'), server.newUser('st2')]);
    expect(server.app.deps.limits.backend.kind).toBe(DB_KIND === 'postgres' ? 'postgres' : 'memory');
    const ip = address();
    expect((await sendDm(server, me.token, you.user.id, ip)).status).toBe(201);
    expect((await sendDm(server, me.token, you.user.id, ip)).status).toBe(429);
    const rows = await server.database.db.select().from(rateLimits).where(sql`${rateLimits.key} LIKE ${`pt:w-message-user:user:${me.user.id}`}`);
    expect(rows).toHaveLength(DB_KIND === 'postgres' ? 1 : 0);
  });

  it.skipIf(DB_KIND !== 'postgres')('on PostgreSQL a write takes a lease of a tenth of the budget from the shared counter, and spends the rest in memory', async () => {
    const server = await limitedServer({ message: { perUser: { points: 100, durationSeconds: 60 }, perIp: { points: 1000, durationSeconds: 60 } } });
    const [me, you] = await Promise.all([server.newUser('ls'), server.newUser('ls2')]);
    const ip = address();
    const stored = async (key: string) => (await server.database.db.select().from(rateLimits).where(eq(rateLimits.key, key)))[0]?.points;
    expect((await sendDm(server, me.token, you.user.id, ip)).status).toBe(201);
    expect(await stored(`pt:w-message-user:user:${me.user.id}`)).toBe(10);
    expect(await stored(`pt:w-message-ip:${ip}`)).toBe(10);
    for (let i = 0; i < 10; i++) expect((await sendDm(server, me.token, you.user.id, ip)).status).toBe(201);
    expect(await stored(`pt:w-message-user:user:${me.user.id}`)).toBe(20);
    expect(await server.database.db.$count(directMessages, eq(directMessages.senderId, me.user.id))).toBe(11);
  });

  it.skipIf(!TEST_REDIS_URL)('counts in Redis when it is configured, shared by two server processes', async () => {
    const clients = [new Redis(TEST_REDIS_URL!), new Redis(TEST_REDIS_URL!)];
    try {
      // Sign-ups come from 127.0.0.1, and Redis keeps their count past this run (10 an hour
      // by default): every run on the same Redis would eat the hour's budget.
      const writes = {
        message: { perUser: { points: 2, durationSeconds: 60 }, perIp: { points: 1000, durationSeconds: 60 } },
        register: { perIp: { points: 100_000, durationSeconds: 1 } },
      };
      const a = await limitedServer(writes, { limitBackend: { kind: 'redis', client: clients[0]! } });
      const b = await limitedServer(writes, { limitBackend: { kind: 'redis', client: clients[1]! }, database: a.database });
      const [me, you] = await Promise.all([a.newUser('rd'), a.newUser('rd2')]);
      const ip = address();
      expect((await sendDm(a, me.token, you.user.id, ip)).status).toBe(201);
      expect((await sendDm(b, me.token, you.user.id, ip)).status).toBe(201);
      expect((await sendDm(a, me.token, you.user.id, ip)).status).toBe(429);
      expect(await clients[0]!.exists(`pt:w-message-user:user:${me.user.id}`)).toBe(1);
    } finally {
      for (const client of clients) client.disconnect();
    }
  });

  it('a store that is down falls back to counting in memory: no 500, limits still hold', async () => {
    const broken = new Redis('redis://127.0.0.1:1', { maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: true, retryStrategy: () => null });
    broken.on('error', () => undefined);
    try {
      const server = await limitedServer(
        { message: { perUser: { points: 2, durationSeconds: 60 }, perIp: { points: 1000, durationSeconds: 60 } } },
        { limitBackend: { kind: 'redis', client: broken } },
      );
      const [me, you] = await Promise.all([server.newUser('dn'), server.newUser('dn2')]);
      const ip = address();
      expect((await sendDm(server, me.token, you.user.id, ip)).status).toBe(201);
      expect((await sendDm(server, me.token, you.user.id, ip)).status).toBe(201);
      expect((await sendDm(server, me.token, you.user.id, ip)).status).toBe(429);
      expect(server.logText()).not.toMatch(/"statusCode":500/);
    } finally {
      broken.disconnect();
    }
  });
});
