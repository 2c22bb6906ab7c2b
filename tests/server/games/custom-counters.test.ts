/**
 * Custom named counters on the server, through the game.update mutation and PUT /api/games/{id}:
 * stored in the game's table state, read back by another player (pull, live event, REST),
 * each change once; two phones' creates of one name merged with every step counted; bad names
 * and full owners refused with the app's texts.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Game } from '../../../src/contract/game';
import { games } from '../../../server/db/schema';
import { openSocket, startServer, type TestServer } from '../helpers';
import { mutation, pull, push } from '../sync/support';
import { createGame, gameBody } from './support';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.close();
});

const isGameUpdated = (id: string) => (m: unknown) => (m as { type?: string; payload?: { id?: string } }).type === 'GAME_UPDATED' && (m as { payload: { id: string } }).payload.id === id;

async function storedCounters(id: string) {
  const [row] = await server.database.db.select().from(games).where(eq(games.id, id));
  return row!.tableState?.customCounters;
}

type CounterChange = { action: 'create'; id: string; name: string; seat: number | null } | { action: 'step'; id: string; step: 1 | -1 } | { action: 'remove'; id: string };
const change = (gameId: string, customCounter: CounterChange, eventId = randomUUID()) => mutation('game.update', { gameId, update: { eventId, customCounter } });

describe('custom counters through the game.update mutation', () => {
  it('are stored with the game and read back by another player (pull, live event, REST), once each', async () => {
    const host = await server.newUser('cch');
    const player = await server.newUser('ccp');
    const game = await createGame(server, host.token, gameBody([{ user: host.user }, { user: player.user }, { guest: 'Gus' }]));
    const socket = await openSocket(`${server.wsUrl}/ws?token=${player.token}`);
    const { cursor } = await pull(server, player.token);
    const storm = randomUUID();
    const treasure = randomUUID();
    const createStorm = { eventId: randomUUID(), customCounter: { action: 'create', id: storm, name: ' Storm ', seat: 1 } } as const;
    const answer = await push(server, host.token, [
      mutation('game.update', { gameId: game.id, update: createStorm }),
      change(game.id, { action: 'step', id: storm, step: 1 }),
      change(game.id, { action: 'step', id: storm, step: 1 }),
      change(game.id, { action: 'create', id: treasure, name: 'Treasure', seat: null }),
      change(game.id, { action: 'step', id: treasure, step: -1 }),
    ]);
    expect(answer.results.map((r) => r.status)).toEqual(['applied', 'applied', 'applied', 'applied', 'applied']);

    const expected = [
      { id: storm, name: 'Storm', seat: 1, value: 2 },
      { id: treasure, name: 'Treasure', seat: null, value: 0 },
    ];
    expect(await storedCounters(game.id)).toEqual(expected);
    const pulled = (await pull(server, player.token, cursor)).puts.games?.find((row) => row.id === game.id);
    expect(pulled?.table?.customCounters).toEqual(expected);
    expect(pulled?.events.slice(0, 4).map((e) => e.text)).toEqual(['Table: Treasure created', `${player.username}: Storm 2`, `${player.username}: Storm 1`, `${player.username}: Storm created`]);
    await socket.next((m) => isGameUpdated(game.id)(m) && (m as { payload: Game }).payload.table?.customCounters?.length === 2);
    const read = (await server.request<Game>('GET', `/api/games/${game.id}`, { token: player.token })).body;
    expect(read.table?.customCounters).toEqual(expected);

    // The same create again (a repeat under another mutation id) changes nothing; another player's step counts.
    await push(server, host.token, [mutation('game.update', { gameId: game.id, update: createStorm })]);
    await push(server, player.token, [change(game.id, { action: 'step', id: storm, step: 1 })]);
    expect((await storedCounters(game.id))?.[0]?.value).toBe(3);

    // Removed with its value; a step that arrives after the removal changes nothing.
    await push(server, player.token, [change(game.id, { action: 'remove', id: treasure })]);
    const late = await push(server, host.token, [change(game.id, { action: 'step', id: treasure, step: 1 })]);
    expect(late.results[0]?.status).toBe('applied');
    expect(await storedCounters(game.id)).toEqual([{ id: storm, name: 'Storm', seat: 1, value: 3 }]);
    const events = (await server.request<Game>('GET', `/api/games/${game.id}`, { token: host.token })).body.events;
    expect(events[0]?.text).toBe("The table's Treasure counter removed (it was 0)");
    socket.socket.close(1000);
  });

  it('two phones that created the same name offline get one counter, with every step of both', async () => {
    const host = await server.newUser('cc2');
    const game = await createGame(server, host.token, gameBody([{ user: host.user }, { guest: 'Ben' }]));
    const onA = randomUUID();
    const onB = randomUUID();
    // Phone A's queue, then phone B's, each made offline.
    await push(server, host.token, [change(game.id, { action: 'create', id: onA, name: 'Storm', seat: 1 }), change(game.id, { action: 'step', id: onA, step: 1 })]);
    const b = await push(server, host.token, [
      change(game.id, { action: 'create', id: onB, name: 'STORM', seat: 1 }),
      change(game.id, { action: 'step', id: onB, step: 1 }),
      change(game.id, { action: 'step', id: onB, step: 1 }),
    ]);
    expect(b.results.map((r) => r.status)).toEqual(['applied', 'applied', 'applied']);
    expect(await storedCounters(game.id)).toEqual([{ id: onA, name: 'Storm', seat: 1, value: 3, aliases: [onB] }]);
  });

  it('refuses bad names, an unknown player, a step of 2 and a full owner, with clear texts', async () => {
    const host = await server.newUser('cc3');
    const game = await createGame(server, host.token, gameBody([{ user: host.user }, { guest: 'Ben' }]));
    const refused = await push(server, host.token, [
      change(game.id, { action: 'create', id: randomUUID(), name: '   ', seat: 0 }),
      change(game.id, { action: 'create', id: randomUUID(), name: 'x'.repeat(25), seat: 0 }),
      change(game.id, { action: 'create', id: randomUUID(), name: 'Storm', seat: 5 }),
      change(game.id, { action: 'step', id: randomUUID(), step: 2 as 1 }),
    ]);
    expect(refused.results.map((r) => r.status)).toEqual(['refused', 'refused', 'refused', 'refused']);
    expect(refused.results.slice(0, 3).map((r) => (r.status === 'refused' ? r.message : ''))).toEqual([
      expect.stringContaining('Give the counter a name.'),
      expect.stringContaining('A counter name is at most 24 characters.'),
      'There is no such player in this game.',
    ]);

    const full = Array.from({ length: 8 }, (_, i) => change(game.id, { action: 'create', id: randomUUID(), name: `T${i}`, seat: null }));
    expect((await push(server, host.token, full)).results.every((r) => r.status === 'applied')).toBe(true);
    const ninth = await push(server, host.token, [change(game.id, { action: 'create', id: randomUUID(), name: 'Ninth', seat: null })]);
    expect(ninth.results[0]).toMatchObject({ status: 'refused', code: 400, message: 'The table already has 8 counters. Remove one to add another.' });
    const rest = await server.request('PUT', `/api/games/${game.id}`, {
      token: host.token,
      body: { eventId: randomUUID(), customCounter: { action: 'create', id: randomUUID(), name: 'Ninth', seat: null } },
    });
    expect([rest.status, rest.body]).toEqual([400, { message: 'The table already has 8 counters. Remove one to add another.' }]);
    const long = await server.request('PUT', `/api/games/${game.id}`, {
      token: host.token,
      body: { eventId: randomUUID(), customCounter: { action: 'create', id: randomUUID(), name: 'y'.repeat(25), seat: 1 } },
    });
    expect(long.status).toBe(400);
    expect(await storedCounters(game.id)).toHaveLength(8);
  });
});
