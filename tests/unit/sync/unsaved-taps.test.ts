// @vitest-environment happy-dom
/**
 * Taps a page handed over while it was hidden or left (src/sync/actions/unsaved-taps.ts) are
 * written on the next start exactly once: not when the outbox or the mirror's game already
 * holds them, and nothing unreadable is written.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Game } from '../../../src/contract/game';
import type { SyncContext } from '../../../src/sync/engine/context';
import { changeCounter } from '../../../src/sync/actions/games';
import { keepUnsavedTaps, UNSAVED_TAPS_KEY, writeUnsavedTaps } from '../../../src/sync/actions/unsaved-taps';
import { fourPlayerGame, inc } from '../game/helpers';
import { freshDb, scriptedApi } from './helpers';

async function setUp() {
  const db = await freshDb('u-ana');
  const game = fourPlayerGame();
  await db.games.put(game);
  const kick = vi.fn();
  const ctx: SyncContext = { db, api: scriptedApi(() => ({})), kick };
  return { db, game, ctx, kick };
}

const lifeOf = async (ctx: SyncContext, game: Game, seat: number) =>
  (await ctx.db.games.get(game.id))!.participants.find((p) => p.seatNumber === seat)!.lifeTotal;

afterEach(() => localStorage.clear());

describe('unsaved taps', () => {
  it('writes the kept taps the page never wrote, in order, under their own ids, then forgets them', async () => {
    const { ctx, game, kick } = await setUp();
    const taps = [inc(0, 'life', -1), inc(0, 'life', -1), inc(1, 'poison', 1)];
    keepUnsavedTaps(taps.map((increment) => ({ gameId: game.id, increment })));

    expect(await writeUnsavedTaps(ctx)).toBe(3);
    expect(await lifeOf(ctx, game, 0)).toBe(38);
    expect((await ctx.db.games.get(game.id))!.participants[1]!.poisonCounters).toBe(1);
    expect((await ctx.db.outbox.orderBy('seq').toArray()).map((entry) => entry.id)).toEqual(taps.map((tap) => tap.id));
    expect(kick).toHaveBeenCalled();
    expect(localStorage.getItem(UNSAVED_TAPS_KEY)).toBeNull();
    expect(await writeUnsavedTaps(ctx)).toBe(0);
  });

  it('skips a kept tap whose write finished after all: in the outbox, or already in the mirror’s game', async () => {
    const { ctx, game } = await setUp();
    const queued = inc(0, 'life', -1);
    await changeCounter(ctx, game.id, queued);
    const sentAndAnswered = inc(0, 'life', -2);
    await changeCounter(ctx, game.id, sentAndAnswered);
    await ctx.db.outbox.where('id').equals(sentAndAnswered.id).delete();
    const lost = inc(0, 'life', -5);
    keepUnsavedTaps([queued, sentAndAnswered, lost].map((increment) => ({ gameId: game.id, increment })));

    expect(await writeUnsavedTaps(ctx)).toBe(1);
    expect(await lifeOf(ctx, game, 0)).toBe(32);
    expect((await ctx.db.outbox.orderBy('seq').toArray()).map((entry) => entry.id)).toEqual([queued.id, lost.id]);
  });

  it('drops what it cannot read or write: garbage, a game no longer in the mirror', async () => {
    const { ctx, game } = await setUp();
    localStorage.setItem(UNSAVED_TAPS_KEY, '{"not":"taps"}');
    expect(await writeUnsavedTaps(ctx)).toBe(0);
    expect(localStorage.getItem(UNSAVED_TAPS_KEY)).toBeNull();

    keepUnsavedTaps([{ gameId: 'gone', increment: inc(0, 'life', -1) }]);
    expect(await writeUnsavedTaps(ctx)).toBe(0);
    expect(await ctx.db.outbox.count()).toBe(0);
    expect(await lifeOf(ctx, game, 0)).toBe(40);
  });

  it('a tap written twice under its id (by two tabs) is queued and counted once, and the second write is not refused', async () => {
    const { ctx, game } = await setUp();
    const tap = inc(0, 'life', -3);
    await changeCounter(ctx, game.id, tap);
    await expect(changeCounter(ctx, game.id, tap)).resolves.toBeUndefined();
    expect(await ctx.db.outbox.count()).toBe(1);
    expect(await lifeOf(ctx, game, 0)).toBe(37);
  });

  it('keeping none forgets what was kept', () => {
    keepUnsavedTaps([{ gameId: 'g', increment: inc(0, 'life', -1) }]);
    keepUnsavedTaps([]);
    expect(localStorage.getItem(UNSAVED_TAPS_KEY)).toBeNull();
  });
});
