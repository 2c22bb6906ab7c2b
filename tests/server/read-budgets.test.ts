/**
 * Read budgets (server/limits/read-hooks.ts, policies.ts READ_KINDS): lists, the user search,
 * avatars, the first sync pull and card searches answer 429 + Retry-After + a JSON message
 * beyond their budget, per user and per address; a user's card searches hold only a share of
 * the card service's queue. And GET /api/users is paged: it never answers every account.
 */
import 'fake-indexeddb/auto';
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { avatars, users } from '../../server/db/schema';
import { LimitText, type LimitOverrides } from '../../server/limits';
import { usernameKey } from '../../server/users/username-key';
import { USER_LIST_PAGE_DEFAULT, USER_LIST_PAGE_MAX } from '../../src/contract/user-list';
import type { PublicUser } from '../../src/contract/users';
import { startCardService, type FakeCardService } from './card-service';
import { PNG_1X1 } from './fixtures';
import { startServer, unique, type Answer, type TestServer } from './helpers';
import { APP_PROTOCOL } from './sync/support';
import { findByUsername } from '../../src/features/friends/find-friend';
import { openDatabase } from '../../src/db/schema';
import { createApiClient } from '../../src/sync/engine/api';
import { listAllUsers } from '../../src/sync/actions/user-search';

const perMinute = (points: number) => ({ points, durationSeconds: 60 });
const roomy = perMinute(100_000);
/** Production numbers (scale 1), except these small budgets; each test has its own users and addresses. */
const READS: LimitOverrides['reads'] = {
  list: { perUser: perMinute(3), perIp: roomy },
  search: { perUser: perMinute(2), perIp: roomy },
  avatar: { perIp: perMinute(2) },
  snapshot: { perUser: perMinute(2), perIp: roomy },
  cardSearch: { perUser: perMinute(15), perIp: roomy },
};

let fake: FakeCardService;
let server: TestServer;
let directory: TestServer;
// Starting a server takes long on a loaded machine: two for the whole file.
beforeAll(async () => {
  fake = await startCardService();
  server = await startServer({ rateLimits: { scale: 1, reads: READS }, config: { trustProxy: true, cardApiUrl: fake.url } });
  directory = await startServer({});
}, 180_000);
afterAll(async () => {
  await server?.close();
  await directory?.close();
  await fake?.close();
});

const address = () => `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${(randomBytes(1)[0]! % 250) + 1}`;

function expectRefused(answer: { status: number; body: unknown; headers: Headers }) {
  expect(answer.status).toBe(429);
  expect(answer.body).toEqual({ message: LimitText.tooManyReads });
  const retryAfter = Number(answer.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThanOrEqual(1);
}

describe('read budgets', () => {
  it('list routes share one budget per user: 429 with Retry-After beyond it; another user still reads', async () => {
    const [me, other] = await Promise.all([server.newUser('ls'), server.newUser('lo')]);
    const ip = address();
    const get = (path: string, token: string) => server.request('GET', path, { token, headers: { 'x-forwarded-for': ip } });
    expect((await get('/api/users', me.token)).status).toBe(200);
    expect((await get('/api/pods', me.token)).status).toBe(200);
    expect((await get('/api/decks', me.token)).status).toBe(200);
    expectRefused(await get('/api/users', me.token));
    expectRefused(await get('/api/friends', me.token));
    expect((await get('/api/users', other.token)).status).toBe(200);
    // Reads without a budget (one's own profile) are not counted.
    expect((await get('/api/users/me', me.token)).status).toBe(200);
  });

  it("the game history's pages of finished games spend the list budget", async () => {
    const me = await server.newUser('lh');
    const ip = address();
    const get = (path: string) => server.request('GET', path, { token: me.token, headers: { 'x-forwarded-for': ip } });
    expect((await get('/api/games/finished')).status).toBe(200);
    expect((await get('/api/games')).status).toBe(200);
    expect((await get(`/api/games/finished?limit=1&before=${encodeURIComponent(new Date().toISOString())}`)).status).toBe(200);
    expectRefused(await get('/api/games/finished'));
    expectRefused(await get('/api/games'));
  });

  it('the user search has its own budget', async () => {
    const me = await server.newUser('se');
    const search = () => server.request('GET', '/api/users/search?username=se', { token: me.token, headers: { 'x-forwarded-for': address() } });
    expect((await search()).status).toBe(200);
    expect((await search()).status).toBe(200);
    expectRefused(await search());
  });

  it('avatars are limited per address (they are served without a token)', async () => {
    const me = await server.newUser('av');
    await server.database.db.insert(avatars).values({ userId: me.user.id, mime: 'image/png', bytes: PNG_1X1, version: 'v1', updatedAt: new Date() });
    const [flooder, neighbour] = [address(), address()];
    const get = (ip: string) => server.request('GET', `/api/users/${me.user.id}/avatar`, { headers: { 'x-forwarded-for': ip } });
    expect((await get(flooder)).status).toBe(200);
    expect((await get(flooder)).status).toBe(200);
    expectRefused(await get(flooder));
    expect((await get(neighbour)).status).toBe(200);
  });

  it('full snapshots have a small budget of their own; incremental pulls go on', async () => {
    const me = await server.newUser('sn');
    const pull = (query: string) => server.request<{ cursor: number }>('GET', `/api/sync/pull${query}`, { token: me.token, headers: { ...APP_PROTOCOL, 'x-forwarded-for': address() } });
    const first = await pull('');
    expect(first.status).toBe(200);
    expect((await pull('')).status).toBe(200);
    expectRefused(await pull(''));
    expect((await pull(`?cursor=${first.body.cursor}`)).status).toBe(200);
  });

  it("a paged snapshot's head and its rest each spend the snapshot budget: asking for the rest again and again is no way around it", async () => {
    const me = await server.newUser('sp');
    const pull = (query: string) => server.request<{ cursor: number }>('GET', `/api/sync/pull${query}`, { token: me.token, headers: { ...APP_PROTOCOL, 'x-forwarded-for': address() } });
    const head = await pull('?snapshot=paged');
    expect(head.status).toBe(200);
    expect((await pull(`?cursor=${head.body.cursor}&snapshot=rest`)).status).toBe(200);
    expectRefused(await pull(`?cursor=${head.body.cursor}&snapshot=rest`));
    expect((await pull(`?cursor=${head.body.cursor}&snapshot=paged`)).status).toBe(200);
  });

  it('card searches count against the user’s budget', async () => {
    const me = await server.newUser('cs');
    const search = () => server.request('GET', '/api/cards/commanders?q=atra', { token: me.token, headers: { 'x-forwarded-for': address() } });
    for (let i = 0; i < 15; i += 1) expect((await search()).status).toBe(200);
    expectRefused(await search());
  });

  it('one user sending many distinct card searches at once holds only a share of the queue: another user’s search still goes through', async () => {
    // Production numbers: the queue spaces upstream calls 550 ms apart and refuses a wait over 5 s.
    const [greedy, patient] = await Promise.all([server.newUser('gr'), server.newUser('pa')]);
    const greedyIp = address();
    const flood = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        server.request('GET', `/api/cards/commanders?q=${encodeURIComponent(`horde captain ${String(i + 1).padStart(2, '0')}`)}`, {
          token: greedy.token,
          headers: { 'x-forwarded-for': greedyIp },
        }),
      ),
    );
    const statuses = flood.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200).length).toBeLessThanOrEqual(3);
    const busy = flood.find((answer) => answer.status === 503)!;
    expect(busy.body).toEqual({ message: 'The card service is busy right now. Try again in a moment.' });
    expect(Number(busy.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    const answer = await server.request<Array<{ name: string }>>('GET', '/api/cards/commanders?q=tymna', { token: patient.token, headers: { 'x-forwarded-for': address() } });
    expect(answer.status).toBe(200);
    expect(answer.body.map((card) => card.name)).toEqual(['Tymna the Weaver']);
  });
});

describe('GET /api/users is paged', () => {
  let token: string;
  const tag = unique('pg').toLowerCase();
  const names = Array.from({ length: USER_LIST_PAGE_DEFAULT + 5 }, (_, i) => `${tag}-${String(i).padStart(3, '0')}`);

  beforeAll(async () => {
    ({ token } = await directory.newUser('reader'));
    await directory.database.db
      .insert(users)
      .values(names.map((username) => ({ username, usernameKey: usernameKey(username), email: `${randomUUID()}@example.com`, passwordHash: 'x' })));
  });

  const list = (query: string) => directory.request<PublicUser[] & { message?: string }>('GET', `/api/users${query}`, { token });

  it(`answers at most ${USER_LIST_PAGE_DEFAULT} by default, with a Link to the next page`, async () => {
    const answer = await list('');
    expect(answer.status).toBe(200);
    expect(answer.body).toHaveLength(USER_LIST_PAGE_DEFAULT);
    expect(answer.headers.get('link')).toMatch(/^<\/api\/users\?limit=100&after=[^>]+>; rel="next"$/);
  });

  it('following the Link pages visits every account once, in username order', async () => {
    const seen: string[] = [];
    let path: string | null = '/api/users?limit=37';
    while (path) {
      const answer: Answer<PublicUser[]> = await directory.request<PublicUser[]>('GET', path, { token });
      expect(answer.status).toBe(200);
      expect(answer.body.length).toBeLessThanOrEqual(37);
      seen.push(...answer.body.map((user) => user.username));
      path = /^<([^>]+)>; rel="next"$/.exec(answer.headers.get('link') ?? '')?.[1] ?? null;
    }
    expect(seen.filter((name) => name.startsWith(tag))).toEqual(names);
    expect(new Set(seen).size).toBe(seen.length);
  });

  it(`refuses a page larger than ${USER_LIST_PAGE_MAX} with a clear 400`, async () => {
    const answer = await list(`?limit=${USER_LIST_PAGE_MAX + 1}`);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ message: `limit must be a whole number from 1 to ${USER_LIST_PAGE_MAX}.` });
    // Every account fits in one page of the largest size (the readers' own included).
    expect((await list(`?limit=${USER_LIST_PAGE_MAX}`)).body).toHaveLength(names.length + 1);
  });

  it('?username= answers the accounts of that name, case-insensitively, wherever they sort', async () => {
    const last = names.at(-1)!;
    const answer = await list(`?username=${encodeURIComponent(last.toUpperCase())}`);
    expect(answer.status).toBe(200);
    expect(answer.body.map((user) => user.username)).toEqual([last]);
    expect((await list('?username=nobody-by-this-name')).body).toEqual([]);
  });

  it("the app's 'Find a friend' lookup finds an account that sorts beyond the first page", async () => {
    const db = openDatabase(`find-${randomUUID()}`);
    await db.open();
    const ctx = { db, api: createApiClient({ baseUrl: directory.url, getToken: () => token }), kick: () => undefined };
    const last = names.at(-1)!;
    const found = findByUsername(await listAllUsers(ctx, last.toUpperCase()), last.toUpperCase());
    expect(found?.username).toBe(last);
    db.close();
  });
});
