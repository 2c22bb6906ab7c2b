/**
 * Blocks (src/contract/blocks.ts): the checks every write toward another person makes, and the
 * blocker's list. A write from the
 * blocked person is refused with the caller's "no such user" answer, so the block is not revealed.
 */
import { and, desc, eq, inArray, or } from 'drizzle-orm';
import type { BlockedUser } from '../../src/contract/blocks';
import { BlockText } from '../../src/contract/blocks';
import { blocks } from '../db/schema';
import type { DbOrTx } from '../db/types';
import { conflict, type HttpError } from '../errors';
import { publicUsers } from './views';

export type BlockRow = typeof blocks.$inferSelect;

/**
 * Refuses a write from `me` to `other` when either blocks the other: `hidden` (the "no such
 * user" error of the route) when `other` blocked me; a plain 409 when I blocked them.
 */
export async function assertNotBlocked(db: DbOrTx, me: string, other: string, hidden: () => HttpError): Promise<void> {
  // Both directions in one query (one round trip fewer on every message, invitation and request).
  const rows = await db
    .select({ blocker: blocks.blockerId })
    .from(blocks)
    .where(or(and(eq(blocks.blockerId, other), eq(blocks.blockedId, me)), and(eq(blocks.blockerId, me), eq(blocks.blockedId, other))))
    .limit(2);
  if (rows.some((row) => row.blocker === other)) throw hidden();
  if (rows.length > 0) throw conflict(BlockText.youBlocked);
}

/** Which of `userIds` blocked `me` (one query, for a game's seats). */
export async function blockersAmong(db: DbOrTx, me: string, userIds: readonly string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .select({ id: blocks.blockerId })
    .from(blocks)
    .where(and(eq(blocks.blockedId, me), inArray(blocks.blockerId, [...userIds])));
  return new Set(rows.map((row) => row.id));
}

export async function blockViews(db: DbOrTx, rows: BlockRow[]): Promise<BlockedUser[]> {
  const people = await publicUsers(db, rows.map((row) => row.blockedId));
  return rows.flatMap((row) => {
    const user = people.get(row.blockedId);
    return user ? [{ userId: row.blockedId, user, createdAt: row.createdAt.toISOString() }] : [];
  });
}

export async function listBlocks(db: DbOrTx, me: string): Promise<BlockedUser[]> {
  const rows = await db.select().from(blocks).where(eq(blocks.blockerId, me)).orderBy(desc(blocks.createdAt));
  return blockViews(db, rows);
}
