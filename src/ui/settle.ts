/**
 * Writes resolve as soon as the mirror holds them; the server's verdict arrives later as
 * row state. `watchOutcome` follows a live query until it decides, then calls back once —
 * independently of the component that started the write (the user may have moved on), so
 * a success toast still shows. A query that never decides (offline for good) costs one
 * idle subscription for the page's lifetime.
 */
import { liveQuery } from 'dexie';

/** 'cancelled': the write is gone without a verdict (discarded): say nothing. */
export type Outcome = 'pending' | 'success' | 'failure' | 'cancelled';

export function watchOutcome<T>(
  query: () => Promise<T>,
  decide: (value: T) => Outcome,
  onSettled: (outcome: 'success' | 'failure') => void,
): () => void {
  let done = false;
  const subscription = liveQuery(query).subscribe({
    next(value) {
      if (done) return;
      const outcome = decide(value);
      if (outcome === 'pending') return;
      done = true;
      // Unsubscribing from inside `next` is allowed once the subscription object exists.
      queueMicrotask(() => subscription.unsubscribe());
      if (outcome !== 'cancelled') onSettled(outcome);
    },
    error() {
      done = true;
    },
  });
  return () => {
    done = true;
    subscription.unsubscribe();
  };
}
