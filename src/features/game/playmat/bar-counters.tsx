/**
 * The table's custom counters (those with no player: `seat` null, src/game/custom-counters.ts) in
 * the game bar: a chip per counter ("Storm 3") as far as the bar has room, the last one with "+2"
 * for the rest.
 * The whole group is one button that opens Table tools, where the counters are stepped; its name
 * lists every counter with its value. A long name is cut, never the number. On a phone held
 * upright and in the landscape column the chip stands its name over its number (playmat.css).
 * Nothing shows while the table has no counter.
 */
import type { CustomCounter } from '../../../contract/custom-counters';

/**
 * How many chips fit a bar `width` × `height` px: one in the landscape column and below 640 px,
 * more on wider bars (a chip is at most ~120 px: its name is cut at 6 em, playmat.css).
 */
export function counterSlots(width: number, height: number): number {
  if (width <= height || width < 640) return 1;
  return width < 900 ? 2 : 3;
}

/** The chips shown and how many are left for the "+N" chip. */
export function counterChips(counters: readonly CustomCounter[], slots: number): { shown: CustomCounter[]; more: number } {
  const shown = counters.slice(0, Math.max(1, slots));
  return { shown, more: counters.length - shown.length };
}

export function BarCounters({ counters, slots, onOpen }: { counters: readonly CustomCounter[]; slots: number; onOpen(): void }) {
  if (counters.length === 0) return null;
  const { shown, more } = counterChips(counters, slots);
  const label = `Table counters: ${counters.map((c) => `${c.name} ${c.value}`).join(', ')}. Open Table tools`;
  return (
    <button type="button" className="bar-counters" aria-label={label} title={label} onClick={onOpen}>
      {shown.map((counter, index) => (
        <span key={counter.id} className="bar-counter" aria-hidden="true">
          <span className="bar-counter-name">{counter.name}</span>{' '}
          <span className="bar-counter-figures">
            <span className="bar-counter-value">{counter.value}</span>
            {more > 0 && index === shown.length - 1 ? <span className="bar-counter-more">+{more}</span> : null}
          </span>
        </span>
      ))}
    </button>
  );
}
