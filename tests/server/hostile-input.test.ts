/**
 * Regression tests for the four causes of 500 found by an attack run (U+0000 in
 * text and JSON, malformed multipart, a turnNumber past the integer column, a year-0 `before`)
 * and for the text rules of src/contract/text.ts: each answers an honest 4xx and stores nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Game } from '../../src/contract/game';
import { TextRuleText } from '../../src/contract/text';
import type { User } from '../../src/contract/users';
import { directMessages, games, podMessages, users } from '../../server/db/schema';
import { startServer, type TestServer } from './helpers';
import { createGame, gameBody } from './games/support';
import { makePod } from './social/support';

let server: TestServer;
let alice: { user: User; token: string };
let bob: { user: User; token: string };
beforeAll(async () => {
  server = await startServer();
  alice = await server.newUser('alice');
  bob = await server.newUser('bob');
});
afterAll(async () => {
  await server?.close();
});

function expectJsonError(answer: { status: number; body: unknown }, status: number, message?: string) {
  expect(answer.status).toBe(status);
  expect(answer.body).toEqual({ message: message ?? expect.any(String) });
}

describe('U+0000 and other control characters', () => {
  it('login with NUL in the username answers 400 without a token (was a 500 from PostgreSQL 22021)', async () => {
    const answer = await server.request('POST', '/api/users/login', { body: { username: 'ali\u0000ce', password: 'whatever1' } });
    expectJsonError(answer, 400, 'The request body cannot contain the character U+0000.');
  });

  it('NUL in any JSON string, also in a key or a field no route reads, is refused before the route runs', async () => {
    for (const raw of ['{"username":"a","password":"b","x":"\\u0000"}', '{"a\\u0000":1}', '{"list":[{"deep":"ok\\u0000"}]}']) {
      const answer = await server.request('POST', '/api/users/login', { raw, headers: { 'content-type': 'application/json' } });
      expectJsonError(answer, 400, 'The request body cannot contain the character U+0000.');
    }
    // An escaped backslash followed by "u0000" is six ordinary characters, not NUL.
    const literal = await server.request('POST', '/api/direct-messages/send', {
      token: alice.token,
      raw: JSON.stringify({ receiverId: bob.user.id, content: 'path\\u0000' }),
      headers: { 'content-type': 'application/json' },
    });
    expect(literal.status).toBe(201);
    expect((literal.body as { content: string }).content).toBe('path\\u0000');
  });

  it('a direct message keeps its line breaks and loses other control characters', async () => {
    const answer = await server.request<{ id: string; content: string }>('POST', '/api/direct-messages/send', {
      token: alice.token,
      body: { receiverId: bob.user.id, content: 'gg\r\nwp\u0007\u001b[31m' },
    });
    expect(answer.status).toBe(201);
    expect(answer.body.content).toBe('gg\nwp[31m');
    const [row] = await server.database.db.select().from(directMessages).where(eq(directMessages.id, answer.body.id));
    expect(row?.content).toBe('gg\nwp[31m');
  });

  it('a pod name with a control or direction-override character is refused and no pod is made', async () => {
    expectJsonError(await server.request('POST', '/api/pods', { token: alice.token, body: { name: 'Friday\u0007' } }), 400, TextRuleText.control);
    expectJsonError(await server.request('POST', '/api/pods', { token: alice.token, body: { name: 'gnp.\u202eexe' } }), 400, TextRuleText.bidi);
    const pods = await server.request<unknown[]>('GET', '/api/pods', { token: alice.token });
    expect(pods.body).toEqual([]);
  });

  it('a lone surrogate in a display name is refused and the profile is unchanged', async () => {
    const answer = await server.request('PUT', '/api/users/me', {
      token: alice.token,
      raw: '{"displayName":"Al\\ud800"}',
      headers: { 'content-type': 'application/json' },
    });
    expectJsonError(answer, 400, TextRuleText.malformed);
    const [row] = await server.database.db.select().from(users).where(eq(users.id, alice.user.id));
    expect(row?.displayName).toBeNull();
  });
});

describe('malformed multipart on the avatar upload', () => {
  const multipart = (body: string, boundary = 'XyZ') =>
    server.request('POST', '/api/users/avatar', { token: alice.token, raw: body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } });

  it.each([
    ['a body that is not multipart at all', 'not multipart'],
    ['a part with no closing boundary', '--XyZ\r\nContent-Disposition: form-data; name="avatar"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG'],
    ['a part with broken headers', '--XyZ\r\nContent-Disposition\r\n\r\nabc\r\n--XyZ--\r\n'],
    ['only the final boundary', '--XyZ--\r\n'],
  ])('%s → 400', async (_name, body) => {
    const answer = await multipart(body);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ message: expect.any(String) });
  });

  it('a multipart type without a boundary → 400', async () => {
    const answer = await server.request('POST', '/api/users/avatar', { token: alice.token, raw: 'abc', headers: { 'content-type': 'multipart/form-data' } });
    expect([400, 415]).toContain(answer.status);
    expect(answer.body).toEqual({ message: expect.any(String) });
  });

  it('the avatar is unchanged after all that', async () => {
    const [row] = await server.database.db.select().from(users).where(eq(users.id, alice.user.id));
    expect(row?.avatarUrl).toBeNull();
  });
});

describe('integers bounded to their columns', () => {
  it('a turnNumber of 2^31 answers 400 and the game is unchanged (was int4 overflow → 500)', async () => {
    const game = await createGame(server, alice.token, gameBody([{ user: alice.user }, { guest: 'Gus' }]));
    for (const turnNumber of [2 ** 31, 2 ** 53, 1e300]) {
      const answer = await server.request('PUT', `/api/games/${game.id}`, { token: alice.token, body: { turnNumber } });
      expect(answer.status).toBe(400);
    }
    const stored = await server.request<Game>('GET', `/api/games/${game.id}`, { token: alice.token });
    expect(stored.body.turnNumber).toBe(1);
    const [row] = await server.database.db.select().from(games).where(eq(games.id, game.id));
    expect(row?.turnNumber).toBe(1);
  });

  it.each([['0'], ['-1'], ['201'], ['1e400'], ['1.5'], ['abc'], ['99999999999999999999']])('?limit=%s on message lists → 400', async (limit) => {
    const pod = await makePod(server, alice);
    expectJsonError(await server.request('GET', `/api/pods/${pod.id}/messages?limit=${limit}`, { token: alice.token }), 400);
    expectJsonError(await server.request('GET', `/api/direct-messages/${bob.user.id}?limit=${limit}`, { token: alice.token }), 400);
  });
});

describe('dates bounded', () => {
  it.each([['0000-01-01T00:00:00Z'], ['1999-12-31T23:59:59Z'], ['+275760-09-13T00:00:00Z'], ['10000-01-01T00:00:00Z'], ['2026-02-30T00:00:00Z'], ['yesterday']])(
    '?before=%s on message lists → 400 (year 0 was a 500)',
    async (before) => {
      const pod = await makePod(server, alice);
      const query = `?before=${encodeURIComponent(before)}`;
      expectJsonError(await server.request('GET', `/api/pods/${pod.id}/messages${query}`, { token: alice.token }), 400);
      expectJsonError(await server.request('GET', `/api/direct-messages/${bob.user.id}${query}`, { token: alice.token }), 400);
    },
  );

  it('a date inside the range still pages', async () => {
    const pod = await makePod(server, alice);
    const sent = await server.request('POST', `/api/pods/${pod.id}/messages`, { token: alice.token, body: { content: 'hello' } });
    expect(sent.status).toBe(201);
    const later = await server.request<unknown[]>('GET', `/api/pods/${pod.id}/messages?before=9999-12-31T00:00:00Z`, { token: alice.token });
    expect(later.status).toBe(200);
    expect(later.body).toHaveLength(1);
    const earlier = await server.request<unknown[]>('GET', `/api/pods/${pod.id}/messages?before=2000-01-02T00:00:00%2B01:00`, { token: alice.token });
    expect(earlier.body).toEqual([]);
    expect(await server.database.db.select().from(podMessages).where(eq(podMessages.podId, pod.id))).toHaveLength(1);
  });

  it('a game start time in year 0 → 400 and no game', async () => {
    const body = gameBody([{ user: alice.user }, { guest: 'Gus' }], { startTime: '0000-01-01T00:00:00Z' });
    expectJsonError(await server.request('POST', '/api/games', { token: alice.token, body }), 400);
    expect(await server.database.db.select().from(games).where(eq(games.id, body.id))).toHaveLength(0);
  });
});
