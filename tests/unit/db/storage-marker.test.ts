/**
 * Eviction detection (src/db/storage-marker.ts): a mirror that disappeared while the session
 * token stayed is noticed at start, with the number of unsent writes it took; reported once; a
 * logout's wipe or a fresh install is not mistaken for it.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openDatabase, type OutboxEntry, type PodTableDB } from '../../../src/db/schema';
import { wipeMirror } from '../../../src/db/session';
import { STORAGE_MARKER_KEY, checkStorage, readMarker, recordOutbox, watchOutbox } from '../../../src/db/storage-marker';

function memoryStorage(): Storage {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (key) => map.get(key) ?? null,
    key: (index) => [...map.keys()][index] ?? null,
    removeItem: (key) => void map.delete(key),
    setItem: (key, value) => void map.set(key, value),
  };
}

function entry(): OutboxEntry {
  const id = randomUUID();
  return { id, name: 'dm.send', args: { id }, target: { table: 'directMessages', id }, keys: [`directMessages:${id}`], status: 'queued', attempts: 0, createdAt: Date.now() } as OutboxEntry;
}

async function queue(db: PodTableDB, n: number): Promise<void> {
  for (let i = 0; i < n; i += 1) await db.outbox.add(entry());
}

describe('storage marker', () => {
  it('a fresh install is not an eviction; the marker follows the outbox', async () => {
    const name = `marker-${randomUUID()}`;
    const db = openDatabase(name);
    const storage = memoryStorage();
    expect(await checkStorage(db, storage, true)).toEqual({ evicted: false, lostWrites: 0 });
    await queue(db, 2);
    await recordOutbox(db, storage);
    expect(readMarker(storage)?.unsent).toBe(2);
    // Started again with the same database: nothing happened.
    db.close();
    const again = openDatabase(name);
    expect(await checkStorage(again, storage, true)).toEqual({ evicted: false, lostWrites: 0 });
    again.close();
  });

  it('a database that vanished while the token stayed is an eviction, with the unsent writes it took, reported once', async () => {
    const name = `marker-${randomUUID()}`;
    const db = openDatabase(name);
    const storage = memoryStorage();
    await checkStorage(db, storage, true);
    await queue(db, 3);
    await recordOutbox(db, storage);
    await db.delete();

    const rebuilt = openDatabase(name);
    expect(await checkStorage(rebuilt, storage, true)).toEqual({ evicted: true, lostWrites: 3 });
    expect(await checkStorage(rebuilt, storage, true)).toEqual({ evicted: false, lostWrites: 0 });
    expect(readMarker(storage)?.unsent).toBe(0);
    rebuilt.close();
  });

  it('an eviction with an empty outbox lost nothing', async () => {
    const name = `marker-${randomUUID()}`;
    const db = openDatabase(name);
    const storage = memoryStorage();
    await checkStorage(db, storage, true);
    await db.delete();
    const rebuilt = openDatabase(name);
    expect(await checkStorage(rebuilt, storage, true)).toEqual({ evicted: true, lostWrites: 0 });
    rebuilt.close();
  });

  it('a logout wipe is not an eviction once the outbox watcher has re-stamped the mirror', async () => {
    const name = `marker-${randomUUID()}`;
    const db = openDatabase(name);
    const storage = memoryStorage();
    await checkStorage(db, storage, true);
    const stop = watchOutbox(db, storage);
    await queue(db, 1);
    await expect.poll(() => readMarker(storage)?.unsent).toBe(1);
    const before = readMarker(storage)!.stamp;
    await wipeMirror(db);
    await expect.poll(() => readMarker(storage)?.stamp !== before && readMarker(storage)?.unsent === 0).toBe(true);
    await queue(db, 2);
    await expect.poll(() => readMarker(storage)?.unsent).toBe(2);
    stop();
    expect(await checkStorage(db, storage, true)).toEqual({ evicted: false, lostWrites: 0 });
    db.close();
  });

  it('without a session token there is nothing to rebuild: the marker goes', async () => {
    const db = openDatabase(`marker-${randomUUID()}`);
    const storage = memoryStorage();
    await checkStorage(db, storage, true);
    expect(storage.getItem(STORAGE_MARKER_KEY)).not.toBeNull();
    expect(await checkStorage(db, storage, false)).toEqual({ evicted: false, lostWrites: 0 });
    expect(storage.getItem(STORAGE_MARKER_KEY)).toBeNull();
    db.close();
  });

  it('a malformed marker tells nothing', () => {
    const storage = memoryStorage();
    storage.setItem(STORAGE_MARKER_KEY, '{not json');
    expect(readMarker(storage)).toBeNull();
  });
});
