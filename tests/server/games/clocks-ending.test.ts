/**
 * The clocks and the quick end on the server: a pause and a resume through game.update stored
 * once each and read back by another player; a finished game stores how it was won, the turn and
 * who took out whom (REST and the mutation alike), with the turn times of its turns; details that
 * do not fit are refused with 400 and a message, storing nothing.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Game } from '../../../src/contract/game';
import { games } from '../../../server/db/schema';
import { startServer, type TestServer } from '../helpers';
import { mutation, pull, push } from '../sync/support';
import { createGame, gameBody } from './support';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.close();
});

async function storedRow(id: string) {
  const [row] = await server.database.db.select().from(games).where(eq(games.id, id));
  return row!;
}

const clock = (gameId: string, action: 'pause' | 'resume', eventId = randomUUID()) => mutation('game.update', { gameId, update: { eventId, clock: { action } } });

describe('pause and resume through game.update', () => {
  it('are stored with the game, applied once each, and read by the other player', async () => {
    const host = await server.newUser('clh');
    const player = await server.newUser('clp');
    const game = await createGame(server, host.token, gameBody([{ user: host.user }, { user: player.user }]));
    const pause = clock(game.id, 'pause');
    // The same pause twice (under another mutation id), then a second pause: one 'Clock paused'.
    const answer = await push(server, host.token, [pause, { ...pause, id: randomUUID() }, clock(game.id, 'pause')]);
    expect(answer.results.map((r) => r.status)).toEqual(['applied', 'applied', 'applied']);
    const paused = (await storedRow(game.id)).tableState?.clock;
    expect(paused?.pausedAt).toEqual(expect.any(String));
    const read = (await pull(server, player.token)).puts.games?.find((row) => row.id === game.id);
    expect(read?.table?.clock?.pausedAt).toBe(paused?.pausedAt);
    expect(read?.events.filter((e) => e.text === 'Clock paused')).toHaveLength(1);

    await push(server, player.token, [clock(game.id, 'resume')]);
    const resumed = (await storedRow(game.id)).tableState?.clock;
    expect(resumed?.pausedAt).toBeNull();
    expect(resumed?.pausedMs).toBeGreaterThanOrEqual(0);
    const rest = await server.request<Game>('GET', `/api/games/${game.id}`, { token: host.token });
    expect(rest.body.events.slice(0, 2).map((e) => e.text)).toEqual(['Clock resumed', 'Clock paused']);

    const bad = await server.request('PUT', `/api/games/${game.id}`, { token: host.token, body: { eventId: randomUUID(), clock: { action: 'stop' } } });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ message: expect.any(String) });
  });
});

describe('End game with how it was won and who took out whom', () => {
  it('stores the method, the turn and the eliminations, and the turn times of the turns played', async () => {
    const host = await server.newUser('qeh');
    const player = await server.newUser('qep');
    const game = await createGame(server, host.token, gameBody([{ user: host.user }, { user: player.user }, { guest: 'Gus' }]));
    await push(server, host.token, [mutation('game.update', { gameId: game.id, update: { eventId: randomUUID(), activeSeat: 1, turnNumber: 2 } })]);
    // Gus goes out to 21 from the player's commander.
    await server.request('POST', `/api/games/${game.id}/increments`, {
      token: host.token,
      body: { id: randomUUID(), seat: 2, counter: 'commanderDamage', delta: 21, source: { seat: 1, which: 'commander' } },
    });
    const result = {
      winnerSeat: 1,
      outOrder: [2, 0],
      winMethod: 'commanderDamage',
      eliminations: [
        { seat: 2, bySeat: 1, how: 'commanderDamage' },
        { seat: 0, bySeat: null, how: 'concession' },
      ],
    };
    const ended = await push(server, player.token, [mutation('game.update', { gameId: game.id, update: { eventId: randomUUID(), status: 'FINISHED', result } as never })]);
    expect(ended.results[0]?.status).toBe('applied');

    const row = await storedRow(game.id);
    expect(row.result).toMatchObject({ ...result, onTurn: 2, draw: false });
    expect(row.tableState?.clock?.turnLog.map((t) => [t.turnNumber, t.seat])).toEqual([
      [1, 0],
      [2, 1],
    ]);
    expect(Object.keys(row.tableState?.clock?.turnMs ?? {}).sort()).toEqual(['0', '1']);
    const read = await server.request<Game>('GET', `/api/games/${game.id}`, { token: host.token });
    expect(read.body.result).toEqual(row.result);
    expect(read.body.events[0]?.text).toBe(`Game over: ${player.username} wins by commander damage`);
  });

  it('refuses details that do not fit with 400 and a message, storing nothing', async () => {
    const host = await server.newUser('qeb');
    const game = await createGame(server, host.token, gameBody([{ user: host.user }, { guest: 'Gus' }, { guest: 'Kim' }]));
    const end = (result: Record<string, unknown>) => ({ status: 'FINISHED', eventId: randomUUID(), result });
    const cases: Array<[unknown, string]> = [
      [end({ winnerSeat: 0, eliminations: [{ seat: 0, bySeat: 1, how: 'combat' }] }), 'The winner cannot be among the players taken out.'],
      [end({ winnerSeat: 0, eliminations: [{ seat: 1, bySeat: 6, how: 'combat' }] }), 'There is no such player in this game.'],
      [end({ winnerSeat: 0, eliminations: [{ seat: 7, bySeat: null, how: 'combat' }] }), 'There is no such player in this game.'],
      [end({ winnerSeat: 0, eliminations: [{ seat: 1, bySeat: 1, how: 'combat' }] }), 'A player is not taken out by themselves: leave who did it empty.'],
      [end({ winnerSeat: 0, eliminations: [{ seat: 1, bySeat: null, how: 'combat' }, { seat: 1, bySeat: 0, how: 'poison' }] }), 'Each player is taken out once.'],
      [end({ winnerSeat: null, winMethod: 'combat' }), 'Only a game with a winner has a way it was won.'],
      [end({ winnerSeat: 0, winMethod: 'combat', onTurn: 3 }), 'The game is on turn 1: it cannot have ended on a later turn.'],
    ];
    for (const [body, message] of cases) {
      const answer = await server.request('PUT', `/api/games/${game.id}`, { token: host.token, body });
      expect([answer.status, answer.body], JSON.stringify(body)).toEqual([400, { message }]);
    }
    const badMethod = await server.request('PUT', `/api/games/${game.id}`, { token: host.token, body: end({ winnerSeat: 0, winMethod: 'luck' }) });
    expect([badMethod.status, typeof (badMethod.body as { message?: unknown }).message]).toEqual([400, 'string']);
    const refused = await push(server, host.token, [mutation('game.update', { gameId: game.id, update: end({ winnerSeat: 0, eliminations: [{ seat: 0, bySeat: null, how: 'combat' }] }) as never })]);
    expect(refused.results[0]).toMatchObject({ status: 'refused', code: 400, message: expect.stringContaining('The winner cannot be among the players taken out.') });

    const row = await storedRow(game.id);
    expect([row.status, row.result]).toEqual(['ACTIVE', null]);
  });
});
