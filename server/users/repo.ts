/** User lookups shared by the account routes and later features. */
import { and, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { emailChanges, users } from '../db/schema';
import type { DbOrTx } from '../db/types';
import { uniqueViolation } from '../db/errors';
import { conflict } from '../errors';
import { usernameKey } from './username-key';
import type { UserRow } from './view';

export const USERNAME_TAKEN = 'That username is already taken.';

/** A live account (a deleted account's tombstone is not found: writes naming it answer "User not found."). */
export async function findUserById(db: DbOrTx, id: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)))
    .limit(1);
  return row;
}

/** Any account row, a deleted account's tombstone included (reading what it left: its messages stay). */
export async function findUserOrTombstone(db: DbOrTx, id: string): Promise<Pick<UserRow, 'id' | 'deletedAt'> | undefined> {
  const [row] = await db.select({ id: users.id, deletedAt: users.deletedAt }).from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/**
 * The account a login name means: the one whose confusable-safe key matches (so "Ana", "ANA"
 * and "Аna" with a Cyrillic A find the same account), an exact case-insensitive match first.
 */
export async function findUserForLogin(db: DbOrTx, typed: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(isNull(users.deletedAt), or(eq(users.usernameKey, usernameKey(typed)), sql`lower(${users.username}) = lower(${typed})`)))
    .orderBy(desc(sql`lower(${users.username}) = lower(${typed})`))
    .limit(1);
  return row;
}

/** True when the username, or one that looks like it, is taken. */
export async function isUsernameTaken(db: DbOrTx, username: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(or(eq(users.usernameKey, usernameKey(username)), sql`lower(${users.username}) = lower(${username})`))
    .limit(1);
  return row !== undefined;
}

/**
 * Who holds an address: its account, or the account that may still take it back with an undo
 * link (an e-mail change less than 7 days old reserves the old address). Case-insensitive.
 */
export async function findEmailHolder(db: DbOrTx, email: string, now: Date): Promise<UserRow | undefined> {
  const owner = await findUserByEmail(db, email);
  if (owner) return owner;
  const [reserved] = await db
    .select({ user: users })
    .from(emailChanges)
    .innerJoin(users, eq(users.id, emailChanges.userId))
    .where(
      and(
        eq(emailChanges.kind, 'undo'),
        isNull(emailChanges.usedAt),
        gt(emailChanges.expiresAt, now),
        sql`lower(${emailChanges.email}) = lower(${email})`,
      ),
    )
    .limit(1);
  return reserved?.user;
}

export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`)
    .limit(1);
  return row;
}

/** Turns a violation of the username unique indexes into the 409 that names it. */
export function rethrowUserConflict(error: unknown): never {
  const constraint = uniqueViolation(error);
  if (constraint?.includes('username')) throw conflict(USERNAME_TAKEN);
  throw error;
}
