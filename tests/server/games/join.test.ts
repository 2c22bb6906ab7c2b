/**
 * Joining a live game by code (server/games/join-routes.ts): who may show a code, what a code
 * shows, taking a seat, the code's death (renewed, ended, expired), the creator's undo, blocks,
 * and the join budget per account and per address.
 */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Game } from '../../../src/contract/game';
import { GameJoinText, JOIN_CODE_TTL_MS, isJoinCode, type JoinCodeView, type JoinPreview } from '../../../src/contract/game-join';
import { gameJoinCodes } from '../../../server/db/schema';
import { LimitText } from '../../../server/limits';
import { openSocket, type TestServer } from '../helpers';
import { createGame, gameBody, increment, joinTable, serversOfFile } from './support';

let server: TestServer;
const { another } = serversOfFile((started) => (server = started));

const INVALID = { message: GameJoinText.invalid };
type Person = Awaited<ReturnType<TestServer['newUser']>>;

const table = (on: TestServer = server) => joinTable(on);

async function issue(on: TestServer, token: string, gameId: string): Promise<string> {
  const answer = await on.request<JoinCodeView>('POST', `/api/games/${gameId}/join-code`, { token });
  expect(answer.status).toBe(201);
  return answer.body.code!;
}

const preview = (on: TestServer, who: Person, code: string, headers: Record<string, string> = {}) =>
  on.request<JoinPreview>('POST', '/api/games/join/preview', { token: who.token, body: { code }, headers });
const join = (on: TestServer, who: Person, code: string, seatNumber: number, headers: Record<string, string> = {}) =>
  on.request<Game>('POST', '/api/games/join', { token: who.token, body: { code, seatNumber }, headers });

describe('showing a join code', () => {
  it('only the players of an active game see and renew its code; renewing kills the old one at once', async () => {
    const { host, friend, game } = await table();
    const stranger = await server.newUser('st');
    for (const method of ['GET', 'POST']) {
      const refused = await server.request(method, `/api/games/${game.id}/join-code`, { token: stranger.token });
      expect(refused.status).toBe(404);
      expect(refused.body).toEqual({ message: 'Game not found.' });
    }
    expect((await server.request<JoinCodeView>('GET', `/api/games/${game.id}/join-code`, { token: friend.token })).body).toEqual({ code: null, expiresAt: null, joins: [] });

    const first = await issue(server, friend.token, game.id);
    expect(isJoinCode(first)).toBe(true);
    // Every player sees the same live code, with its end 12 hours on.
    const shown = await server.request<JoinCodeView>('GET', `/api/games/${game.id}/join-code`, { token: host.token });
    expect(shown.body.code).toBe(first);
    expect(Date.parse(shown.body.expiresAt!) - Date.now()).toBeGreaterThan(JOIN_CODE_TTL_MS - 60_000);

    const second = await issue(server, host.token, game.id);
    expect(second).not.toBe(first);
    expect((await server.database.db.select().from(gameJoinCodes).where(eq(gameJoinCodes.gameId, game.id))).map((row) => row.code)).toEqual([second]);
    const old = await preview(server, stranger, first);
    expect(old.status).toBe(404);
    expect(old.body).toEqual(INVALID);
    expect((await preview(server, stranger, second)).status).toBe(200);
  });

  it('a code dies when its game ends, and stays dead when the game is resumed', async () => {
    const { host, game } = await table();
    const other = await server.newUser('late');
    const code = await issue(server, host.token, game.id);
    const end = await server.request('PUT', `/api/games/${game.id}`, { token: host.token, body: { status: 'FINISHED' } });
    expect(end.status).toBe(200);
    expect(await preview(server, other, code)).toMatchObject({ status: 404, body: INVALID });
    expect(await join(server, other, code, 1)).toMatchObject({ status: 404, body: INVALID });
    const ended = await server.request('POST', `/api/games/${game.id}/join-code`, { token: host.token });
    expect(ended).toMatchObject({ status: 409, body: { message: 'This game has ended.' } });
    expect((await server.request('PUT', `/api/games/${game.id}`, { token: host.token, body: { status: 'ACTIVE' } })).status).toBe(200);
    expect(await preview(server, other, code)).toMatchObject({ status: 404, body: INVALID });
  });

  it('a code expires 12 hours after it was issued', async () => {
    const clocked = await another();
    const { host, game } = await table(clocked);
    const other = await clocked.newUser('late');
    const code = await issue(clocked, host.token, game.id);
    clocked.advanceClock(JOIN_CODE_TTL_MS - 60_000);
    expect((await preview(clocked, other, code)).status).toBe(200);
    clocked.advanceClock(61_000);
    expect(await preview(clocked, other, code)).toMatchObject({ status: 404, body: INVALID });
    expect((await clocked.request<JoinCodeView>('GET', `/api/games/${game.id}/join-code`, { token: host.token })).body.code).toBeNull();
  });
});

describe('joining with a code', () => {
  it('shows the table without e-mails; a stranger takes a guest seat, the game is theirs and everyone hears it live', async () => {
    const { host, friend, game } = await table();
    await server.request('POST', `/api/games/${game.id}/increments`, { token: host.token, body: increment(1, -4) });
    const ana = await server.newUser('ana');
    await server.request('PUT', '/api/users/me', { token: ana.token, body: { displayName: 'Ana Joins' } });
    const code = await issue(server, host.token, game.id);

    // Typed in lower case with a space: the same code.
    const seen = await preview(server, ana, `${code.slice(0, 3).toLowerCase()} ${code.slice(3)}`);
    expect(seen.status).toBe(200);
    expect(seen.body).toEqual({
      gameId: game.id,
      hostName: host.user.displayName || host.username,
      startTime: game.startTime,
      seated: false,
      seats: [
        { seatNumber: 0, displayName: host.user.displayName || host.username, commanderName: "Atraxa, Praetors' Voice", partnerCommanderName: null, status: 'taken' },
        { seatNumber: 1, displayName: 'Gus', commanderName: 'Tymna the Weaver', partnerCommanderName: null, status: 'open' },
        { seatNumber: 2, displayName: friend.user.displayName || friend.username, commanderName: "Atraxa, Praetors' Voice", partnerCommanderName: null, status: 'taken' },
        { seatNumber: 3, displayName: 'Kim', commanderName: 'Tymna the Weaver', partnerCommanderName: null, status: 'open' },
      ],
    });
    expect(seen.text).not.toContain('@');
    expect((await server.request('GET', `/api/games/${game.id}`, { token: ana.token })).status).toBe(404);

    const hostSocket = await openSocket(`${server.wsUrl}/ws?token=${host.token}`);
    const friendSocket = await openSocket(`${server.wsUrl}/ws?token=${friend.token}`);
    const joined = await join(server, ana, code, 1);
    expect(joined.status).toBe(200);
    expect(joined.body.participants[1]).toMatchObject({ seatNumber: 1, role: 'guest', userId: ana.user.id, displayName: 'Ana Joins', guestName: 'Gus', accountEmail: null, lifeTotal: 36 });
    expect(joined.text).not.toContain('@guests.example');
    for (const socket of [hostSocket, friendSocket]) {
      const event = (await socket.next((m) => (m as { type?: string }).type === 'GAME_UPDATED')) as { payload: Game };
      expect(event.payload.participants[1]).toMatchObject({ userId: ana.user.id, displayName: 'Ana Joins' });
      socket.socket.close(1000);
    }
    // The game lists and syncs for the joiner, who plays it like anyone seated.
    expect((await server.request<Game[]>('GET', '/api/games', { token: ana.token })).body.map((g) => g.id)).toEqual([game.id]);
    expect((await server.request('POST', `/api/games/${game.id}/increments`, { token: ana.token, body: increment(1, -1) })).status).toBe(200);
    // The join sheet lists it for every player.
    const sheet = await server.request<JoinCodeView>('GET', `/api/games/${game.id}/join-code`, { token: friend.token });
    expect(sheet.body.joins).toEqual([{ seatNumber: 1, userId: ana.user.id, displayName: 'Ana Joins', joinedAt: expect.any(String) }]);

    // Seated already: the preview says so, and joining again changes nothing.
    expect((await preview(server, ana, code)).body.seated).toBe(true);
    const again = await join(server, ana, code, 3);
    expect(again.status).toBe(200);
    expect(again.body.participants[3]).toMatchObject({ userId: null, displayName: 'Kim' });
  });

  it('the second of two joins of one seat gets 409; taken and invited seats are not free', async () => {
    const host = await server.newUser('host');
    const invitee = await server.newUser('inv');
    const game = await createGame(server, host.token, gameBody([{ user: host.user }, { guest: 'Gus' }, { user: invitee.user, role: 'friend' }]), { befriend: false });
    expect(game.participants[2]).toMatchObject({ userId: null });
    const code = await issue(server, host.token, game.id);
    const [a, b, c] = await Promise.all([server.newUser('a'), server.newUser('b'), server.newUser('c')]);
    const answers = await Promise.all([join(server, a, code, 1), join(server, b, code, 1)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.status === 409)!.body).toEqual({ message: GameJoinText.seatTaken });
    expect(await join(server, c, code, 1)).toMatchObject({ status: 409, body: { message: GameJoinText.seatTaken } });
    expect(await join(server, c, code, 0)).toMatchObject({ status: 409, body: { message: GameJoinText.seatTaken } });
    expect(await join(server, c, code, 2)).toMatchObject({ status: 409, body: { message: GameJoinText.seatNotOpen } });
    expect((await preview(server, c, code)).body.seats.map((seat) => seat.status)).toEqual(['taken', 'taken', 'invited']);
    expect(await join(server, c, code, 5)).toMatchObject({ status: 400, body: { message: GameJoinText.noSuchSeat } });
  });

  it('a malformed code is 400; a wrong one is 404 and tells nothing', async () => {
    const me = await server.newUser('me');
    for (const code of ['ABC', 'ABCDE0', 'IIIIII', 'ABCDEFG', '']) {
      expect(await preview(server, me, code)).toMatchObject({ status: 400, body: { message: GameJoinText.badFormat } });
    }
    expect(await preview(server, me, 'ZZZZZZ')).toMatchObject({ status: 404, body: INVALID });
    expect(await join(server, me, 'ZZZZZZ', 1)).toMatchObject({ status: 404, body: INVALID });
  });

  it('a user the creator blocked cannot look or join, with the same answer as a wrong code', async () => {
    const { host, game } = await table();
    const blocked = await server.newUser('bl');
    expect((await server.request('POST', '/api/blocks', { token: host.token, body: { userId: blocked.user.id } })).status).toBe(201);
    const code = await issue(server, host.token, game.id);
    expect(await preview(server, blocked, code)).toMatchObject({ status: 404, body: INVALID });
    expect(await join(server, blocked, code, 1)).toMatchObject({ status: 404, body: INVALID });
    expect((await server.request<Game>('GET', `/api/games/${game.id}`, { token: host.token })).body.participants[1]!.userId).toBeNull();
  });

  it('the creator undoes a join: the seat is the guest seat it was, the joiner loses the game', async () => {
    const { host, friend, game } = await table();
    const code = await issue(server, host.token, game.id);
    const ana = await server.newUser('ana');
    expect((await join(server, ana, code, 1)).status).toBe(200);
    const stranger = await server.newUser('st');
    expect((await server.request('DELETE', `/api/games/${game.id}/joins/1`, { token: stranger.token })).status).toBe(404);
    expect(await server.request('DELETE', `/api/games/${game.id}/joins/1`, { token: friend.token })).toMatchObject({ status: 403, body: { message: GameJoinText.creatorOnly } });

    const anaSocket = await openSocket(`${server.wsUrl}/ws?token=${ana.token}`);
    const undone = await server.request<Game>('DELETE', `/api/games/${game.id}/joins/1`, { token: host.token });
    expect(undone.status).toBe(200);
    // As created: the guest's name, their masked e-mail (the creator's view), no account.
    expect(undone.body.participants[1]).toEqual(game.participants[1]);
    expect(game.participants[1]!.accountEmail).toMatch(/^g•••@/);
    expect((await anaSocket.next((m) => (m as { type?: string }).type === 'GAME_REMOVED')) as unknown).toMatchObject({ gameId: game.id });
    anaSocket.socket.close(1000);
    expect((await server.request('GET', `/api/games/${game.id}`, { token: ana.token })).status).toBe(404);
    expect((await server.request<Game[]>('GET', '/api/games', { token: ana.token })).body).toEqual([]);
    expect((await server.request<JoinCodeView>('GET', `/api/games/${game.id}/join-code`, { token: host.token })).body.joins).toEqual([]);
    expect(await server.request('DELETE', `/api/games/${game.id}/joins/1`, { token: host.token })).toMatchObject({ status: 404, body: { message: GameJoinText.joinGone } });
    // The seat is free again (the code still lives until renewed).
    expect((await join(server, ana, code, 1)).status).toBe(200);
  });
});

describe('the join budget', () => {
  it('the account that spends its joinCode budget on wrong codes gets 429 with a message', async () => {
    const limited = await another({ rateLimits: { scale: 1, writes: { joinCode: { perUser: { points: 3, durationSeconds: 3600 }, perIp: { points: 1000, durationSeconds: 3600 } } } } });
    const [guesser, other] = [await limited.newUser('gu'), await limited.newUser('ot')];
    for (const code of ['ZZZZZZ', 'ZZZZZY', 'ZZZZZX']) expect((await preview(limited, guesser, code)).status).toBe(404);
    const refused = await join(limited, guesser, 'ZZZZZW', 0);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ message: LimitText.tooManyWrites });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(60);
    // Another account from the same address still has its own.
    expect((await preview(limited, other, 'ZZZZZZ')).status).toBe(404);
  });

  it('the address budget holds across accounts, and a forged X-Forwarded-For does not reset it', async () => {
    const limited = await another({
      rateLimits: { scale: 1, writes: { joinCode: { perUser: { points: 1000, durationSeconds: 3600 }, perIp: { points: 3, durationSeconds: 3600 } }, register: { perIp: { points: 100, durationSeconds: 3600 } } } },
      config: { trustProxy: false },
    });
    const people = [];
    for (let i = 0; i < 4; i += 1) people.push(await limited.newUser(`ip${i}`));
    for (let i = 0; i < 3; i += 1) expect((await preview(limited, people[i]!, 'ZZZZZZ', { 'x-forwarded-for': `203.0.113.${i + 1}` })).status).toBe(404);
    const refused = await preview(limited, people[3]!, 'ZZZZZZ', { 'x-forwarded-for': '198.51.100.77' });
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ message: LimitText.tooManyWrites });
  });
});
