/**
 * A tile's life: the number, as large as its box allows, and beside it the sum of the last burst
 * of changes ('−7'), which fades RECENT_CHANGE_MS after the last one. The only part of a tile a
 * life tap changes (taps paint first): its own component, reading its own life, so a
 * life tap and the recent-change timer redraw these two spans and nothing else.
 */
import { memo, useLayoutEffect, useState, type CSSProperties } from 'react';
import { signed, total } from '../../../game/events';
import type { ShownTable } from './shown-table';
import { lifeEm } from './table/fit';
import { useShownLife } from './use-shown-seat';

/** How long a burst of changes stays summed in the little '−7' beside the life number (LifeTrinket: 3 s). */
const RECENT_CHANGE_MS = 2500;

/**
 * The change of `value` since it last rested RECENT_CHANGE_MS: 0 when it is at rest. A layout
 * effect, not a passive one: a passive effect on a tap makes React post a task to run it before
 * the tap's frame is done (use-shown-seat.ts has the measured cost).
 */
function useRecentChange(value: number): number {
  const [base, setBase] = useState(value);
  useLayoutEffect(() => {
    const timer = setTimeout(() => setBase(value), RECENT_CHANGE_MS);
    return () => clearTimeout(timer);
  }, [value]);
  return value - base;
}

/** Reads its own life from the table (use-shown-seat.ts): the only component a life tap re-renders. */
export const TileLife = memo(function TileLife({ table, seat, name }: { table: ShownTable; seat: number; name: string }) {
  const lifeTotal = useShownLife(table, seat);
  const life = total(lifeTotal);
  const recent = useRecentChange(lifeTotal);
  return (
    <div className="tile-life" role="group" aria-label={`${name} life`}>
      <span className="life-number" style={{ '--em': lifeEm(life) } as CSSProperties}>
        {life}
      </span>
      {/* Always in place (empty at rest): a tap changes text, never the layout. */}
      <span className="life-recent" aria-hidden="true" data-shown={recent !== 0}>
        {recent !== 0 ? signed(recent) : ''}
      </span>
    </div>
  );
});
