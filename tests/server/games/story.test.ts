/**
 * The whole story of a game: every logged event kept in game_story with the change that logged
 * it, read a page at a time (GET /api/games/:id/story) by whoever may read the game, and the
 * record that makes an undo of any entry, however old, happen once.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECENT_EVENTS_MAX, type Game, type GameEvent } from '../../../src/contract/game';
import type { GameStoryPage } from '../../../src/contract/game-story';
import { gameStory } from '../../../server/db/schema';
import { readKindFor } from '../../../server/limits/policies';
import { startServer, type TestServer } from '../helpers';
import { createGame, gameBody, increment, insertPod } from './support';

let server: TestServer;
let host: Awaited<ReturnType<TestServer['newUser']>>;
let player: Awaited<ReturnType<TestServer['newUser']>>;
beforeAll(async () => {
  server = await startServer();
  host = await server.newUser('story');
  player = await server.newUser('storyp');
});
afterAll(async () => {
  await server?.close();
});

const newGame = (podId: string | null = null) =>
  createGame(server, host.token, gameBody([{ user: host.user }, { user: player.user, role: podId ? 'pod' : undefined }, { guest: 'Gus' }], { podId }));
const send = (game: Game, body: unknown, token = host.token) => server.request<Game>('POST', `/api/games/${game.id}/increments`, { token, body });
const put = (game: Game, body: unknown, token = host.token) => server.request<Game>('PUT', `/api/games/${game.id}`, { token, body });
const story = (game: Game, query = '', token = host.token) => server.request<GameStoryPage & { message?: string }>('GET', `/api/games/${game.id}/story${query}`, { token });

async function storedStory(gameId: string) {
  return server.database.db.select().from(gameStory).where(eq(gameStory.gameId, gameId)).orderBy(asc(gameStory.position));
}

/** `count` life changes of −1 on seat 1; the last answer. */
async function taps(game: Game, count: number): Promise<Game> {
  let last = game;
  for (let i = 0; i < count; i += 1) last = (await send(game, increment(1, -1))).body;
  return last;
}

describe('the story is written with each change', () => {
  it('keeps every event in order, with no gaps, while the game keeps its 25', async () => {
    const game = await newGame();
    await taps(game, 28);
    const passed = await put(game, { activeSeat: 1, turnNumber: 2, eventId: randomUUID() });
    expect(passed.status).toBe(200);
    const crowned = await put(game, { monarchSeat: 0, eventId: randomUUID() });
    expect(crowned.body.events).toHaveLength(RECENT_EVENTS_MAX);

    const rows = await storedStory(game.id);
    expect(rows.map((row) => row.position)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    expect(rows.slice(0, 28).every((row) => row.event.kind === 'counter' && row.event.delta === -1)).toBe(true);
    expect(rows[28]!.event).toMatchObject({ kind: 'turn', turnNumber: 2 });
    expect(rows[29]!.event).toMatchObject({ kind: 'marker', text: `${host.user.displayName ?? host.user.username} became the monarch` });
    // The newest 25 are exactly the game's own log.
    expect(rows.slice(-RECENT_EVENTS_MAX).reverse().map((row) => row.eventId)).toEqual(crowned.body.events.map((event) => event.id));
  });

  it('a repeated change adds nothing to the story', async () => {
    const game = await newGame();
    const hit = increment(1, -5);
    await send(game, hit);
    await send(game, hit, player.token);
    expect(await storedStory(game.id)).toHaveLength(1);
  });
});

describe('GET /api/games/:id/story', () => {
  it('answers pages newest first with the cursor of the next older page, null at the first entry', async () => {
    const game = await newGame();
    await taps(game, 23);
    const first = await story(game, '?limit=10');
    expect(first.status).toBe(200);
    expect(first.body.entries.map((entry) => entry.position)).toEqual([23, 22, 21, 20, 19, 18, 17, 16, 15, 14]);
    expect(first.body.next).toBe(14);
    const second = await story(game, `?limit=10&before=${first.body.next}`);
    expect(second.body.entries.map((entry) => entry.position)).toEqual([13, 12, 11, 10, 9, 8, 7, 6, 5, 4]);
    const last = await story(game, `?limit=10&before=${second.body.next}`);
    expect(last.body.entries.map((entry) => entry.position)).toEqual([3, 2, 1]);
    expect(last.body.next).toBeNull();
    // Every entry is an event as the game logged it.
    const all = [...first.body.entries, ...second.body.entries, ...last.body.entries].map((entry) => entry.event);
    expect(new Set(all.map((event: GameEvent) => event.id)).size).toBe(23);
    expect(all.every((event) => event.kind === 'counter' && event.seat === 1 && event.delta === -1)).toBe(true);
    // Without a limit: the default page holds them all.
    expect((await story(game)).body.entries).toHaveLength(23);
  });

  it('refuses a bad page with a message', async () => {
    const game = await newGame();
    for (const query of ['?limit=0', '?limit=101', '?before=abc', '?before=0']) {
      const answer = await story(game, query);
      expect(answer.status, query).toBe(400);
      expect(answer.body.message, query).toBeTruthy();
    }
  });

  it('is read by exactly those who may read the game: a stranger gets the 404 of GET /api/games/:id', async () => {
    const stranger = await server.newUser('strng');
    const member = await server.newUser('membr');
    const podId = await insertPod(server, host.user, [player.user, member.user]);
    const game = await newGame(podId);
    await taps(game, 2);
    for (const reader of [host, player]) expect((await story(game, '', reader.token)).status).toBe(200);
    for (const outsider of [stranger, member]) {
      const asked = await story(game, '', outsider.token);
      const read = await server.request('GET', `/api/games/${game.id}`, { token: outsider.token });
      expect(read.status).toBe(404);
      expect(asked.status).toBe(404);
      expect(asked.body.entries).toBeUndefined();
    }
    // Once ended, the pod's members read the game, and so its story (the same rule).
    expect((await put(game, { status: 'FINISHED', eventId: randomUUID() })).status).toBe(200);
    const ended = await story(game, '', member.token);
    expect(ended.status).toBe(200);
    expect(ended.body.entries[0]!.event.kind).toBe('status');
    expect((await story(game, '', stranger.token)).status).toBe(404);
    expect((await server.request('GET', `/api/games/${randomUUID()}/story`, { token: host.token })).status).toBe(404);
  });

  it('counts against the list read budget', () => {
    expect(readKindFor('GET', '/api/games/:id/story', undefined)).toBe('list');
  });
});

describe('undo of any entry', () => {
  it('undoes an entry long out of the 25 once, whichever phone asks; an undo is not undone', async () => {
    const game = await newGame();
    const old = increment(1, -7);
    await send(game, old);
    const later = await taps(game, 30);
    expect(later.events.some((event) => event.id === old.id)).toBe(false);
    expect(later.participants[1]!.lifeTotal).toBe(3);

    const undo = { ...increment(1, 7), undoes: old.id };
    const undone = await send(game, undo);
    expect(undone.body.participants[1]!.lifeTotal).toBe(10);
    expect(undone.body.events[0]).toMatchObject({ kind: 'undo', undoes: old.id, delta: 7 });

    // The same entry undone again from another phone (another change id): nothing changes.
    const again = await send(game, { ...increment(1, 7), undoes: old.id }, player.token);
    expect(again.status).toBe(200);
    expect(again.body.participants[1]!.lifeTotal).toBe(10);
    // An undo entry is not undone (no redo).
    const redo = await send(game, { ...increment(1, -7), undoes: undo.id }, player.token);
    expect(redo.body.participants[1]!.lifeTotal).toBe(10);

    const rows = await storedStory(game.id);
    expect(rows.filter((row) => row.event.undoes === old.id)).toHaveLength(1);
    expect(rows.filter((row) => row.event.kind === 'undo')).toHaveLength(1);
    expect(rows).toHaveLength(32);
  });
});

describe('undo of a marker entry', () => {
  it('puts the monarch back once, however far back the entry and its undo are; the undo is stored in the story', async () => {
    const game = await newGame();
    const hostName = host.user.displayName ?? host.user.username;
    const playerName = player.user.displayName ?? player.user.username;
    const crowned = randomUUID();
    const passed = randomUUID();
    await put(game, { monarchSeat: 0, eventId: crowned });
    await put(game, { monarchSeat: 1, eventId: passed });
    await taps(game, 30);
    const entry = (await storedStory(game.id)).find((row) => row.eventId === passed)!.event;
    expect(entry.change).toEqual({ kind: 'monarch', seat: 1, before: 0 });

    const undoId = randomUUID();
    const undone = await put(game, { eventId: undoId, undoes: passed, undo: entry.change });
    expect(undone.status).toBe(200);
    expect(undone.body.table?.monarchSeat).toBe(0);
    expect(undone.body.events[0]).toMatchObject({ id: undoId, kind: 'undo', undoes: passed, text: `Undo: ${playerName} became the monarch` });

    // The monarch changes hands again, and the undo leaves the game's 25: only the story knows it.
    await put(game, { monarchSeat: 1, eventId: randomUUID() });
    const later = await taps(game, 30);
    expect(later.events.some((event) => event.id === undoId)).toBe(false);
    // The same entry undone again from another phone: refused as spent, the monarch stays.
    const again = await put(game, { eventId: randomUUID(), undoes: passed, undo: entry.change }, player.token);
    expect(again.status).toBe(200);
    expect(again.body.table?.monarchSeat).toBe(1);
    // An undo whose record is not the entry's changes nothing either.
    const forged = await put(game, { eventId: randomUUID(), undoes: crowned, undo: { kind: 'monarch', seat: 1, before: 2 } });
    expect(forged.body.table?.monarchSeat).toBe(1);

    const rows = await storedStory(game.id);
    const undos = rows.filter((row) => row.event.kind === 'undo');
    expect(undos.map((row) => [row.eventId, row.undoes, row.event.text])).toEqual([[undoId, passed, `Undo: ${playerName} became the monarch`]]);
    expect(rows.find((row) => row.eventId === crowned)!.event.text).toBe(`${hostName} became the monarch`);
    expect((await server.request<Game>('GET', `/api/games/${game.id}`, { token: host.token })).body.table?.monarchSeat).toBe(1);
  });
});

describe('games stored before the story', () => {
  it('start their story with the 25 events they kept: the migration gives them those, oldest first', async () => {
    const game = await newGame();
    const last = await taps(game, 30);
    await server.database.db.delete(gameStory).where(eq(gameStory.gameId, game.id));

    const migration = readFileSync(new URL('../../../server/db/migrations/0012_game_story.sql', import.meta.url), 'utf8');
    const backfill = migration.split('--> statement-breakpoint').at(-1)!;
    await server.database.db.execute(sql.raw(backfill));

    const rows = await storedStory(game.id);
    expect(rows.map((row) => row.position)).toEqual(Array.from({ length: RECENT_EVENTS_MAX }, (_, i) => i + 1));
    expect(rows.map((row) => row.eventId).reverse()).toEqual(last.events.map((event) => event.id));
    // The next change goes on from there.
    await send(game, increment(2, -1));
    const page = await story(game, '?limit=1');
    expect(page.body.entries[0]).toMatchObject({ position: 26, event: { seat: 2 } });
  });
});
