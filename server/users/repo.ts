/** User lookups shared by the account routes and later features. */
import { eq, sql } from 'drizzle-orm';
import { users } from '../db/schema';
import type { DbOrTx } from '../db/types';
import { uniqueViolation } from '../db/errors';
import { conflict } from '../errors';
import type { UserRow } from './view';

export const USERNAME_TAKEN = 'That username is already taken.';
export const EMAIL_TAKEN = 'An account with that e-mail already exists.';

export async function findUserById(db: DbOrTx, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function findUserByUsername(db: DbOrTx, username: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`)
    .limit(1);
  return row;
}

export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`)
    .limit(1);
  return row;
}

/** Turns a violation of the case-insensitive unique indexes into the 409 that names the field. */
export function rethrowUserConflict(error: unknown): never {
  const constraint = uniqueViolation(error);
  if (constraint?.includes('username')) throw conflict(USERNAME_TAKEN);
  if (constraint?.includes('email')) throw conflict(EMAIL_TAKEN);
  throw error;
}
