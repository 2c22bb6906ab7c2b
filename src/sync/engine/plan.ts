/**
 * Outbox entries read back from storage → writes ready to apply: the mutator, the arguments
 * validated again against the contract (storage is a boundary), and the rows they write.
 * An entry that no longer validates (or names a mutation this version does not know) is
 * reported as unusable; the caller marks it failed so the user sees it, nothing is dropped.
 */
import { isMutationName, mutationArgs } from '../../contract/mutations';
import type { PublicUser } from '../../contract/users';
import type { OutboxEntry, PodTableDB } from '../../db/schema';
import { getCurrentUser } from '../../db/session';
import { clientMutators } from '../../mutations';
import { rowKey, type ClientMutator } from '../../mutations/types';
import type { PlannedWrite } from './rebase';

export const UNUSABLE_WRITE = 'This change cannot be sent by this version of PodTable.';

export type Plan = PlannedWrite & { entry: OutboxEntry; reads: string[]; dropWhenRefused: boolean };

export function planEntry(entry: OutboxEntry, me: PublicUser): Plan | null {
  if (!isMutationName(entry.name)) return null;
  const parsed = mutationArgs[entry.name].safeParse(entry.args);
  if (!parsed.success) return null;
  const mutator = clientMutators[entry.name] as unknown as ClientMutator<never>;
  const args = parsed.data as never;
  const target = mutator.target(args, { me });
  const writes = (mutator.writes?.(args, { me }) ?? [target]).map((key) => rowKey(key.table, key.id));
  const reads = (mutator.reads?.(args, { me }) ?? []).map((key) => rowKey(key.table, key.id));
  return {
    entry,
    mutator,
    args,
    writes,
    reads,
    dropWhenRefused: mutator.dropWhenRefused === true,
    env: { me, at: new Date(entry.createdAt).toISOString(), mutationId: entry.id },
  };
}

/** The signed-in user's public fields; null when nobody is signed in on this device. */
export async function signedInUser(db: PodTableDB): Promise<PublicUser | null> {
  const user = await getCurrentUser(db);
  return user ? { id: user.id, username: user.username, displayName: user.displayName, avatarUrl: user.avatarUrl } : null;
}

/**
 * The outbox entries whose `index` ("id", or the multi-entry "keys") equals one of `values`: one
 * lookup per value, all sent at once, rather than `anyOf`'s single cursor that jumps from value
 * to value one request after the other. An entry found twice comes back twice (callers key by seq).
 */
async function entriesWhere(db: PodTableDB, index: 'id' | 'keys', values: readonly string[]): Promise<OutboxEntry[]> {
  const found = await Promise.all(values.map((value) => db.outbox.where(index).equals(value).toArray()));
  return found.flat();
}

/**
 * The outbox entries with one of these ids or writing one of these rows (or a row one of those
 * ids writes), oldest first, planned;
 * unusable ones come back apart. Only what a piece of server data concerns is read and parsed,
 * so an answer costs the same with 10 or 1,000 writes waiting.
 */
export async function planOutbox(
  db: PodTableDB,
  me: PublicUser,
  ids: Iterable<string>,
  keys: Iterable<string> | 'all',
): Promise<{ plans: Plan[]; unusable: OutboxEntry[] }> {
  const wantedIds = [...new Set(ids)];
  const wantedKeys = keys === 'all' ? [] : [...new Set(keys)];
  const bySeq = new Map<number, OutboxEntry>();
  if (keys === 'all') for (const entry of await db.outbox.toArray()) bySeq.set(entry.seq!, entry);
  if (wantedIds.length > 0) {
    for (const entry of await entriesWhere(db, 'id', wantedIds)) {
      bySeq.set(entry.seq!, entry);
      // The rows those writes touch, and so every other write about those rows.
      if (keys !== 'all') wantedKeys.push(...(planEntry(entry, me)?.writes ?? entry.keys));
    }
  }
  if (wantedKeys.length > 0) for (const entry of await entriesWhere(db, 'keys', [...new Set(wantedKeys)])) bySeq.set(entry.seq!, entry);
  const plans: Plan[] = [];
  const unusable: OutboxEntry[] = [];
  for (const entry of [...bySeq.values()].sort((a, b) => a.seq! - b.seq!)) {
    const plan = planEntry(entry, me);
    if (plan) plans.push(plan);
    else unusable.push(entry);
  }
  return { plans, unusable };
}

/**
 * Recomputes every entry's `keys` (the rows it writes) from its mutator: entries written by an
 * older version (the v1 → v2 upgrade knew only their main row) are found by every row they write.
 */
export async function normalizeOutboxKeys(db: PodTableDB): Promise<void> {
  await db.transaction('rw', db.tables, async () => {
    const me = await signedInUser(db);
    if (!me) return;
    for (const entry of await db.outbox.toArray()) {
      const plan = planEntry(entry, me);
      if (plan && plan.writes.join('\n') !== entry.keys.join('\n')) await db.outbox.update(entry.seq!, { keys: plan.writes });
    }
  });
}
