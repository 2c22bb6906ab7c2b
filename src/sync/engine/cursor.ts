/** This device's position in the signed-in user's change log (null: never pulled, or reset). */
import type { PodTableDB } from '../../db/schema';

const CURSOR_KEY = 'sync:cursor';

export async function readCursor(db: PodTableDB): Promise<number | null> {
  const value = (await db.meta.get(CURSOR_KEY))?.value;
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : null;
}

export async function writeCursor(db: PodTableDB, cursor: number | null): Promise<void> {
  if (cursor === null) await db.meta.delete(CURSOR_KEY);
  else await db.meta.put({ key: CURSOR_KEY, value: cursor });
}
