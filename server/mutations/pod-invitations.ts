/**
 * Pod invitations: any member invites (the invitation takes the client's UUID); the invitee
 * accepts (becomes a member) or declines; the pod's owner (or the inviter) withdraws it. Only
 * pending invitations exist, and only while their inviter is a member: removing or leaving
 * withdraws the invitations a member sent, and accepting re-checks the inviter under the pod's lock.
 * Heard by: whoever sees the invitation (server/visibility/pod-invitations.ts: the invitee and
 * the pod's members) of POD_INVITATION and POD_INVITATION_REMOVED, read while the pod is locked;
 * a member who is leaving, of the withdrawal of what they sent; every member when someone joins
 * (POD_UPDATED), and the one who joins, of the pod's other pending invitations.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { invitePodBody, podInvitationSchema } from '../../src/contract/social';
import { isForeignKeyViolation } from '../db/errors';
import { podInvitations, podMembers, pods } from '../db/schema';
import type { DbOrTx } from '../db/types';
import { conflict, forbidden, notFound } from '../errors';
import { isPodMember, lockPodForMember, podView } from '../social/pods-repo';
import { assertNotBlocked } from '../social/blocks';
import { SocialText } from '../social/text';
import { publicUsers, toPodInvitation, type PodInvitationRow } from '../social/views';
import { findUserById } from '../users/repo';
import { isUuid } from '../validate';
import type { ServerMutator, ServerMutators } from '../sync/mutator';
import type { ChangeRecorder } from '../sync/recorder';
import { announcePodRecordsToJoiner } from '../social/pod-records';
import { ref } from '../sync/refs';
import { announcePod } from './pods';
import { audienceOfPodInvitation, podInvitationAudience } from '../visibility/pod-invitations';
import { audienceOfPod } from '../visibility/pods';
import { uuidParams } from '../http/params';
import { restRoute } from '../http/rest-route';

export async function invitationViews(db: DbOrTx, rows: PodInvitationRow[]) {
  if (rows.length === 0) return [];
  const podRows = await db
    .select({ id: pods.id, name: pods.name })
    .from(pods)
    .where(inArray(pods.id, [...new Set(rows.map((row) => row.podId))]));
  const podsById = new Map(podRows.map((pod) => [pod.id, pod]));
  const people = await publicUsers(db, rows.flatMap((row) => [row.inviteeId, row.invitedById]));
  return rows.filter((row) => podsById.has(row.podId)).map((row) => toPodInvitation(row, podsById.get(row.podId)!, people));
}

const invitationParams = uuidParams('invitationId');

export const podInvite: ServerMutator<'pod.invite'> = {
  rest: [
    restRoute({
      method: 'POST',
      url: '/api/pods/:id/invite',
      schema: { params: uuidParams('id'), body: invitePodBody, response: { 201: podInvitationSchema } },
      status: 201,
      args: ({ params, body }) => ({ id: randomUUID(), podId: params.id, userId: body.userId }),
    }),
  ],
  async apply({ tx, me, now, clientId, log }, { id, podId, userId }) {
    await lockPodForMember(tx, podId, me.id);
    if (!isUuid(userId) || !(await findUserById(tx, userId))) throw notFound(SocialText.userNotFound);
    await assertNotBlocked(tx, me.id, userId, () => notFound(SocialText.userNotFound));
    if (await isPodMember(tx, podId, userId)) throw conflict(SocialText.alreadyMember);
    const [existing] = await tx
      .select()
      .from(podInvitations)
      .where(and(eq(podInvitations.podId, podId), eq(podInvitations.inviteeId, userId)));
    if (existing) {
      // Our own invitation sent under another key answers again.
      const ours = existing.id === id || (clientId !== null && existing.clientId === clientId);
      if (existing.invitedById === me.id && ours) return (await invitationViews(tx, [existing]))[0];
      throw conflict(SocialText.alreadyInvited);
    }
    let row;
    try {
      [row] = await tx.insert(podInvitations).values({ id, podId, inviteeId: userId, invitedById: me.id, clientId, createdAt: now }).returning();
    } catch (error) {
      if (isForeignKeyViolation(error)) throw notFound(SocialText.userNotFound);
      throw error;
    }
    const [view] = await invitationViews(tx, [row!]);
    if (!view) throw notFound(SocialText.podNotFound);
    log.emit(await audienceOfPodInvitation(tx, row!), [ref('podInvitation', view.invitationId)], { type: 'POD_INVITATION', payload: view });
    return view;
  },
  /** Only an invitation the caller sent: a repeat's arguments are the repeat's, not the first invite's. */
  async current({ tx, me }, { id }) {
    const rows = await tx.select().from(podInvitations).where(and(eq(podInvitations.id, id), eq(podInvitations.invitedById, me.id)));
    return (await invitationViews(tx, rows))[0] ?? null;
  },
};

export const podInvitationAccept: ServerMutator<'pod.invitation.accept'> = {
  rest: [
    restRoute({
      method: 'POST',
      url: '/api/pods/invitations/:invitationId/accept',
      schema: { params: invitationParams },
      status: 200,
      args: ({ params }) => ({ invitationId: params.invitationId }),
    }),
  ],
  async apply({ tx, me, now, log }, { invitationId }) {
    if (!isUuid(invitationId)) throw notFound(SocialText.invitationNotFound);
    const [found] = await tx
      .select()
      .from(podInvitations)
      .where(and(eq(podInvitations.id, invitationId), eq(podInvitations.inviteeId, me.id)));
    if (!found) throw notFound(SocialText.invitationNotFound);
    // Lock the pod (membership changes run one at a time), then re-check the invitation under it.
    const [row] = await tx.select().from(pods).where(eq(pods.id, found.podId)).for('update');
    const [deleted] = await tx.delete(podInvitations).where(eq(podInvitations.id, invitationId)).returning();
    if (!row || !deleted) throw notFound(SocialText.invitationNotFound);
    // An invitation is only as good as its inviter's membership (a row left from before they left).
    if (!(await isPodMember(tx, row.id, deleted.invitedById))) throw notFound(SocialText.invitationNotFound);
    await tx.insert(podMembers).values({ podId: row.id, userId: me.id, joinedAt: now }).onConflictDoNothing();
    const [updated] = await tx.update(pods).set({ rev: sql`${pods.rev} + 1`, updatedAt: now }).where(eq(pods.id, row.id)).returning();
    const pod = await podView(tx, updated!);
    log.emit(podInvitationAudience(deleted, pod.members.map((member) => member.id)), [ref('podInvitation', invitationId)], {
      type: 'POD_INVITATION_REMOVED',
      invitationId,
    });
    announcePod(log, pod);
    await announcePodRecordsToJoiner(tx, log, row.id, me.id);
    await announceInvitationsToJoiner(tx, log, row.id, me.id);
    return pod;
  },
};

export const podInvitationDecline: ServerMutator<'pod.invitation.decline'> = {
  rest: [
    restRoute({
      method: 'POST',
      url: '/api/pods/invitations/:invitationId/decline',
      schema: { params: invitationParams },
      status: 204,
      args: ({ params }) => ({ invitationId: params.invitationId }),
    }),
  ],
  async apply({ tx, me, log }, { invitationId }) {
    if (!isUuid(invitationId)) throw notFound(SocialText.invitationNotFound);
    const [found] = await tx
      .select({ podId: podInvitations.podId })
      .from(podInvitations)
      .where(and(eq(podInvitations.id, invitationId), eq(podInvitations.inviteeId, me.id)));
    if (!found) throw notFound(SocialText.invitationNotFound);
    // Lock the pod as accept does (pod, then invitation): its members, who hear of this, stay put.
    await tx.select({ id: pods.id }).from(pods).where(eq(pods.id, found.podId)).for('update');
    const [deleted] = await tx
      .delete(podInvitations)
      .where(and(eq(podInvitations.id, invitationId), eq(podInvitations.inviteeId, me.id)))
      .returning();
    if (!deleted) throw notFound(SocialText.invitationNotFound);
    log.emit(await audienceOfPodInvitation(tx, deleted), [ref('podInvitation', invitationId)], { type: 'POD_INVITATION_REMOVED', invitationId });
    return undefined;
  },
};

/**
 * The pod's owner withdraws any pending invitation of the pod; another member only one they sent.
 * Strangers get 404 for the pod (its existence stays hidden).
 */
export const podInvitationWithdraw: ServerMutator<'pod.invitation.withdraw'> = {
  /** The pod's owner withdraws any pending invitation of the pod; another member one they sent. */
  rest: [
    restRoute({
      method: 'DELETE',
      url: '/api/pods/:id/invitations/:invitationId',
      schema: { params: uuidParams('id', 'invitationId') },
      status: 204,
      args: ({ params }) => ({ podId: params.id, invitationId: params.invitationId }),
    }),
  ],
  async apply({ tx, me, log }, { podId, invitationId }) {
    const pod = await lockPodForMember(tx, podId, me.id);
    if (!isUuid(invitationId)) throw notFound(SocialText.invitationNotFound);
    const [found] = await tx
      .select()
      .from(podInvitations)
      .where(and(eq(podInvitations.id, invitationId), eq(podInvitations.podId, pod.id)));
    if (!found) throw notFound(SocialText.invitationNotFound);
    if (pod.ownerId !== me.id && found.invitedById !== me.id) throw forbidden(SocialText.ownerOnly);
    await tx.delete(podInvitations).where(eq(podInvitations.id, invitationId));
    log.emit(await audienceOfPodInvitation(tx, found), [ref('podInvitation', invitationId)], { type: 'POD_INVITATION_REMOVED', invitationId });
    return undefined;
  },
};

/**
 * Withdraws every pending invitation `userId` sent for the pod (they are leaving it, or being
 * removed): an invitation must not let anyone in on behalf of someone who is no longer a member.
 * Call with the pod locked, in the transaction that ends the membership. Heard by the invitee,
 * the remaining members and `userId`, who saw it until now (the pod's other invitations leave
 * their mirror with the pod).
 */
export async function withdrawInvitationsSentBy(tx: DbOrTx, log: ChangeRecorder, podId: string, userId: string): Promise<void> {
  const withdrawn = await tx
    .delete(podInvitations)
    .where(and(eq(podInvitations.podId, podId), eq(podInvitations.invitedById, userId)))
    .returning({ id: podInvitations.id, inviteeId: podInvitations.inviteeId });
  if (withdrawn.length === 0) return;
  const members = [...(await audienceOfPod(tx, podId)), userId];
  for (const invitation of withdrawn) {
    log.emit(podInvitationAudience(invitation, members), [ref('podInvitation', invitation.id)], { type: 'POD_INVITATION_REMOVED', invitationId: invitation.id });
  }
}

/**
 * The one who joins sees the pod's pending invitations from now on (server/visibility/pod-invitations.ts):
 * one POD_INVITATION each, in the change log, so a device that was offline pulls them by cursor.
 * Pushes none: a POD_INVITATION pushes its invitee only.
 */
async function announceInvitationsToJoiner(tx: DbOrTx, log: ChangeRecorder, podId: string, userId: string): Promise<void> {
  const rows = await tx.select().from(podInvitations).where(eq(podInvitations.podId, podId));
  for (const view of await invitationViews(tx, rows)) {
    log.emit([userId], [ref('podInvitation', view.invitationId)], { type: 'POD_INVITATION', payload: view });
  }
}

/** This entity's write kinds, registered by server/mutations/index.ts. */
export const podInvitationMutators = {
  'pod.invite': podInvite,
  'pod.invitation.accept': podInvitationAccept,
  'pod.invitation.decline': podInvitationDecline,
  'pod.invitation.withdraw': podInvitationWithdraw,
} satisfies Partial<ServerMutators>;
