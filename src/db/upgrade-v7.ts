/**
 * Dexie versions 6 and 7: a game invitation row is keyed by `id` (it was `inviteId`; see
 * docs/architecture.md, "Synced entities"). IndexedDB cannot change a store's primary key, so
 * version 6 deletes the store and version 7 creates it again. Both run in the one upgrade
 * transaction: a database is never left at version 6.
 * - The rows stay readable offline: version 6 reads them before its store goes (Dexie still
 *   serves a deleted store in that version's upgrade) and parks them, re-keyed, in `meta`;
 *   version 7 puts them back and drops the parked copy.
 * - The server copies pending writes keep in `bases` are re-keyed too: a rebase writes them into
 *   the table, where a row without `id` would be refused.
 * - The outbox is not touched: its arguments keep their names (`inviteId`) and its row keys
 *   ("gameInvites:<id>") name the same ids, so a queued answer is sent once, as before.
 * - The cursor is forgotten, so the next pull is a snapshot that replaces the carried rows.
 */
import type { Transaction } from 'dexie';
import type { BaseRow } from './schema';

const PARKED_KEY = 'upgrade:gameInvites';

type Row = Record<string, unknown>;

/** A game invitation as version 5 stored it → as version 7 stores it (a re-keyed row is kept as is). */
export function rekeyGameInvite(row: Row): Row {
  if (!('inviteId' in row)) return row;
  const { inviteId, ...rest } = row;
  return { id: inviteId, ...rest };
}

/** Version 6: the rows of the store about to be deleted, parked in `meta`. */
export async function parkGameInvites(tx: Transaction): Promise<void> {
  const rows = (await tx.table('gameInvites').toArray()) as Row[];
  if (rows.length > 0) await tx.table('meta').put({ key: PARKED_KEY, value: rows.map(rekeyGameInvite) });
}

/** Version 7: the parked rows back in the new store, the bases re-keyed, the cursor forgotten. */
export async function restoreGameInvites(tx: Transaction): Promise<void> {
  const parked = (await tx.table('meta').get(PARKED_KEY)) as { value: Row[] } | undefined;
  if (parked) {
    await tx.table('gameInvites').bulkPut(parked.value);
    await tx.table('meta').delete(PARKED_KEY);
  }
  await tx
    .table('bases')
    .where('key')
    .startsWith('gameInvites:')
    .modify((base: BaseRow) => {
      if (base.row && typeof base.row === 'object') base.row = rekeyGameInvite(base.row as Row);
    });
  await tx.table('meta').delete('sync:cursor');
}
