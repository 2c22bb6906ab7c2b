/**
 * Live tickets (POST /api/live/ticket, /ws?ticket=): a socket opens without a database round
 * trip and without the bearer token in its URL; a ticket works once, for a minute, for the
 * token it was issued for, on any process that shares the secret.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKEN_TTL_MS } from '../../src/contract/limits';
import type { LiveTicket } from '../../src/contract/live';
import type { User } from '../../src/contract/users';
import { createTicketBook } from '../../server/live/tickets';
import { createTestDatabase } from './db';
import { openSocket, startServer, type TestServer } from './helpers';
import { TEST_REDIS_URL, dropPrefix, testPrefix } from './redis';
import { ofType } from './social/support';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.close();
});

async function ticketFor(on: TestServer, token: string): Promise<LiveTicket> {
  const answer = await on.request<LiveTicket>('POST', '/api/live/ticket', { token });
  expect(answer.status).toBe(200);
  return answer.body;
}

const wsWithTicket = (on: TestServer, ticket: string) => openSocket(`${on.wsUrl}/ws/?ticket=${encodeURIComponent(ticket)}`);

describe('POST /api/live/ticket', () => {
  it('needs a bearer token', async () => {
    const answer = await server.request('POST', '/api/live/ticket');
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({ message: expect.any(String) });
  });

  it('gives a ticket valid for about a minute that opens a socket for that user', async () => {
    const { token, user, username, password } = await server.newUser('tk');
    const { ticket, expiresAt } = await ticketFor(server, token);
    expect(Date.parse(expiresAt) - Date.now()).toBeGreaterThan(50_000);
    expect(Date.parse(expiresAt) - Date.now()).toBeLessThanOrEqual(60_000);
    expect(ticket).not.toContain(token);
    const socket = await wsWithTicket(server, ticket);
    expect(socket.socket.readyState).toBe(socket.socket.OPEN);
    const other = await server.login(username, password);
    const put = await server.request<User>('PUT', '/api/users/me', { token: other.token, body: { displayName: 'Ticketed' } });
    expect(await socket.next(ofType('USER_UPDATED'))).toEqual({ type: 'USER_UPDATED', payload: put.body, pos: 1, mid: expect.any(String) });
    expect(server.app.deps.hub.connectionCount(user.id)).toBe(1);
    socket.socket.close(1000);
  });
});

describe('/ws?ticket=', () => {
  it('a ticket works once: the second socket is closed 4408 (fetch a new ticket)', async () => {
    const { token } = await server.newUser('once');
    const { ticket } = await ticketFor(server, token);
    const first = await wsWithTicket(server, ticket);
    const second = await wsWithTicket(server, ticket);
    expect(await second.closed).toEqual({ code: 4408, reason: 'ticket already used' });
    expect(first.socket.readyState).toBe(first.socket.OPEN);
    first.socket.close(1000);
  });

  it.each([
    ['garbage', () => 'not-a-ticket'],
    ['a forged payload', (t: string) => `${Buffer.from('{"u":"x","n":"x","h":"x","x":9e15,"i":0,"e":9e15,"j":"x"}').toString('base64url')}.${t.split('.')[1]}`],
    ['a changed signature', (t: string) => `${t.slice(0, -2)}${t.endsWith('AA') ? 'BB' : 'AA'}`],
  ])('%s is closed 4401', async (_label, forge) => {
    const { token } = await server.newUser('forge');
    const { ticket } = await ticketFor(server, token);
    const socket = await wsWithTicket(server, forge(ticket));
    expect(await socket.closed).toEqual({ code: 4401, reason: 'unauthorized' });
  });

  it('a ticket issued before its token was logged out is refused (4401), and a socket it opened is closed at logout', async () => {
    const { token, username, password } = await server.newUser('rev');
    const open = await wsWithTicket(server, (await ticketFor(server, token)).ticket);
    const unused = (await ticketFor(server, token)).ticket;
    const other = await server.login(username, password);
    const spare = (await ticketFor(server, other.token)).ticket;
    expect((await server.request('POST', '/api/users/logout', { token })).status).toBe(204);
    expect(await open.closed).toEqual({ code: 4401, reason: 'unauthorized' });
    expect(await (await wsWithTicket(server, unused)).closed).toEqual({ code: 4401, reason: 'unauthorized' });
    // The same user's other session is untouched.
    const fine = await wsWithTicket(server, spare);
    expect(fine.socket.readyState).toBe(fine.socket.OPEN);
    fine.socket.close(1000);
  });

  it('closes a socket (4401) when its token expires', async () => {
    const own = await startServer();
    try {
      const { token } = await own.newUser('exp');
      const { ticket } = await ticketFor(own, token);
      own.advanceClock(TOKEN_TTL_MS - 1500);
      const started = Date.now();
      const socket = await wsWithTicket(own, ticket);
      expect(socket.socket.readyState).toBe(socket.socket.OPEN);
      expect(await socket.closed).toEqual({ code: 4401, reason: 'unauthorized' });
      expect(Date.now() - started).toBeGreaterThan(500);
      // The token socket path closes at expiry the same way.
      expect((await own.request('GET', '/api/users/me', { token })).status).toBe(401);
    } finally {
      await own.close();
    }
  });

  it('a ticket expires after its lifetime', async () => {
    const book = createTicketBook({ secret: 'k'.repeat(32), now: () => new Date(), tokens: { revokedAt: () => undefined }, ttlMs: 20 });
    const owner = { id: 'u', username: 'ann', tokenHash: 'h', expiresAt: new Date(Date.now() + 60_000) };
    const { ticket } = book.issue(owner);
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(await book.check(ticket)).toEqual({ ok: false, reason: 'expired' });
    const fresh = book.issue(owner).ticket;
    expect(await book.check(fresh)).toEqual({ ok: true, owner });
  });
});

describe('tickets across processes', () => {
  const secret = 'shared-ticket-secret-'.padEnd(40, 'x');

  it('a ticket from one process opens a socket on another with the same secret, not on one with another secret', async () => {
    const database = await createTestDatabase();
    const a = await startServer({ database, config: { liveTicketSecret: secret } });
    const b = await startServer({ database, config: { liveTicketSecret: secret } });
    const stranger = await startServer({ database, config: { liveTicketSecret: 'another-secret-'.padEnd(40, 'y') } });
    try {
      const { token, user } = await a.newUser('xp');
      const onB = await wsWithTicket(b, (await ticketFor(a, token)).ticket);
      expect(onB.socket.readyState).toBe(onB.socket.OPEN);
      expect(b.app.deps.hub.connectionCount(user.id)).toBe(1);
      const refused = await wsWithTicket(stranger, (await ticketFor(a, token)).ticket);
      expect(await refused.closed).toEqual({ code: 4401, reason: 'unauthorized' });
      onB.socket.close(1000);
    } finally {
      await a.close();
      await b.close();
      await stranger.close();
      await database.close();
    }
  });

  it.skipIf(!TEST_REDIS_URL)('with Redis a ticket used on one process is refused on another', async () => {
    const database = await createTestDatabase();
    const redisPrefix = testPrefix();
    const config = { liveTicketSecret: secret, redisUrl: TEST_REDIS_URL, redisPrefix };
    const a = await startServer({ database, config });
    const b = await startServer({ database, config });
    try {
      const { token } = await a.newUser('xr');
      const { ticket } = await ticketFor(a, token);
      const first = await wsWithTicket(a, ticket);
      expect(first.socket.readyState).toBe(first.socket.OPEN);
      const replay = await wsWithTicket(b, ticket);
      expect(await replay.closed).toEqual({ code: 4408, reason: 'ticket already used' });
      first.socket.close(1000);
    } finally {
      await a.close();
      await b.close();
      await database.close();
      await dropPrefix(redisPrefix);
    }
  });
});
