/**
 * Fills users.username_key for accounts made before the key existed (migration 0001 adds the
 * column empty: the key is computed in JavaScript, not SQL). Run at start-up; idempotent, and
 * safe when several processes start at once (each row is set only while still null). Two old
 * accounts whose names now collide keep their names: the later one gets `<key>#<id>`, which
 * nobody can type, so neither can be impersonated by a third.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { uniqueViolation } from '../db/errors';
import { users } from '../db/schema';
import type { Db } from '../db/types';
import { usernameKey } from './username-key';

export async function backfillUsernameKeys(db: Db): Promise<number> {
  const rows = await db.select({ id: users.id, username: users.username }).from(users).where(isNull(users.usernameKey)).orderBy(users.createdAt);
  for (const row of rows) {
    const key = usernameKey(row.username);
    const set = (value: string) => db.update(users).set({ usernameKey: value }).where(and(eq(users.id, row.id), isNull(users.usernameKey)));
    try {
      await set(key);
    } catch (error) {
      if (uniqueViolation(error) === undefined) throw error;
      await set(`${key}#${row.id}`);
    }
  }
  return rows.length;
}
