/**
 * Older finished games on demand (src/sync/actions/older-games.ts, src/db/queries/game-history.ts):
 * pages read from the newest on (the first pull's games leave gaps in finished order, so the
 * oldest held game is no cursor), then from where the trail stops by finished-at and id; a call
 * goes on until the list grows at its bottom; the end is remembered and trusted only while the
 * mirror holds the game it names; a held game is never replaced by a page's copy; no answer is
 * 'offline'.
 */
import { describe, expect, it } from 'vitest';
import { createGameBody, type Game } from '../../../src/contract/game';
import { compareFinished, FINISHED_GAMES_PAGE, finishedPosition } from '../../../src/contract/game-history';
import { gameHistoryKey, gameHistoryTrail } from '../../../src/db/queries/game-history';
import type { PodTableDB } from '../../../src/db/schema';
import { endGame } from '../../../src/game/ending';
import { layoutFor } from '../../../src/game/layouts';
import { startGame } from '../../../src/game/start';
import { createOlderGames } from '../../../src/sync/actions/older-games';
import { applyServerData } from '../../../src/sync/engine/apply-server';
import { fail, freshDb, offline, scriptedApi, type RecordedCall } from './helpers';

const ME = 'u1';
const POD = '00000000-0000-4000-8000-00000000beef';

/** Finished game n (higher n finished later); every three end at one instant, so pages split ties. */
function finished(n: number, podId: string | null = null): Game {
  const body = createGameBody.parse({
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    podId,
    layoutPreset: 'duo-classic',
    seats: layoutFor(2, 'duo-classic').seats,
    activeSeat: 0,
    participants: [
      { seatNumber: 0, role: 'self', displayName: 'Me', userId: ME, deckName: 'Mine', commanderName: 'Atraxa' },
      { seatNumber: 1, role: 'guest', displayName: 'Dee', guestName: 'Dee', accountEmail: 'dee@example.test', deckName: 'Hers', commanderName: 'Edgar Markov' },
    ],
  });
  const start = new Date(Date.UTC(2026, 0, 1) + n * 3_600_000).toISOString();
  const end = new Date(Date.UTC(2026, 0, 1) + Math.floor(n / 3) * 7_200_000 + 5_000_000).toISOString();
  return { ...endGame(startGame(body, { createdById: ME, at: start }), { winnerSeat: 0 }, { at: end }), rev: 2 };
}
const range = (from: number, to: number, podId: string | null = null) => Array.from({ length: to - from }, (_, i) => finished(from + i, podId));

/** A server holding `all` that answers pages like the real route: newest finished first, strictly after (before, beforeId), `limit` at most. */
function serverWith(all: Game[]) {
  const order = [...all].sort((a, b) => compareFinished(finishedPosition(a), finishedPosition(b)));
  return (call: RecordedCall) => {
    const url = new URL(call.path, 'http://x');
    expect(url.pathname).toBe('/api/games/finished');
    const limit = Number(url.searchParams.get('limit'));
    const before = url.searchParams.get('before');
    const beforeId = url.searchParams.get('beforeId') ?? '';
    const pod = url.searchParams.get('pod');
    const after = order.filter((game) => (!pod || game.podId === pod) && (!before || compareFinished(finishedPosition(game), { finishedAt: before, id: beforeId || '' }) > 0));
    return after.slice(0, limit);
  };
}

const heldIds = async (db: PodTableDB) => (await db.games.toArray()).map((game) => game.id).sort();
const idsOf = (games: Game[]) => games.map((game) => game.id).sort();

describe('older finished games', () => {
  it('reads from the newest past what the first pull left out of order, then on from the trail by finished-at and id, to the end', async () => {
    const db = await freshDb(ME);
    const all = range(0, 101);
    // The first pull: the newest 20 by start, and one old game (a gap in finished order between them).
    await applyServerData(db, { puts: { games: [...all.slice(81), all[5]!] } });
    const api = scriptedApi(serverWith(all));
    const older = createOlderGames(db, api);

    // Pages over what is held add nothing to see: the call reads on until the list grows below its oldest game (all[5]).
    expect(await older.load()).toBe('more');
    expect(api.calls[0]!.path).toBe(`/api/games/finished?limit=${FINISHED_GAMES_PAGE}`);
    expect(api.calls).toHaveLength(4);
    expect(await heldIds(db)).toEqual(idsOf(all.slice(1)));
    const trail = await gameHistoryTrail(db);
    expect(trail).toEqual({ reached: finishedPosition(all[1]!), end: false });

    // The next call goes on from the trail: its finished-at and id (games 0, 1 and 2 ended at one instant).
    expect(await older.load()).toBe('end');
    const last = new URL(api.calls[4]!.path, 'http://x').searchParams;
    expect([last.get('before'), last.get('beforeId')]).toEqual([trail!.reached!.finishedAt, trail!.reached!.id]);
    expect(await heldIds(db)).toEqual(idsOf(all));
    expect(await gameHistoryTrail(db)).toEqual({ reached: finishedPosition(all[0]!), end: true });

    // The end is known: nothing is asked again.
    expect(await older.load()).toBe('end');
    expect(api.calls).toHaveLength(5);
  });

  it('never replaces a game the mirror holds with the copy of a page', async () => {
    const db = await freshDb(ME);
    const all = range(0, 5);
    const renamed = { ...all[4]!, rev: 7, participants: all[4]!.participants.map((p) => (p.seatNumber === 1 ? { ...p, displayName: 'Dee (renamed)' } : p)) };
    await applyServerData(db, { puts: { games: [renamed] } });
    const older = createOlderGames(db, scriptedApi(serverWith(all)));
    expect(await older.load()).toBe('end');
    expect((await db.games.get(all[4]!.id))?.rev).toBe(7);
    expect(await heldIds(db)).toEqual(idsOf(all));
  });

  it('does not trust a trail whose game the mirror lost (a snapshot cleared it): reads from the newest again', async () => {
    const db = await freshDb(ME);
    const all = range(0, 60);
    await applyServerData(db, { puts: { games: all.slice(50) } });
    const api = scriptedApi(serverWith(all));
    const older = createOlderGames(db, api);
    expect(await older.load()).toBe('more');
    expect(await gameHistoryTrail(db)).toMatchObject({ end: false });

    // A full snapshot replaces every game with the newest ten.
    const users = [{ id: ME, username: `user-${ME}`, displayName: null, email: `${ME}@example.test`, avatarUrl: null, defaultDeckId: null }];
    await applyServerData(db, { reset: true, puts: { users, games: all.slice(50) } });
    expect(await gameHistoryTrail(db)).toBeUndefined();
    const before = api.calls.length;
    expect(await older.load()).toBe('more');
    expect(api.calls[before]!.path).toBe(`/api/games/finished?limit=${FINISHED_GAMES_PAGE}`);
  });

  it("a pod's history asks for that pod's games and keeps its own trail", async () => {
    const db = await freshDb(ME);
    const all = [...range(0, 10, POD), ...range(10, 20)];
    const api = scriptedApi(serverWith(all));
    expect(await createOlderGames(db, api).load(POD)).toBe('end');
    expect(new URL(api.calls[0]!.path, 'http://x').searchParams.get('pod')).toBe(POD);
    expect(await heldIds(db)).toEqual(idsOf(all.slice(0, 10)));
    expect(await gameHistoryTrail(db, POD)).toEqual({ reached: finishedPosition(all[0]!), end: true });
    expect(await db.meta.get(gameHistoryKey())).toBeUndefined();
  });

  it("one call per scope at a time; no answer is 'offline', a refusal 'failed', and neither moves the trail", async () => {
    const db = await freshDb(ME);
    const all = range(0, 10);
    const api = scriptedApi(serverWith(all));
    const older = createOlderGames(db, api);
    const [a, b] = await Promise.all([older.load(), older.load()]);
    expect([a, b]).toEqual(['end', 'end']);
    expect(api.calls).toHaveLength(1);

    const other = await freshDb(ME);
    expect(await createOlderGames(other, scriptedApi(offline)).load()).toBe('offline');
    expect(await createOlderGames(other, scriptedApi(() => fail(500))).load()).toBe('failed');
    expect(await gameHistoryTrail(other)).toBeUndefined();
  });
});
