/**
 * Who may see a pod and its messages: the pod's members, now. Strangers get 404, so they cannot
 * tell a pod exists. The one rule for the REST reads (server/social/pods-repo.ts `podForMember`,
 * server/sync/reads.ts `listPods`), the pull (the `pod` and `podMessage` loaders of
 * server/sync/changes.ts) and the live fan-out (`audienceOfPod`; a pod message's audience is its pod's: server/mutations/pod-messages.ts reads
 * the members inside its locked statement).
 * A member who leaves or is removed loses the pod and its messages at their next pull.
 */
import { eq, inArray, type SQL } from 'drizzle-orm';
import { podMembers, podMessages, pods } from '../db/schema';
import type { DbOrTx } from '../db/types';
import { isUuid } from '../validate';

/** Subquery: the ids of the pods `userId` is a member of. */
export function podIdsOf(db: DbOrTx, userId: string) {
  return db.select({ podId: podMembers.podId }).from(podMembers).where(eq(podMembers.userId, userId));
}

/** SQL over `pods`: the rows `userId` may see. */
export function podsVisibleTo(db: DbOrTx, userId: string): SQL {
  return inArray(pods.id, podIdsOf(db, userId));
}

/** SQL over `pod_messages`: the rows `userId` may see (the messages of their pods). */
export function podMessagesVisibleTo(db: DbOrTx, userId: string): SQL {
  return inArray(podMessages.podId, podIdsOf(db, userId));
}

/** The users who see the pod now: its members (empty when the pod does not exist). */
export async function audienceOfPod(db: DbOrTx, podId: string): Promise<string[]> {
  if (!isUuid(podId)) return [];
  const rows = await db.select({ userId: podMembers.userId }).from(podMembers).where(eq(podMembers.podId, podId));
  return rows.map((row) => row.userId);
}
