/**
 * Retry and discard of writes the server refused (4xx). Retry keeps the entry's place and
 * Idempotency-Key; discard drops it and undoes its optimistic row. Rows whose optimistic
 * state cannot be undone locally (a profile edit, a pod change) are re-pulled by the caller.
 */
import type { OutboxEntry, PodTableDB } from '../db/schema';
import { retryEntry } from './outbox';

const rowTables = ['directMessages', 'podMessages', 'pods', 'friendRequests', 'friendships', 'decks', 'games'] as const;
type RowTable = (typeof rowTables)[number];

function rowTable(entry: OutboxEntry): RowTable | undefined {
  const table = entry.target?.table;
  return rowTables.find((name) => name === table);
}

export async function retryWrite(db: PodTableDB, id: string): Promise<void> {
  await db.transaction('rw', db.tables, async () => {
    const entry = await db.outbox.where('id').equals(id).first();
    if (!entry) return;
    await retryEntry(db, id);
    const table = rowTable(entry);
    if (table && entry.target) await db.table(table).update(entry.target.id, { syncState: 'queued', syncError: undefined });
  });
}

/** Returns the discarded entry so the caller can re-pull what it touched. */
export async function discardWrite(db: PodTableDB, id: string): Promise<OutboxEntry | undefined> {
  return db.transaction('rw', db.tables, async () => {
    const entry = await db.outbox.where('id').equals(id).first();
    if (!entry) return undefined;
    await db.outbox.delete(entry.seq!);
    const table = rowTable(entry);
    // A message or request that never reached the server is simply dropped.
    const created = entry.method === 'POST' && entry.target?.id === entry.id;
    if (table && entry.target) {
      if (created) await db.table(table).delete(entry.target.id);
      else await db.table(table).update(entry.target.id, { syncState: undefined, syncError: undefined, pendingRemoval: undefined });
    }
    return entry;
  });
}
