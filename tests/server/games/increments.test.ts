/** POST /api/games/:id/increments: exactly once, concurrent increments add up, rules, ended games. */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { GameText, RECENT_EVENTS_MAX, type Game } from '../../../src/contract/game';
import { IDEMPOTENCY_KEY_HEADER } from '../../../src/contract/limits';
import { gameChanges, games } from '../../../server/db/schema';
import { REPLAYED_HEADER } from '../../../server/idempotency';
import { startServer, type TestServer } from '../helpers';
import { createGame, gameBody, increment } from './support';

let server: TestServer;
let host: Awaited<ReturnType<TestServer['newUser']>>;
let player: Awaited<ReturnType<TestServer['newUser']>>;
beforeAll(async () => {
  server = await startServer();
  host = await server.newUser('inc');
  player = await server.newUser('plr');
});
afterAll(async () => {
  await server?.close();
});

const newGame = () => createGame(server, host.token, gameBody([{ user: host.user }, { user: player.user }, { guest: 'Gus', partner: 'Thrasios, Triton Hero' }]));
const send = (game: Game, body: unknown, token = host.token, headers: Record<string, string> = {}) =>
  server.request<Game & { message?: string }>('POST', `/api/games/${game.id}/increments`, { token, body, headers });

async function stored(gameId: string) {
  const [row] = await server.database.db.select().from(games).where(eq(games.id, gameId));
  return row!;
}

describe('exactly once', () => {
  it('the same increment id twice changes the game once; the second answer is the current game', async () => {
    const game = await newGame();
    const hit = increment(1, -5);
    const first = await send(game, hit);
    expect(first.status).toBe(200);
    expect(first.body.participants[1]!.lifeTotal).toBe(35);
    expect(first.body.events).toEqual([expect.objectContaining({ id: hit.id, kind: 'counter', seat: 1, counter: 'life', delta: -5 })]);

    const other = await send(game, increment(0, 1), player.token);
    const repeat = await send(game, hit, player.token);
    expect(repeat.status).toBe(200);
    expect(repeat.body).toEqual(other.body);
    expect((await stored(game.id)).participants[1]!.lifeTotal).toBe(35);
  });

  it('two different increments sent at the same time both land', async () => {
    const game = await newGame();
    const burst = Array.from({ length: 12 }, (_, i) => increment(i % 3, -1));
    const answers = await Promise.all(burst.map((inc, i) => send(game, inc, i % 2 ? player.token : host.token)));
    expect(answers.map((a) => a.status)).toEqual(burst.map(() => 200));
    const row = await stored(game.id);
    expect(row.participants.map((p) => p.lifeTotal)).toEqual([36, 36, 36]);
    const applied = await server.database.db.select().from(gameChanges).where(eq(gameChanges.gameId, game.id));
    expect(applied.map((c) => c.changeId).sort()).toEqual(burst.map((inc) => inc.id).sort());
  });

  it('a replay with the same Idempotency-Key gets the same answer and changes nothing', async () => {
    const game = await newGame();
    const key = randomUUID();
    const hit = increment(0, -3);
    const first = await send(game, hit, host.token, { [IDEMPOTENCY_KEY_HEADER]: key });
    await send(game, increment(0, -1));
    const replay = await send(game, hit, host.token, { [IDEMPOTENCY_KEY_HEADER]: key });
    expect(replay.status).toBe(200);
    expect(replay.headers.get(REPLAYED_HEADER)).toBe('true');
    expect(replay.body).toEqual(first.body);
    expect((await stored(game.id)).participants[0]!.lifeTotal).toBe(36);
  });

  it('remembers applied ids after they leave the 25-event log', async () => {
    const game = await newGame();
    const oldest = increment(2, -2);
    await send(game, oldest);
    for (let i = 0; i < RECENT_EVENTS_MAX; i += 1) await send(game, increment(0, 1));
    const now = await server.request<Game>('GET', `/api/games/${game.id}`, { token: host.token });
    expect(now.body.events).toHaveLength(RECENT_EVENTS_MAX);
    expect(now.body.events.some((e) => e.id === oldest.id)).toBe(false);
    const late = await send(game, oldest);
    expect(late.status).toBe(200);
    expect(late.body).toEqual(now.body);
    expect(late.body.participants[2]!.lifeTotal).toBe(38);
  });

  it('an event is undone once, whichever device sends the undo', async () => {
    const game = await newGame();
    const poison = increment(1, 3, { counter: 'poison' });
    await send(game, poison);
    const undoA = await send(game, { ...increment(1, -3, { counter: 'poison' }), undoes: poison.id });
    expect(undoA.body.participants[1]!.poisonCounters).toBe(0);
    expect(undoA.body.events[0]).toMatchObject({ kind: 'undo', undoes: poison.id });
    await send(game, increment(1, 2, { counter: 'poison' }));
    const undoB = await send(game, { ...increment(1, -3, { counter: 'poison' }), undoes: poison.id }, player.token);
    expect(undoB.status).toBe(200);
    expect(undoB.body.participants[1]!.poisonCounters).toBe(2);
    const undos = await server.database.db
      .select()
      .from(gameChanges)
      .where(and(eq(gameChanges.gameId, game.id), eq(gameChanges.undoes, poison.id)));
    expect(undos).toHaveLength(1);
  });
});

describe('rules', () => {
  it('clamps counters at 0, tracks commander damage per source (also life), and marks players out', async () => {
    const game = await newGame();
    const clamped = await send(game, increment(0, -4, { counter: 'energy' }));
    expect(clamped.body.participants[0]!.energyCounters).toBe(0);
    expect(clamped.body.events[0]!.delta).toBe(0);

    const source = { seat: 2, which: 'partner' };
    await send(game, increment(0, 20, { counter: 'commanderDamage', source }));
    const lethal = await send(game, increment(0, 1, { counter: 'commanderDamage', source }));
    expect(lethal.body.participants[0]).toMatchObject({ commanderDamage: { '2:partner': 21 }, lifeTotal: 19, out: true });

    const dead = await send(game, increment(1, -45));
    expect(dead.body.participants[1]).toMatchObject({ lifeTotal: -5, out: true });
  });

  it.each([
    ['a seat nobody sits in', { seat: 5 }, 'There is no player in seat 6.'],
    ['a partner that does not exist', { seat: 0, counter: 'commanderDamage', source: { seat: 1, which: 'partner' } }, 'has no partner commander.'],
    ['commander damage without a source', { counter: 'commanderDamage' }, 'Commander damage needs its source commander.'],
    ['a source on life', { source: { seat: 1, which: 'commander' } }, 'Only commander damage and commander tax have a source.'],
    ['a big delta', { delta: 101 }, 'Too big: expected number to be <=100'],
    ['a zero delta', { delta: 0 }, 'A change of 0 changes nothing.'],
    ['a fractional delta', { delta: 1.5 }, 'Invalid input: expected int, received number'],
    ['a string delta', { delta: '5' }, 'delta: Invalid input: expected number, received string'],
    ['an unknown counter', { counter: 'mana' }, 'Invalid option'],
    ['a non-UUID id', { id: 'inc-1' }, 'id must be a UUID.'],
  ])('refuses %s with 400 and changes nothing', async (_label, change, message) => {
    const game = await newGame();
    const answer = await send(game, { ...increment(1, -1), ...change });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toContain(message);
    expect((await stored(game.id)).participants.map((p) => [p.lifeTotal, p.commanderDamage])).toEqual([[40, {}], [40, {}], [40, {}]]);
    expect((await stored(game.id)).events).toEqual([]);
  });

  it('a finished game refuses increments with 409, but a repeat of an applied one still answers 200', async () => {
    const game = await newGame();
    const before = increment(0, -1);
    await send(game, before);
    await server.request('PUT', `/api/games/${game.id}`, { token: host.token, body: { status: 'FINISHED', eventId: randomUUID() } });
    const refused = await send(game, increment(0, -1));
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ message: GameText.gameEnded });
    const repeat = await send(game, before);
    expect(repeat.status).toBe(200);
    expect(repeat.body.status).toBe('FINISHED');
    expect((await stored(game.id)).participants[0]!.lifeTotal).toBe(39);
  });

  it('an unknown game is a 404', async () => {
    const answer = await server.request('POST', `/api/games/${randomUUID()}/increments`, { token: host.token, body: increment(0, 1) });
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({ message: 'Game not found.' });
  });
});
