/**
 * Who may see a pod invitation: its invitee, and the members of its pod (the pod screen lists a
 * pod's pending invitations, with Withdraw). The inviter is one of the members: an invitation
 * lives only while its inviter is in the pod (leaving or being removed withdraws what they sent,
 * server/mutations/pod-invitations.ts `withdrawInvitationsSentBy`). Strangers never see one.
 * The one rule for the REST reads (GET /api/pods/:id/invitations), the pull (server/sync/reads.ts
 * `listInvitations`, the `podInvitation` loader of server/sync/changes.ts) and the live fan-out
 * (`audienceOfPodInvitation`). A member who leaves loses the pod's invitations with the pod (the
 * mirror deletes a pod's invitations with it, src/sync/engine/apply-server.ts).
 * Push notifications are narrower than the audience: a POD_INVITATION pushes the invitee only
 * (server/push/notifications.ts).
 */
import { eq, inArray, or, type SQL } from 'drizzle-orm';
import { podInvitations } from '../db/schema';
import type { DbOrTx } from '../db/types';
import { audienceOfPod, podIdsOf } from './pods';

/** SQL over `pod_invitations`: the rows `userId` may see. */
export function podInvitationsVisibleTo(db: DbOrTx, userId: string): SQL {
  return or(eq(podInvitations.inviteeId, userId), inArray(podInvitations.podId, podIdsOf(db, userId)))!;
}

/** The users who see `invitation`, given the user ids of its pod's members (read once for many invitations of one pod). */
export function podInvitationAudience(invitation: { inviteeId: string }, members: readonly string[]): string[] {
  return [...new Set([invitation.inviteeId, ...members])];
}

/**
 * The users who see `invitation` now: its invitee and its pod's members. Call while the pod's
 * members are still readable (before the pod is deleted).
 */
export async function audienceOfPodInvitation(db: DbOrTx, invitation: { podId: string; inviteeId: string }): Promise<string[]> {
  return podInvitationAudience(invitation, await audienceOfPod(db, invitation.podId));
}
