/**
 * Reconciliation rules of the mirror, as pure-ish helpers over Dexie tables:
 * server rows win, except rows a pending write still owns (`syncState` set), which stay
 * until their outbox entry is answered. Public user fields never overwrite the signed-in
 * user's private fields (e-mail) in the users table.
 */
import type { Table } from 'dexie';
import type { PublicUser } from '../contract/users';
import type { PendingMark, PodTableDB } from '../db/schema';

/** Replaces every row of `table` that no pending write owns by the server's `rows`. */
export async function replaceSettled<Row extends PendingMark, Key>(
  table: Table<Row, Key>,
  rows: Row[],
  keyOf: (row: Row) => Key,
  scope: (row: Row) => boolean = () => true,
): Promise<void> {
  const incoming = new Set(rows.map(keyOf));
  const stale = await table.filter((row) => scope(row) && !row.syncState && !incoming.has(keyOf(row))).primaryKeys();
  await table.bulkDelete(stale);
  const pending = new Set(await table.filter((row) => !!row.syncState).primaryKeys());
  await table.bulkPut(rows.filter((row) => !pending.has(keyOf(row))));
}

export async function upsertPublicUsers(db: PodTableDB, users: PublicUser[]): Promise<void> {
  const unique = new Map(users.map((user) => [user.id, user]));
  const existing = await db.users.bulkGet([...unique.keys()]);
  await db.users.bulkPut(
    [...unique.values()].map((user, index) => ({ ...(existing[index] ?? { email: undefined, defaultDeckId: null }), ...user })),
  );
}
