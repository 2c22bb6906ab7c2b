/**
 * The playmat's counter taps ("taps paint first"): the tap goes into the overlay
 * (src/stores/tap-overlay.ts) and is drawn in the same frame; its write — the mirror and the outbox,
 * through actions.changeCounter under the same id — starts once that frame has been painted.
 */
import type { CommanderSource, CounterKind, GameIncrement } from '../../../contract/game';
import { useTaps } from '../../../stores/tap-overlay';
import { showToast } from '../../../stores/ui';
import { actions } from '../../../sync/app';

export interface CounterChange {
  seat: number;
  counter: CounterKind;
  delta: number;
  source?: CommanderSource;
}

/** A write starts at most this long after a tap even when no frame or idle time comes (a hidden page pauses frames). */
const LATEST_WRITE_MS = 100;

/**
 * Runs `task` once after the next frame has been painted: in the idle time that follows it
 * (requestIdleCallback; a task where it does not exist, as in Safari), so the write never
 * delays that frame — or after LATEST_WRITE_MS, whichever is first.
 */
export function afterPaint(task: () => void): void {
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    task();
  };
  setTimeout(run, LATEST_WRITE_MS);
  if (typeof requestAnimationFrame !== 'function') return;
  requestAnimationFrame(() => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(run, { timeout: LATEST_WRITE_MS });
    else setTimeout(run, 0);
  });
}

/**
 * A page hidden or left within LATEST_WRITE_MS of a tap would take the tap's waiting write with
 * it. So the taps not yet written are handed to the sync layer then, synchronously, and written
 * on the next start (src/sync/actions/unsaved-taps.ts); a page shown again writes them itself.
 */
let keptOnHide = false;
function keepUnwrittenTaps(): void {
  const unwritten = useTaps.getState().taps.filter((tap) => tap.recordedAt === null);
  if (unwritten.length === 0 && !keptOnHide) return;
  actions.keepUnsavedTaps(unwritten.map(({ gameId, increment }) => ({ gameId, increment })));
  keptOnHide = unwritten.length > 0;
}
if (typeof window !== 'undefined' && typeof document !== 'undefined') {
  window.addEventListener('pagehide', keepUnwrittenTaps);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') keepUnwrittenTaps();
    else if (keptOnHide) {
      actions.keepUnsavedTaps([]);
      keptOnHide = false;
    }
  });
}

/** A refused change (e.g. the game ended on another device meanwhile) is said, not swallowed. */
export function reportRefusal(error: unknown): void {
  showToast({ title: error instanceof Error && error.message ? error.message : 'That change could not be saved.', variant: 'error' });
}

export function tapCounter(gameId: string, change: CounterChange): void {
  const increment: GameIncrement = { ...change, id: crypto.randomUUID() };
  const taps = useTaps.getState();
  taps.add(gameId, increment);
  afterPaint(() => {
    actions.changeCounter(gameId, increment).then(
      () => useTaps.getState().recorded(increment.id, performance.now()),
      (error: unknown) => {
        useTaps.getState().drop(increment.id);
        reportRefusal(error);
      },
    );
  });
}
