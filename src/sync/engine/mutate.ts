/**
 * Making a write: the optimistic change on the mirror and the outbox entry in ONE Dexie
 * transaction, so a write is either fully recorded (and will be sent) or not at all. The
 * server's copy of every row it writes is remembered first (`bases`) when no earlier pending
 * write did, so the write can later be undone exactly or re-applied over a newer copy.
 * Cost: only the new write is applied (never the whole queue), so a tap stays cheap however
 * many writes wait.
 */
import { clientMutators, mutationArgs, type MutationArgs, type MutationInput, type MutationName } from '../../mutations';
import type { ClientMutator } from '../../mutations/types';
import type { OutboxEntry, PodTableDB } from '../../db/schema';
import { splitKey } from '../../mutations/types';
import { planEntry, signedInUser } from './plan';
import { applyWrite } from './rebase';
import { isSyncedTable, MARKED_TABLES } from './rows';

export function newId(): string {
  return crypto.randomUUID();
}

async function readRow(db: PodTableDB, key: string): Promise<unknown> {
  const { table, id } = splitKey(key);
  return isSyncedTable(table) ? db.table(table).get(id) : undefined;
}

/**
 * Records mutation `name` and shows its change at once; returns the entry. Its id (the mutation
 * id) is `options.id`, else the one the write kind names (`mutationId`: a creating write takes
 * the new record's id, so the UI finds the write of a row by the row's id), else a new UUID.
 */
export async function mutate<N extends MutationName>(db: PodTableDB, name: N, input: MutationInput<N>, options: { id?: string } = {}): Promise<OutboxEntry> {
  const parsed = mutationArgs[name].parse(input) as MutationArgs<N>;
  const args = parsed as Record<string, unknown>;
  return db.transaction('rw', db.tables, async () => {
    const me = await signedInUser(db);
    if (!me) throw new Error('Not logged in.');
    const id = options.id ?? (clientMutators[name] as ClientMutator<N>).mutationId?.(parsed) ?? newId();
    const draft: OutboxEntry = { id, name, args, target: { table: '', id: '' }, keys: [], status: 'queued', attempts: 0, createdAt: Date.now() };
    const plan = planEntry(draft, me)!;
    const entry: OutboxEntry = { ...draft, target: plan.mutator.target(plan.args as never, { me }), keys: plan.writes };
    plan.entry = entry;

    const rows = new Map<string, unknown>();
    for (const key of plan.writes) {
      const current = await readRow(db, key);
      rows.set(key, current ?? null);
      if (!(await db.bases.get(key))) await db.bases.put({ key, row: current ?? null });
    }
    const others = new Map<string, unknown>();
    for (const key of plan.reads) others.set(key, await readRow(db, key));
    const before = new Map(rows);
    applyWrite(rows, plan, (key) => others.get(key), undefined, { strict: true });

    for (const [key, row] of rows) {
      const { table, id: rowId } = splitKey(key);
      if (!isSyncedTable(table)) continue;
      if (row === null) {
        if (before.get(key) !== null) await db.table(table).delete(rowId);
        continue;
      }
      const failed = (before.get(key) as { syncState?: string } | null)?.syncState === 'failed';
      await db.table(table).put(MARKED_TABLES.has(table) && !failed ? { ...(row as object), syncState: 'queued' } : row);
    }
    entry.seq = await db.outbox.add(entry);
    return entry;
  });
}
