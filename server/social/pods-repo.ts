/**
 * Pod reads shared by the pod routes, the live handlers and other areas (games check pod
 * membership through `isPodMember`; who sees a pod: server/visibility/pods.ts).
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Pod } from '../../src/contract/social';
import type { PublicUser } from '../../src/contract/users';
import { podMembers, pods, users } from '../db/schema';
import type { DbOrTx } from '../db/types';
import { notFound } from '../errors';
import { toPublicUser } from '../users/view';
import { isUuid } from '../validate';
import { podsVisibleTo } from '../visibility/pods';
import { SocialText } from './text';
import { toPod, type PodRow } from './views';

export async function isPodMember(db: DbOrTx, podId: string, userId: string): Promise<boolean> {
  if (!isUuid(podId) || !isUuid(userId)) return false;
  const [row] = await db
    .select({ userId: podMembers.userId })
    .from(podMembers)
    .where(and(eq(podMembers.podId, podId), eq(podMembers.userId, userId)))
    .limit(1);
  return row !== undefined;
}

/** Members of these pods, in the order they joined. */
export async function membersOf(db: DbOrTx, podIds: string[]): Promise<Map<string, PublicUser[]>> {
  const map = new Map<string, PublicUser[]>(podIds.map((id) => [id, []]));
  if (podIds.length === 0) return map;
  const rows = await db
    .select({ podId: podMembers.podId, id: users.id, username: users.username, displayName: users.displayName, avatarUrl: users.avatarUrl })
    .from(podMembers)
    .innerJoin(users, eq(users.id, podMembers.userId))
    .where(inArray(podMembers.podId, podIds))
    .orderBy(asc(podMembers.joinedAt), asc(sql`lower(${users.username})`));
  for (const row of rows) map.get(row.podId)?.push(toPublicUser(row));
  return map;
}

export async function podView(db: DbOrTx, row: PodRow): Promise<Pod> {
  const members = await membersOf(db, [row.id]);
  return toPod(row, members.get(row.id) ?? []);
}

/**
 * The pod, locked for the rest of the transaction (membership and owner changes of one pod
 * run one at a time), when `userId` is a member; otherwise 404, so strangers cannot tell a
 * pod exists.
 */
export async function lockPodForMember(tx: DbOrTx, podId: string, userId: string): Promise<PodRow> {
  if (!isUuid(podId)) throw notFound(SocialText.podNotFound);
  const [pod] = await tx.select().from(pods).where(eq(pods.id, podId)).for('update');
  if (!pod || !(await isPodMember(tx, podId, userId))) throw notFound(SocialText.podNotFound);
  return pod;
}

/** The pod when `userId` is a member, else 404 (no lock: for reads). */
export async function podForMember(db: DbOrTx, podId: string, userId: string): Promise<PodRow> {
  if (!isUuid(podId)) throw notFound(SocialText.podNotFound);
  const [pod] = await db
    .select()
    .from(pods)
    .where(and(eq(pods.id, podId), podsVisibleTo(db, userId)))
    .limit(1);
  if (!pod) throw notFound(SocialText.podNotFound);
  return pod;
}
