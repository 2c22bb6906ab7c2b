/**
 * Pod membership as the games routes need it. The pods tables belong to the social area
 * (server/db/schema/social.ts); this is the one place games read them.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { podMembers } from '../db/schema';
import type { DbOrTx } from '../db/types';

/** Which of `userIds` are members of pod `podId` (an empty set when the pod does not exist). */
export async function podMembersAmong(db: DbOrTx, podId: string, userIds: readonly string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .select({ userId: podMembers.userId })
    .from(podMembers)
    .where(and(eq(podMembers.podId, podId), inArray(podMembers.userId, [...userIds])));
  return new Set(rows.map((row) => row.userId));
}
