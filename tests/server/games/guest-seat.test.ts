/**
 * A seat for someone with no account (server/games/guest-seat-routes.ts): taking a guest seat
 * with a code, what its credential reads and changes, and everything it must not do — another
 * seat, another game, a revoked or expired credential, a tap after the end, a forged header, any other route,
 * a repeated increment id — and the join budget per address.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Game } from '../../../src/contract/game';
import { GUEST_SEAT_TTL_MS, GuestSeatText, type GuestSeatCreated, type GuestSeatView } from '../../../src/contract/game-guest';
import { GameJoinText, type JoinCodeView, type JoinPreview } from '../../../src/contract/game-join';
import { capabilityHash } from '../../../server/auth/capability-tokens';
import { gameGuestSeats } from '../../../server/db/schema';
import { LimitText } from '../../../server/limits';
import { registeredRoutes } from '../../../server/route-list';
import type { TestServer } from '../helpers';
import { increment, joinTable, serversOfFile } from './support';

let server: TestServer;
const { another } = serversOfFile((started) => (server = started));

/** The join tests' table (two open guest seats: Gus at 1, Kim at 3) with a live join code. */
async function table(on: TestServer = server) {
  const { host, friend, game } = await joinTable(on);
  const issued = await on.request<JoinCodeView>('POST', `/api/games/${game.id}/join-code`, { token: host.token });
  expect(issued.status).toBe(201);
  return { host, friend, game, code: issued.body.code! };
}

const guestJoin = (on: TestServer, code: string, seatNumber: number, name: string, headers: Record<string, string> = {}) =>
  on.request<GuestSeatCreated>('POST', '/api/games/join/guest', { body: { code, seatNumber, name }, headers });
const as = (token: string) => ({ authorization: `GuestSeat ${token}` });
const read = (on: TestServer, token: string) => on.request<GuestSeatView>('GET', '/api/guest-seat', { headers: as(token) });
const tap = (on: TestServer, token: string, body: unknown) => on.request<GuestSeatView>('POST', '/api/guest-seat/increments', { headers: as(token), body });
const gameOf = async (on: TestServer, token: string, id: string) => (await on.request<Game>('GET', `/api/games/${id}`, { token })).body;

async function seated(on: TestServer = server, seatNumber = 3, name = 'Gus') {
  const fixture = await table(on);
  const joined = await guestJoin(on, fixture.code, seatNumber, name);
  expect(joined.status).toBe(201);
  return { ...fixture, guest: joined.body };
}

describe('taking a guest seat', () => {
  it('a signed-out code holder sees the free seats, takes one under a name, and the players see it as a join', async () => {
    const { host, friend, game, code } = await table();
    const preview = await server.request<JoinPreview>('POST', '/api/games/join/guest/preview', { body: { code } });
    expect(preview.status).toBe(200);
    expect(preview.body.seated).toBe(false);
    expect(preview.body.seats.map((s) => s.status)).toEqual(['taken', 'open', 'taken', 'open']);

    const joined = await guestJoin(server, code, 3, '  Gus  ');
    expect(joined.status).toBe(201);
    expect(joined.body).toMatchObject({ gameId: game.id, seatNumber: 3, name: 'Gus' });
    expect(joined.body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Date.parse(joined.body.expiresAt) - Date.now()).toBeGreaterThan(GUEST_SEAT_TTL_MS - 60_000);
    // Only the hash is stored.
    const rows = await server.database.db.select().from(gameGuestSeats).where(eq(gameGuestSeats.gameId, game.id));
    expect(rows.map((row) => row.tokenHash)).toEqual([capabilityHash(joined.body.token)]);
    expect(JSON.stringify(rows)).not.toContain(joined.body.token);

    const seen = await gameOf(server, friend.token, game.id);
    expect(seen.participants[3]).toMatchObject({ displayName: 'Gus', guestName: 'Gus', role: 'guest', userId: null, accountEmail: null });
    const sheet = await server.request<JoinCodeView>('GET', `/api/games/${game.id}/join-code`, { token: host.token });
    expect(sheet.body.joins).toEqual([{ seatNumber: 3, userId: null, displayName: 'Gus', joinedAt: expect.any(String) }]);

    // The seat is taken now, for guests and accounts alike.
    expect((await server.request<JoinPreview>('POST', '/api/games/join/guest/preview', { body: { code } })).body.seats[3]!.status).toBe('taken');
    expect(await guestJoin(server, code, 3, 'Mallory')).toMatchObject({ status: 409, body: { message: GameJoinText.seatTaken } });
    const late = await server.newUser('late');
    expect(await server.request('POST', '/api/games/join', { token: late.token, body: { code, seatNumber: 3 } })).toMatchObject({ status: 409, body: { message: GameJoinText.seatTaken } });
  });

  it('refuses an account seat, a missing seat, a blank name and a wrong code', async () => {
    const { code } = await table();
    expect(await guestJoin(server, code, 0, 'Gus')).toMatchObject({ status: 409, body: { message: GameJoinText.seatTaken } });
    expect(await guestJoin(server, code, 7, 'Gus')).toMatchObject({ status: 400, body: { message: GameJoinText.noSuchSeat } });
    expect((await guestJoin(server, code, 1, '   ')).status).toBe(400);
    expect((await guestJoin(server, code, 1, 'x'.repeat(65))).status).toBe(400);
    expect(await guestJoin(server, code === 'ZZZZZZ' ? 'ZZZZZY' : 'ZZZZZZ', 1, 'Gus')).toMatchObject({ status: 404, body: { message: GameJoinText.invalid } });
  });
});

describe('what the credential reads and changes', () => {
  it('reads its game as the TV view does, with its own seat, and a 304 while nothing changed', async () => {
    const { game, guest } = await seated();
    const answer = await read(server, guest.token);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ gameId: game.id, seatNumber: 3, name: 'Gus' });
    expect(answer.body.view.players.map((p) => p.displayName)).toEqual(game.participants.map((p, i) => (i === 3 ? 'Gus' : p.displayName)));
    expect(JSON.stringify(answer.body)).not.toMatch(/userId|accountEmail|guests\.example/);
    const again = await server.request('GET', '/api/guest-seat', { headers: { ...as(guest.token), 'if-none-match': answer.headers.get('etag')! } });
    expect(again.status).toBe(304);
  });

  it('changes its own seat through the one increment path, exactly once per id; the players see it', async () => {
    const { host, game, guest } = await seated();
    const change = increment(3, -1);
    const first = await tap(server, guest.token, change);
    expect(first.status).toBe(200);
    expect(first.body.view.players[3]!.lifeTotal).toBe(39);
    // The same id again (a replay after a lost answer) changes nothing.
    expect((await tap(server, guest.token, change)).body.view.players[3]!.lifeTotal).toBe(39);
    // An id another player already used changes nothing either.
    const hostChange = increment(0, -2);
    expect((await server.request('POST', `/api/games/${game.id}/increments`, { token: host.token, body: hostChange })).status).toBe(200);
    expect((await tap(server, guest.token, { ...hostChange, seat: 3 })).body.view.players[3]!.lifeTotal).toBe(39);
    const commanderDamage = increment(3, 5, { counter: 'commanderDamage', source: { seat: 0, which: 'commander' } });
    expect((await tap(server, guest.token, commanderDamage)).body.view.players[3]!.lifeTotal).toBe(34);
    const seen = await gameOf(server, host.token, game.id);
    expect(seen.participants[3]!.lifeTotal).toBe(34);
    expect(seen.participants[0]!.lifeTotal).toBe(38);
  });

  it('never changes another seat, undoes nothing, and is checked by the same rules', async () => {
    const { host, game, guest } = await seated();
    for (const seat of [0, 1, 2]) expect(await tap(server, guest.token, increment(seat, -1))).toMatchObject({ status: 403, body: { message: GuestSeatText.notYourSeat } });
    const own = increment(3, -1);
    await tap(server, guest.token, own);
    expect(await tap(server, guest.token, increment(3, 1, { undoes: own.id }))).toMatchObject({ status: 403, body: { message: GuestSeatText.noUndo } });
    expect((await tap(server, guest.token, { ...increment(3, 0) })).status).toBe(400);
    expect((await tap(server, guest.token, { ...increment(3, 1), counter: 'commanderTax', source: { seat: 0, which: 'commander' } })).status).toBe(400);
    expect((await gameOf(server, host.token, game.id)).participants.map((p) => p.lifeTotal)).toEqual([40, 40, 40, 39]);
  });

  it('opens nothing of another game', async () => {
    const { guest } = await seated();
    const other = await table();
    expect(await tap(server, guest.token, increment(3, -1))).toMatchObject({ status: 200 });
    expect((await read(server, guest.token)).body.gameId).not.toBe(other.game.id);
    expect((await server.request('GET', `/api/games/${other.game.id}`, { headers: as(guest.token) })).status).toBe(401);
    expect((await server.request('POST', `/api/games/${other.game.id}/increments`, { headers: as(guest.token), body: increment(3, -1) })).status).toBe(401);
    expect((await gameOf(server, other.host.token, other.game.id)).participants[3]!.lifeTotal).toBe(40);
  });

  it('is refused on every other route: the auth hook knows only Bearer tokens', async () => {
    const { game, guest } = await seated();
    const guestRoutes = new Set(['GET /api/guest-seat', 'POST /api/guest-seat/increments']);
    const routes = registeredRoutes(server.app).filter((route) => route.path.startsWith('/api/') && route.authenticated);
    expect(routes.length).toBeGreaterThan(50);
    for (const route of routes) {
      if (guestRoutes.has(`${route.method} ${route.path}`)) continue;
      const path = route.path.replace(/:id\b/g, game.id).replace(/:seat\b/g, '3').replace(/:[A-Za-z]+/g, randomUUID());
      const answer = await server.request(route.method, path, { headers: as(guest.token), ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { body: {} }) });
      expect(answer.status, `${route.method} ${route.path}`).toBe(401);
    }
    // A Bearer header carrying the credential is no token either.
    expect((await server.request('GET', `/api/games/${game.id}`, { token: guest.token })).status).toBe(401);
  });

  it('a forged, malformed or missing credential is 401 before the body is read', async () => {
    await seated();
    const forged = Buffer.alloc(32, 7).toString('base64url');
    for (const headers of [{}, as(forged), as('short'), { authorization: 'Bearer x' }, { authorization: `guestseat ${forged}` }]) {
      const answer = await server.request('POST', '/api/guest-seat/increments', { headers, body: { nonsense: true } });
      expect(answer).toMatchObject({ status: 401, body: { message: GuestSeatText.invalid } });
      expect((await server.request('GET', '/api/guest-seat', { headers })).status).toBe(401);
    }
  });
});

describe('the credential dies', () => {
  it("with the creator's undo: the seat goes back as it was and the credential stops at once", async () => {
    const { host, friend, game, guest } = await seated(server, 1, 'Gus Jr');
    await tap(server, guest.token, increment(1, -3));
    expect((await server.request('DELETE', `/api/games/${game.id}/joins/1`, { token: friend.token })).status).toBe(403);
    const undone = await server.request<Game>('DELETE', `/api/games/${game.id}/joins/1`, { token: host.token });
    expect(undone.status).toBe(200);
    // The guest's name and (masked) e-mail come back; the counters stay the seat's.
    expect(undone.body.participants[1]).toMatchObject({ displayName: 'Gus', guestName: 'Gus', userId: null, lifeTotal: 37 });
    expect(undone.body.participants[1]!.accountEmail).toBeTruthy();
    expect(await read(server, guest.token)).toMatchObject({ status: 401, body: { message: GuestSeatText.revoked } });
    expect(await tap(server, guest.token, increment(1, -1))).toMatchObject({ status: 401, body: { message: GuestSeatText.revoked } });
    expect((await server.request<JoinCodeView>('GET', `/api/games/${game.id}/join-code`, { token: host.token })).body.joins).toEqual([]);
    expect((await server.request('DELETE', `/api/games/${game.id}/joins/1`, { token: host.token })).status).toBe(404);
  });

  it("for taps with the game's end, while the final table stays readable (the winner) and the seat claimable; a resumed game plays on", async () => {
    const { host, game, guest } = await seated();
    const ended = await server.request('PUT', `/api/games/${game.id}`, { token: host.token, body: { status: 'FINISHED', eventId: randomUUID(), result: { winnerSeat: 0 } } });
    expect(ended.status).toBe(200);
    const final = await read(server, guest.token);
    expect(final.status).toBe(200);
    expect(final.body.view).toMatchObject({ status: 'FINISHED', result: { winnerSeat: 0 } });
    expect(await tap(server, guest.token, increment(3, -1))).toMatchObject({ status: 409, body: { message: GuestSeatText.ended } });
    expect((await gameOf(server, host.token, game.id)).participants[3]!.lifeTotal).toBe(40);
    const resumed = await server.request('PUT', `/api/games/${game.id}`, { token: host.token, body: { status: 'ACTIVE', eventId: randomUUID() } });
    expect(resumed.status).toBe(200);
    expect((await tap(server, guest.token, increment(3, -1))).status).toBe(200);
    expect((await gameOf(server, host.token, game.id)).participants[3]!.lifeTotal).toBe(39);
  });

  it('an ended game is still taken into an account by its guest, with the result', async () => {
    const { host, game, guest } = await seated(server, 1, 'Gus');
    await server.request('PUT', `/api/games/${game.id}`, { token: host.token, body: { status: 'FINISHED', eventId: randomUUID(), result: { winnerSeat: 1 } } });
    const gus = await server.newUser('gwin');
    const claimed = await server.request<Game>('POST', '/api/guest-seat/claim', { token: gus.token, body: { token: guest.token } });
    expect(claimed.status).toBe(200);
    expect(claimed.body).toMatchObject({ status: 'FINISHED', result: { winnerSeat: 1 } });
    expect(claimed.body.participants[1]!.userId).toBe(gus.user.id);
  });

  it('24 hours after the join', async () => {
    const clocked = await another();
    const { guest } = await seated(clocked);
    clocked.advanceClock(GUEST_SEAT_TTL_MS - 60_000);
    expect((await read(clocked, guest.token)).status).toBe(200);
    clocked.advanceClock(61_000);
    expect(await read(clocked, guest.token)).toMatchObject({ status: 401, body: { message: GuestSeatText.invalid } });
    expect((await tap(clocked, guest.token, increment(3, -1))).status).toBe(401);
  });
});

describe('"Create an account" later: an account claims the seat', () => {
  it('takes the seat over as an account join, kills the credential in the same transaction, and the undo gives back the seat as it was', async () => {
    const { host, game, guest } = await seated(server, 1, 'Gus Jr');
    await tap(server, guest.token, increment(1, -2));
    const gus = await server.newUser('gus');
    // The credential alone is no account, and an account needs the credential.
    expect((await server.request('POST', '/api/guest-seat/claim', { headers: as(guest.token), body: { token: guest.token } })).status).toBe(401);
    expect((await server.request('POST', '/api/guest-seat/claim', { token: gus.token, body: { token: Buffer.alloc(32, 9).toString('base64url') } })).status).toBe(409);

    const claimed = await server.request<Game>('POST', '/api/guest-seat/claim', { token: gus.token, body: { token: guest.token } });
    expect(claimed.status).toBe(200);
    expect(claimed.body.participants[1]).toMatchObject({ userId: gus.user.id, role: 'guest', lifeTotal: 38 });
    expect((await gameOf(server, gus.token, game.id)).participants[1]!.userId).toBe(gus.user.id);
    expect(await read(server, guest.token)).toMatchObject({ status: 401 });
    const [row] = await server.database.db.select().from(gameGuestSeats).where(eq(gameGuestSeats.tokenHash, capabilityHash(guest.token)));
    expect(row!.revokedAt).not.toBeNull();
    // A second claim, by anyone, finds the seat gone.
    const other = await server.newUser('oth');
    expect(await server.request('POST', '/api/guest-seat/claim', { token: other.token, body: { token: guest.token } })).toMatchObject({ status: 409, body: { message: GuestSeatText.revoked } });

    const sheet = await server.request<JoinCodeView>('GET', `/api/games/${game.id}/join-code`, { token: host.token });
    expect(sheet.body.joins).toEqual([{ seatNumber: 1, userId: gus.user.id, displayName: gus.user.displayName ?? gus.username, joinedAt: expect.any(String) }]);
    const undone = await server.request<Game>('DELETE', `/api/games/${game.id}/joins/1`, { token: host.token });
    expect(undone.body.participants[1]).toMatchObject({ userId: null, displayName: 'Gus', guestName: 'Gus', lifeTotal: 38 });
    expect(undone.body.participants[1]!.accountEmail).toBeTruthy();
    // The credential went through the join's answer, headers and a body: none of it reached the log.
    expect(server.logText()).toContain('guest seat claimed by an account');
    expect(server.logText()).not.toContain(guest.token);
  });
});

describe('the join budget', () => {
  it('guest previews and joins spend the joinCode address budget, which a forged X-Forwarded-For does not reset', async () => {
    const limited = await another({
      rateLimits: { scale: 1, writes: { joinCode: { perUser: { points: 1000, durationSeconds: 3600 }, perIp: { points: 3, durationSeconds: 3600 } } } },
      config: { trustProxy: false },
    });
    expect((await limited.request('POST', '/api/games/join/guest/preview', { body: { code: 'ZZZZZZ' }, headers: { 'x-forwarded-for': '203.0.113.1' } })).status).toBe(404);
    expect((await guestJoin(limited, 'ZZZZZY', 1, 'Gus', { 'x-forwarded-for': '203.0.113.2' })).status).toBe(404);
    expect((await guestJoin(limited, 'ZZZZZX', 1, 'Gus', { 'x-forwarded-for': '203.0.113.3' })).status).toBe(404);
    const refused = await guestJoin(limited, 'ZZZZZW', 1, 'Gus', { 'x-forwarded-for': '198.51.100.7' });
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ message: LimitText.tooManyWrites });
  });

  it("a seat's taps spend the game-change budget of the seat, as an account's spend the account's, whatever the address", async () => {
    const limited = await another({
      rateLimits: { scale: 1, writes: { gameChange: { perUser: { points: 3, durationSeconds: 60 }, perIp: { points: 1000, durationSeconds: 60 } } } },
      config: { trustProxy: 1 },
    });
    const { host, game, guest } = await seated(limited);
    const from = (n: number) => ({ ...as(guest.token), 'x-forwarded-for': `203.0.113.${n}` });
    for (let n = 1; n <= 3; n += 1) {
      expect((await limited.request('POST', '/api/guest-seat/increments', { headers: from(n), body: increment(3, -1) })).status).toBe(200);
    }
    const refused = await limited.request('POST', '/api/guest-seat/increments', { headers: from(4), body: increment(3, -1) });
    expect(refused).toMatchObject({ status: 429, body: { message: LimitText.tooManyWrites } });
    expect(refused.headers.get('retry-after')).toBeTruthy();
    expect((await gameOf(limited, host.token, game.id)).participants[3]!.lifeTotal).toBe(37);
  });
});

describe('a new join code', () => {
  it('kills the old one for guests too (a stranger with the old link sees nothing), and leaves seated guests seated', async () => {
    const { host, game, code, guest } = await seated();
    const renewed = await server.request<JoinCodeView>('POST', `/api/games/${game.id}/join-code`, { token: host.token });
    expect(renewed.status).toBe(201);
    expect(await server.request('POST', '/api/games/join/guest/preview', { body: { code } })).toMatchObject({ status: 404, body: { message: GameJoinText.invalid } });
    expect(await guestJoin(server, code, 1, 'Mallory')).toMatchObject({ status: 404, body: { message: GameJoinText.invalid } });
    expect((await server.request('POST', '/api/games/join/guest/preview', { body: { code: renewed.body.code } })).status).toBe(200);
    expect((await read(server, guest.token)).status).toBe(200);
  });
});
