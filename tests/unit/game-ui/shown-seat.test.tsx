// @vitest-environment happy-dom
/**
 * What the tiles show, read per seat (src/features/game/playmat/shown-table.ts, use-shown-seat.ts): a life
 * tap re-renders the seat's life number only, any other change its tile.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, renderHook } from '@testing-library/react';
import type { GameRow } from '../../../src/db/schema';
import { applyIncrement } from '../../../src/game/counters';
import { ShownTable } from '../../../src/features/game/playmat/shown-table';
import { sameButLife, useShownLife, useShownPlayer } from '../../../src/features/game/playmat/use-shown-seat';
import { useTaps } from '../../../src/stores/tap-overlay';
import { fourPlayerGame, inc, uid } from '../game/helpers';

/** A mirror row with nothing pending (GameRow is the game and its optional pending mark). */
function mirrorGame(): GameRow {
  return fourPlayerGame();
}

/** Renders both hooks of `seat`, counting renders of each. */
function renderSeat(table: ShownTable, seat: number) {
  const renders = { player: 0, life: 0 };
  const player = renderHook(() => {
    renders.player += 1;
    return useShownPlayer(table, seat);
  });
  const life = renderHook(() => {
    renders.life += 1;
    return useShownLife(table, seat);
  });
  return { renders, player, life };
}

/** A tap as taps.ts makes it: into the overlay; the table hears of it as TableTiles wires it. */
function tap(table: ShownTable, mirror: GameRow, increment: ReturnType<typeof inc>) {
  act(() => {
    useTaps.getState().add(mirror.id, increment);
    table.update();
  });
}

beforeEach(() => useTaps.setState({ taps: [] }));
afterEach(cleanup);

describe('the shown table, per seat', () => {
  it('a life tap re-renders the life number of its seat only; the tile and the other seats are not told', () => {
    const mirror = mirrorGame();
    const table = new ShownTable(mirror);
    const ana = renderSeat(table, 0);
    const bo = renderSeat(table, 1);
    const before = { ana: { ...ana.renders }, bo: { ...bo.renders } };

    tap(table, mirror, inc(0, 'life', -1, { id: uid(500) }));

    expect(ana.life.result.current).toBe(39);
    expect(ana.renders.life).toBe(before.ana.life + 1);
    expect(ana.renders.player).toBe(before.ana.player);
    expect(bo.renders).toEqual(before.bo);
  });

  it('any other change re-renders the tile (a poison counter; going out), and the life only when it moved', () => {
    const mirror = mirrorGame();
    const table = new ShownTable(mirror);
    const ana = renderSeat(table, 0);
    const before = { ...ana.renders };

    tap(table, mirror, inc(0, 'poison', 1, { id: uid(501) }));
    expect(ana.player.result.current!.poisonCounters).toBe(1);
    expect(ana.renders).toEqual({ player: before.player + 1, life: before.life });

    tap(table, mirror, inc(0, 'life', -40, { id: uid(502) }));
    expect(ana.player.result.current!.out).toBe(true);
    expect(ana.life.result.current).toBe(0);
    expect(ana.renders).toEqual({ player: before.player + 2, life: before.life + 1 });
  });

  it('a new mirror copy that holds the tap shows it once, and a mirror change reaches the seat without a tap', () => {
    const mirror = mirrorGame();
    const table = new ShownTable(mirror);
    const ana = renderSeat(table, 0);
    const increment = inc(0, 'life', -3, { id: uid(503) });
    tap(table, mirror, increment);
    expect(ana.life.result.current).toBe(37);

    // The write recorded: the mirror has the tap, the overlay still holds it; counted once.
    const recorded = applyIncrement(mirror, increment);
    act(() => table.update(recorded));
    expect(ana.life.result.current).toBe(37);

    // Another device's change, through the mirror alone.
    act(() => table.update(applyIncrement(recorded, inc(0, 'life', -2, { id: uid(504) }))));
    expect(ana.life.result.current).toBe(35);
  });

  it('sameButLife: equal but for the life; any other field differs', () => {
    const ana = mirrorGame().participants[0]!;
    expect(sameButLife(ana, { ...ana, lifeTotal: 12 })).toBe(true);
    expect(sameButLife(ana, { ...ana, poisonCounters: 1 })).toBe(false);
    expect(sameButLife(ana, { ...ana, out: true })).toBe(false);
    expect(sameButLife(ana, undefined)).toBe(false);
  });
});
