/**
 * Writing through the outbox: the optimistic mirror change and the outbox entry are ONE
 * Dexie transaction, so a write is either fully recorded (and will be sent) or not at all.
 */
import type { OutboxEntry, PodTableDB } from '../db/schema';

export interface NewWrite {
  kind: string;
  method: OutboxEntry['method'];
  path: string;
  body?: unknown;
  target?: OutboxEntry['target'];
  /** Optional caller-chosen UUID (the client id of the record the write creates). */
  id?: string;
}

export function newId(): string {
  return crypto.randomUUID();
}

export async function enqueueWrite(
  db: PodTableDB,
  write: NewWrite,
  applyOptimistic: () => Promise<void> = async () => undefined,
): Promise<OutboxEntry> {
  const entry: OutboxEntry = {
    id: write.id ?? newId(),
    kind: write.kind,
    method: write.method,
    path: write.path,
    body: write.body,
    target: write.target,
    status: 'queued',
    attempts: 0,
    notBefore: 0,
    createdAt: Date.now(),
  };
  await db.transaction('rw', db.tables, async () => {
    await applyOptimistic();
    entry.seq = await db.outbox.add(entry);
  });
  return entry;
}

/** Entries not yet accepted by the server, oldest first (queued and failed). */
export function unsentEntries(db: PodTableDB): Promise<OutboxEntry[]> {
  return db.outbox.orderBy('seq').toArray();
}

export function entriesFor(db: PodTableDB, table: string, id: string): Promise<OutboxEntry[]> {
  return db.outbox.where('[target.table+target.id]').equals([table, id]).sortBy('seq');
}

/** Puts a failed entry back in the queue; it keeps its place (seq) and its Idempotency-Key. */
export async function retryEntry(db: PodTableDB, id: string): Promise<void> {
  await db.outbox.where('id').equals(id).modify({ status: 'queued', attempts: 0, notBefore: 0, error: undefined });
}
