/**
 * A tile's side of what the tiles show (shown-table.ts): its player, told only of changes to
 * anything but the life, and its life number, told only of the life. A life tap re-renders that
 * one number (TileLife) and nothing else.
 *
 * Not useSyncExternalStore: it gives every render with a new snapshot a passive effect, and React
 * then posts a task to run passive effects — on every tap, before that tap's frame is done, which
 * makes each click measurably slower than a plain state update. Here the table's listener
 * forces a render, which for a tap (a click) React does in the click's microtask, leaving nothing
 * for a later task. The value is read while rendering, so it is never older than the render.
 * Known limit: in a time-sliced render (a mirror update, never a tap) two tiles may read the
 * table a moment apart; the listener's next call settles them.
 */
import { useCallback, useLayoutEffect, useReducer, useRef } from 'react';
import type { GameParticipant } from '../../../contract/game';
import type { ShownTable } from './shown-table';

function useTableValue<T>(table: ShownTable, select: (table: ShownTable) => T, same: (a: T, b: T) => boolean): T {
  const [, render] = useReducer((n: number) => n + 1, 0);
  const value = select(table);
  const rendered = useRef(value);
  useLayoutEffect(() => {
    rendered.current = value;
  });
  useLayoutEffect(() => table.subscribe(() => !same(rendered.current, select(table)) && render()), [table, select, same]);
  return value;
}

/** Equal but for the life total (every field of a life tap's player but the life is the same object). */
export function sameButLife(a: GameParticipant | undefined, b: GameParticipant | undefined): boolean {
  if (a === b) return true;
  if (!a || !b) return false;
  const keys = Object.keys(a) as (keyof GameParticipant)[];
  return keys.length === Object.keys(b).length && keys.every((key) => key === 'lifeTotal' || a[key] === b[key]);
}

/** The player in `seat`; a change of their life alone does not re-render the caller (TileLife shows it). */
export function useShownPlayer(table: ShownTable, seat: number): GameParticipant | undefined {
  const select = useCallback((shown: ShownTable) => shown.player(seat), [seat]);
  return useTableValue(table, select, sameButLife);
}

/** The life total of the player in `seat` (0 when the seat is empty, which the tile layer never renders). */
export function useShownLife(table: ShownTable, seat: number): number {
  const select = useCallback((shown: ShownTable) => shown.player(seat)?.lifeTotal ?? 0, [seat]);
  return useTableValue(table, select, Object.is);
}
