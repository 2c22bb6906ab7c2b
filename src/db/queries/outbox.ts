/** Read-only views of the outbox for screens: which writes about a row are queued or failed. */
import type { OutboxEntry, PodTableDB } from '../schema';

/** Entries whose target is exactly (table, id), oldest first. */
export function outboxEntriesFor(db: PodTableDB, table: string, id: string): Promise<OutboxEntry[]> {
  return db.outbox.where('[target.table+target.id]').equals([table, id]).sortBy('seq');
}

/** Entries whose target is in `table` and whose id starts with `idPrefix` (all of the table when ''). */
export function outboxEntriesIn(db: PodTableDB, table: string, idPrefix = ''): Promise<OutboxEntry[]> {
  return db.outbox
    .where('[target.table+target.id]')
    .between([table, idPrefix], [table, `${idPrefix}\uffff`], true, true)
    .sortBy('seq');
}

/** Entries of `table` keyed by target id; for one target the newest entry wins. */
export async function outboxByTarget(db: PodTableDB, table: string, idPrefix = ''): Promise<Map<string, OutboxEntry>> {
  const entries = await outboxEntriesIn(db, table, idPrefix);
  return new Map(entries.map((entry) => [entry.target!.id, entry]));
}

/** Entries of `table` grouped by target id, oldest first per target (a message's send, then its edits and deletion). */
export async function outboxEntriesByTarget(db: PodTableDB, table: string, idPrefix = ''): Promise<Map<string, OutboxEntry[]>> {
  const byTarget = new Map<string, OutboxEntry[]>();
  for (const entry of await outboxEntriesIn(db, table, idPrefix)) {
    const list = byTarget.get(entry.target!.id);
    if (list) list.push(entry);
    else byTarget.set(entry.target!.id, [entry]);
  }
  return byTarget;
}
