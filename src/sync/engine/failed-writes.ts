/**
 * Retry and discard of writes the server refused (or that failed MAX_ATTEMPTS times).
 * - Retry moves the write to the END of the queue, with the time of the retry: it reaches the
 *   server after every write made before the retry, so what the user sees (a retried message
 *   moves to the bottom of its chat) is the order the server records.
 * - Discard drops the write and rebases its rows on the server's copy: exactly as if it had
 *   never been made.
 */
import type { OutboxEntry, PodTableDB } from '../../db/schema';
import { applyServerData } from './apply-server';

export async function retryWrite(db: PodTableDB, id: string, now: () => number = Date.now): Promise<OutboxEntry | undefined> {
  const entry = await db.transaction('rw', db.outbox, async () => {
    const found = await db.outbox.where('id').equals(id).first();
    if (!found) return undefined;
    await db.outbox.delete(found.seq!);
    const { seq: _seq, error: _error, ...rest } = found;
    const moved: OutboxEntry = { ...rest, status: 'queued', attempts: 0, createdAt: now() };
    moved.seq = await db.outbox.add(moved);
    return moved;
  });
  if (entry) await applyServerData(db, { touch: entry.keys });
  return entry;
}

/** Returns the discarded entry. */
export async function discardWrite(db: PodTableDB, id: string): Promise<OutboxEntry | undefined> {
  return db.transaction('rw', db.tables, async () => {
    const found = await db.outbox.where('id').equals(id).first();
    if (!found) return undefined;
    await db.outbox.delete(found.seq!);
    await applyServerData(db, { touch: found.keys });
    return found;
  });
}
