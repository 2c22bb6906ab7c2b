/**
 * Telling "the browser cleared our storage" from "nothing was ever here". The mirror carries a
 * random stamp in `meta`; localStorage keeps a small marker next to the session token: that
 * stamp and how many writes the outbox held when it last changed. At start, a marker whose stamp
 * the database no longer has means the database was evicted (or deleted) while the token stayed:
 * the app rebuilds from the server (an empty mirror pulls a full snapshot), and when the marker
 * counted unsent writes the user is told, once (the check re-stamps at once).
 * Known limits: eviction that also clears localStorage leaves nothing to compare (the app starts
 * signed out); a write made between the outbox change and the marker update is not counted.
 */
import { liveQuery } from 'dexie';
import type { PodTableDB } from './schema';

export const STORAGE_MARKER_KEY = 'podtable:storage-marker';
export const STORAGE_STAMP_META = 'storage:stamp';

export interface StorageMarker {
  stamp: string;
  unsent: number;
}

export interface StorageCheck {
  evicted: boolean;
  /** Writes the outbox held before the eviction: lost, never sent. */
  lostWrites: number;
}

type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function readMarker(storage: KeyValueStore): StorageMarker | null {
  try {
    const value = JSON.parse(storage.getItem(STORAGE_MARKER_KEY) ?? 'null') as Partial<StorageMarker> | null;
    if (value && typeof value.stamp === 'string' && typeof value.unsent === 'number') return { stamp: value.stamp, unsent: value.unsent };
  } catch {
    // A malformed marker tells nothing.
  }
  return null;
}

/** The database's stamp, made now when it has none (a new or wiped mirror). */
async function ensureStamp(db: PodTableDB): Promise<string> {
  return db.transaction('rw', db.meta, async () => {
    const row = await db.meta.get(STORAGE_STAMP_META);
    if (typeof row?.value === 'string') return row.value;
    const stamp = crypto.randomUUID();
    await db.meta.put({ key: STORAGE_STAMP_META, value: stamp });
    return stamp;
  });
}

/** Writes the marker from the database as it is now. */
export async function recordOutbox(db: PodTableDB, storage: KeyValueStore): Promise<void> {
  const stamp = await ensureStamp(db);
  const unsent = await db.outbox.count();
  storage.setItem(STORAGE_MARKER_KEY, JSON.stringify({ stamp, unsent } satisfies StorageMarker));
}

/**
 * At start, with a session token: was the mirror evicted since the marker was written? Re-stamps
 * and rewrites the marker, so the same eviction is reported once. Without a token there is no
 * session to rebuild: the marker is dropped.
 */
export async function checkStorage(db: PodTableDB, storage: KeyValueStore, hasToken: boolean): Promise<StorageCheck> {
  const marker = readMarker(storage);
  if (!hasToken) {
    storage.removeItem(STORAGE_MARKER_KEY);
    return { evicted: false, lostWrites: 0 };
  }
  const row = await db.meta.get(STORAGE_STAMP_META);
  const evicted = marker !== null && row?.value !== marker.stamp;
  await recordOutbox(db, storage);
  return { evicted, lostWrites: evicted ? marker.unsent : 0 };
}

/** Keeps the marker current as the outbox changes (in this page or the service worker). */
export function watchOutbox(db: PodTableDB, storage: KeyValueStore): () => void {
  const subscription = liveQuery(() => db.outbox.count()).subscribe({
    next: () => void recordOutbox(db, storage).catch(() => undefined),
    error: () => undefined,
  });
  return () => subscription.unsubscribe();
}
