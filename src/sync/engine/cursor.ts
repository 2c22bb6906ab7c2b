/**
 * This device's position in the signed-in user's change log (null: never pulled, or reset), and
 * whether a paged snapshot's rest is still owed (its head was applied, its rest not yet): the
 * two are written in the same transaction as the data (src/sync/engine/apply-server.ts), so a
 * device closed between the parts asks for the rest when it starts again.
 */
import type { PodTableDB } from '../../db/schema';

const CURSOR_KEY = 'sync:cursor';
const REST_OWED_KEY = 'sync:rest-owed';

export async function readCursor(db: PodTableDB): Promise<number | null> {
  const value = (await db.meta.get(CURSOR_KEY))?.value;
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : null;
}

export async function writeCursor(db: PodTableDB, cursor: number | null): Promise<void> {
  if (cursor === null) await db.meta.delete(CURSOR_KEY);
  else await db.meta.put({ key: CURSOR_KEY, value: cursor });
}

export async function readRestOwed(db: PodTableDB): Promise<boolean> {
  return (await db.meta.get(REST_OWED_KEY))?.value === true;
}

export async function writeRestOwed(db: PodTableDB, owed: boolean): Promise<void> {
  if (owed) await db.meta.put({ key: REST_OWED_KEY, value: true });
  else await db.meta.delete(REST_OWED_KEY);
}
