/**
 * The page applies the verdicts the service worker records (src/sync/engine/recorded-verdicts.ts) as
 * soon as it records them: a live query on the record, which Dexie propagates from the worker
 * to every open page, and at once for what was recorded while the app was closed. (Any other
 * server data the page applies, and each round of its own sender, apply them first anyway:
 * applyRecordedVerdicts in src/sync/engine/apply-server.ts.)
 */
import { liveQuery } from 'dexie';
import type { PodTableDB } from '../../db/schema';
import { applyRecordedVerdicts } from './apply-server';
import { RECORDED_VERDICTS_KEY } from './recorded-verdicts';

/** Applies recorded verdicts now and each time the worker records more; returns the unsubscribe. */
export function watchRecordedVerdicts(db: PodTableDB, onError: (error: unknown) => void = console.error): () => void {
  const subscription = liveQuery(() => db.meta.get(RECORDED_VERDICTS_KEY)).subscribe({
    next: (row) => {
      if (row) applyRecordedVerdicts(db).catch(onError);
    },
    error: onError,
  });
  return () => subscription.unsubscribe();
}
