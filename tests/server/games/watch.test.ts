/**
 * The TV view by a read-only link (server/games/watch-routes.ts): who may make, renew and revoke
 * a link, what the public view holds (and what it never holds), ETag polling, the link's death
 * (renewed, revoked, some time after the end), one 404 for every dead or wrong token, the
 * request log, and the `watch` budget per address.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { WATCH_AFTER_END_MS, WatchText, isWatchToken, type WatchLinkCreated, type WatchLinkState, type WatchView } from '../../../src/contract/game-watch';
import { gameWatchLinks } from '../../../server/db/schema';
import { LimitText } from '../../../server/limits';
import type { TestServer } from '../helpers';
import { createGame, gameBody, increment, serversOfFile } from './support';

let server: TestServer;
const { another } = serversOfFile((started) => (server = started));

const GONE = { message: WatchText.gone };

/** A host, a friend seated with them, and a guest with an e-mail. */
async function table(on: TestServer = server) {
  const host = await on.newUser('host');
  const friend = await on.newUser('fr');
  const game = await createGame(on, host.token, gameBody([{ user: host.user }, { guest: 'Gus', email: `gus.${host.username}@guests.example` }, { user: friend.user }]));
  return { host, friend, game };
}

async function makeLink(on: TestServer, token: string, gameId: string): Promise<string> {
  const answer = await on.request<WatchLinkCreated>('POST', `/api/games/${gameId}/watch-link`, { token });
  expect(answer.status).toBe(201);
  return answer.body.token;
}

const watch = (on: TestServer, token: string, headers: Record<string, string> = {}) => on.request<WatchView>('GET', `/api/watch/${token}`, { headers });

/** Every key anywhere in a JSON value. */
function keysOf(value: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(value)) value.forEach((item) => keysOf(item, into));
  else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      into.add(key);
      keysOf(inner, into);
    }
  }
  return into;
}

describe('making and revoking a TV link', () => {
  it('only the players make, read and revoke it; a stranger gets 404 and no account 401', async () => {
    const { host, friend, game } = await table();
    const stranger = await server.newUser('st');
    for (const method of ['GET', 'POST', 'DELETE']) {
      expect(await server.request(method, `/api/games/${game.id}/watch-link`, { token: stranger.token })).toMatchObject({ status: 404, body: { message: 'Game not found.' } });
      expect((await server.request(method, `/api/games/${game.id}/watch-link`)).status).toBe(401);
    }
    expect((await server.request<WatchLinkState>('GET', `/api/games/${game.id}/watch-link`, { token: friend.token })).body).toEqual({ live: false, createdAt: null });
    const token = await makeLink(server, friend.token, game.id);
    expect(isWatchToken(token)).toBe(true);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    // Every player sees that a link lives; nobody can read the token again.
    const state = await server.request<WatchLinkState>('GET', `/api/games/${game.id}/watch-link`, { token: host.token });
    expect(state.body.live).toBe(true);
    expect(state.text).not.toContain(token);
    // Only the token's SHA-256 is stored.
    const rows = await server.database.db.select().from(gameWatchLinks).where(eq(gameWatchLinks.gameId, game.id));
    expect(rows.map((row) => row.tokenHash)).toEqual([createHash('sha256').update(token).digest('hex')]);
    expect(JSON.stringify(rows)).not.toContain(token);

    expect((await watch(server, token)).status).toBe(200);
    const stop = await server.request<WatchLinkState>('DELETE', `/api/games/${game.id}/watch-link`, { token: host.token });
    expect(stop).toMatchObject({ status: 200, body: { live: false, createdAt: null } });
    expect(await watch(server, token)).toMatchObject({ status: 404, body: GONE });
  });

  it('"New link" kills the old one at once; the new one shows the table', async () => {
    const { host, friend, game } = await table();
    const first = await makeLink(server, host.token, game.id);
    const second = await makeLink(server, friend.token, game.id);
    expect(second).not.toBe(first);
    expect(await watch(server, first)).toMatchObject({ status: 404, body: GONE });
    expect((await watch(server, second)).status).toBe(200);
    const live = await server.database.db.select().from(gameWatchLinks).where(eq(gameWatchLinks.gameId, game.id));
    expect(live.filter((row) => row.revokedAt === null)).toHaveLength(1);
  });

  it('a wrong, malformed or never-made token gets the same 404 as a dead one', async () => {
    const wrong = Buffer.alloc(32, 7).toString('base64url');
    for (const token of [wrong, 'short', `${wrong}x`, 'a.b']) expect(await watch(server, token)).toMatchObject({ status: 404, body: GONE });
  });
});

describe('what the TV sees', () => {
  it('names, commanders, counters, turn and status; never an id, an e-mail, a deck or the log', async () => {
    const { host, friend, game } = await table();
    await server.request('POST', `/api/games/${game.id}/increments`, { token: host.token, body: increment(2, -3) });
    const token = await makeLink(server, host.token, game.id);
    const answer = await watch(server, token);
    expect(answer.status).toBe(200);
    const view = answer.body;
    expect(view.status).toBe('ACTIVE');
    expect(view.turnNumber).toBe(1);
    expect(view.players.map((p) => [p.seatNumber, p.displayName, p.lifeTotal])).toEqual([
      [0, host.user.displayName || host.user.username, 40],
      [1, 'Gus', 40],
      [2, friend.user.displayName || friend.user.username, 37],
    ]);
    expect(view.players[0]!.commanderName).toBe(game.participants[0]!.commanderName);
    const keys = keysOf(view);
    for (const secret of ['id', 'userId', 'accountEmail', 'email', 'createdById', 'podId', 'deckId', 'deckName', 'guestName', 'events', 'role', 'joins', 'rev', 'requiresVerification']) {
      expect(keys.has(secret), secret).toBe(false);
    }
    for (const value of [host.user.id, friend.user.id, game.id, host.email, friend.email, `gus.${host.username}`]) expect(answer.text).not.toContain(value);
  });

  it('answers 304 to its own ETag, and the new table once a tap changed it', async () => {
    const { host, game } = await table();
    const token = await makeLink(server, host.token, game.id);
    const first = await watch(server, token);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    const same = await watch(server, token, { 'if-none-match': etag });
    expect(same.status).toBe(304);
    expect(same.text).toBe('');
    await server.request('POST', `/api/games/${game.id}/increments`, { token: host.token, body: increment(0, -1) });
    const changed = await watch(server, token, { 'if-none-match': etag });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
    expect(changed.body.players[0]!.lifeTotal).toBe(39);
  });

  it('after the end it shows the result, no new link can be made, and it dies WATCH_AFTER_END_MS later', async () => {
    const own = await another();
    const { host, game } = await table(own);
    const token = await makeLink(own, host.token, game.id);
    const end = await own.request('PUT', `/api/games/${game.id}`, { token: host.token, body: { status: 'FINISHED', result: { winnerSeat: 2 } } });
    expect(end.status).toBe(200);
    const ended = await watch(own, token);
    expect(ended.status).toBe(200);
    expect(ended.body.status).toBe('FINISHED');
    expect(ended.body.result?.winnerSeat).toBe(2);
    expect(await own.request('POST', `/api/games/${game.id}/watch-link`, { token: host.token })).toMatchObject({ status: 409, body: { message: 'This game has ended.' } });
    own.advanceClock(WATCH_AFTER_END_MS + 60_000);
    expect(await watch(own, token)).toMatchObject({ status: 404, body: GONE });
    expect((await own.request<WatchLinkState>('GET', `/api/games/${game.id}/watch-link`, { token: host.token })).body.live).toBe(false);
  });

  it('the request log never holds a token', async () => {
    const { host, game } = await table();
    const token = await makeLink(server, host.token, game.id);
    await watch(server, token);
    expect(server.logText()).not.toContain(token);
  });
});

describe('the watch budget', () => {
  it('an address that spends its watch budget gets 429 with a message, right or wrong token alike', async () => {
    const limited = await another({ rateLimits: { scale: 1, reads: { watch: { perIp: { points: 3, durationSeconds: 60 } } }, writes: { register: { perIp: { points: 100, durationSeconds: 3600 } } } } });
    const { host, game } = await table(limited);
    const token = await makeLink(limited, host.token, game.id);
    expect((await watch(limited, token)).status).toBe(200);
    expect((await watch(limited, Buffer.alloc(32, 1).toString('base64url'))).status).toBe(404);
    expect((await watch(limited, token)).status).toBe(200);
    const refused = await watch(limited, token);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ message: LimitText.tooManyReads });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
