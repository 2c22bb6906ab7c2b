/**
 * The life series on the server: a pass through game.update (the sync path) and through PUT books
 * the new turn's start, an undone pass takes its point back, End game books the final life; what
 * is stored is what another player reads.
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

async function series(id: string) {
  const [row] = await server.database.db.select().from(games).where(eq(games.id, id));
  return row!.tableState?.lifeByTurn;
}

describe('the life series', () => {
  it('is booked by the pass and End game, taken back by an undone pass, and read by the other player', async () => {
    const host = await server.newUser('lsh');
    const player = await server.newUser('lsp');
    const game = await createGame(server, host.token, gameBody([{ user: host.user }, { user: player.user }]));
    const hit = (seat: number, delta: number) =>
      server.request('POST', `/api/games/${game.id}/increments`, { token: host.token, body: { id: randomUUID(), seat, counter: 'life', delta } });

    await hit(1, -6);
    const pass = randomUUID();
    await push(server, host.token, [mutation('game.update', { gameId: game.id, update: { eventId: pass, activeSeat: 1, turnNumber: 2 } })]);
    expect(await series(game.id)).toEqual([
      { turn: 1, life: { 0: 40, 1: 40 } },
      { turn: 2, life: { 0: 40, 1: 34 } },
    ]);

    // The pass undone (PUT): its point goes; passed again after a hit, turn 2 starts from then.
    const undo = await server.request('PUT', `/api/games/${game.id}`, { token: player.token, body: { eventId: randomUUID(), activeSeat: 0, turnNumber: 1, undoes: pass } });
    expect(undo.status).toBeLessThan(300);
    expect(await series(game.id)).toEqual([{ turn: 1, life: { 0: 40, 1: 40 } }]);
    await hit(0, -3);
    await server.request('PUT', `/api/games/${game.id}`, { token: host.token, body: { eventId: randomUUID(), activeSeat: 1, turnNumber: 2 } });

    await hit(1, -34);
    await push(server, player.token, [mutation('game.update', { gameId: game.id, update: { eventId: randomUUID(), status: 'FINISHED', result: { winnerSeat: 0 } } as never })]);
    const stored = [
      { turn: 1, life: { 0: 40, 1: 40 } },
      { turn: 2, life: { 0: 37, 1: 34 } },
      { turn: 2, life: { 0: 37, 1: 0 }, end: true },
    ];
    expect(await series(game.id)).toEqual(stored);
    const read = (await pull(server, player.token)).puts.games?.find((row) => row.id === game.id);
    expect(read?.table?.lifeByTurn).toEqual(stored);
    const rest = await server.request<Game>('GET', `/api/games/${game.id}`, { token: host.token });
    expect(rest.body.table?.lifeByTurn).toEqual(stored);
  });
});
