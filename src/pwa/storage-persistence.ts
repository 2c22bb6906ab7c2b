/**
 * Storage that stays: after the first login the app asks the browser once to keep its storage
 * (`navigator.storage.persist()`); Settings shows what the browser decided. At start, with a
 * session, the eviction check (src/db/storage-marker.ts) runs before anything else writes the
 * marker, and warns once when unsent writes were lost; then the outbox watcher keeps the marker.
 */
import { TOKEN_STORAGE_KEY } from '../contract/limits';
import { showToast } from '../stores/ui';
import { localStore } from '../sync/engine/local-storage';

export const PERSIST_ASKED_KEY = 'podtable:persist-asked';

export type StorageStatus = 'kept' | 'best-effort' | 'unknown';

export const StorageText = {
  kept: 'Storage: kept by the browser.',
  bestEffort: 'Storage: the browser may clear it when space is low. Unsent changes could be lost.',
  unknown: 'Storage: this browser does not say whether it keeps it.',
  lost: (n: number) => `Your browser cleared this app's storage. ${n === 1 ? '1 change that was not sent yet was' : `${n} changes that were not sent yet were`} lost. Everything else was loaded again from the server.`,
} as const;

/** Asks once per device (the answer is the browser's to keep); later calls only read it. */
export async function requestPersistenceOnce(): Promise<void> {
  const storage = localStore();
  if (!storage || storage.getItem(PERSIST_ASKED_KEY) || typeof navigator === 'undefined' || !navigator.storage?.persist) return;
  storage.setItem(PERSIST_ASKED_KEY, '1');
  await navigator.storage.persist().catch(() => false);
}

export async function readStorageStatus(): Promise<StorageStatus> {
  if (typeof navigator === 'undefined' || !navigator.storage?.persisted) return 'unknown';
  try {
    return (await navigator.storage.persisted()) ? 'kept' : 'best-effort';
  } catch {
    return 'unknown';
  }
}

let started = false;

/**
 * Once per page, from the first moment a session exists: the eviction check, the marker watcher, and the persistence request.
 * @public (loaded by src/main.tsx through a dynamic import)
 */
export function startStorageKeeping(db: import('../db/schema').PodTableDB): void {
  if (started) return;
  started = true;
  const storage = localStore();
  if (!storage) return;
  void import('../db/storage-marker').then(async ({ checkStorage, watchOutbox }) => {
    try {
      const { evicted, lostWrites } = await checkStorage(db, storage, storage.getItem(TOKEN_STORAGE_KEY) !== null);
      if (evicted && lostWrites > 0) showToast({ title: StorageText.lost(lostWrites), variant: 'error', persistent: true });
    } catch (error) {
      console.warn('The storage check did not run.', error);
    }
    watchOutbox(db, storage);
  });
  void requestPersistenceOnce();
}
