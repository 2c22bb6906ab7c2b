/**
 * Pod mutations: create, rename, delete, remove a member, hand over ownership, leave.
 * Strangers get 404 for every pod (a pod's existence is not revealed); members who are not the
 * owner get 403 for owner actions. Membership and owner changes lock the pod row, so they run
 * one at a time per pod and the owner is always a member. Every change bumps the pod's `rev`.
 * Heard by: POD_UPDATED to every member after a change; POD_REMOVED to whoever lost the pod.
 */
import { randomUUID } from 'node:crypto';
import { and, count, eq, sql } from 'drizzle-orm';
import { assignOwnerBody, createPodBody, podSchema, updatePodBody, type Pod } from '../../src/contract/social';
import { deletedPods, podInvitations, podMembers, pods } from '../db/schema';
import type { Tx } from '../db/types';
import { badRequest, conflict, forbidden, notFound } from '../errors';
import { isPodMember, lockPodForMember, podView } from '../social/pods-repo';
import { SocialText } from '../social/text';
import type { PodRow } from '../social/views';
import { isUuid } from '../validate';
import { uuidParams } from '../http/params';
import { restRoute } from '../http/rest-route';
import type { MutationContext, ServerMutator, ServerMutators } from '../sync/mutator';
import type { ChangeRecorder } from '../sync/recorder';
import { ref } from '../sync/refs';
import { withdrawInvitationsSentBy } from './pod-invitations';
import { withdrawPodRecordsFromLeaver } from '../social/pod-records';
import { podInvitationAudience } from '../visibility/pod-invitations';
import { audienceOfPod } from '../visibility/pods';

const podParams = uuidParams('id');

function requireOwner(pod: PodRow, userId: string): void {
  if (pod.ownerId !== userId) throw forbidden(SocialText.ownerOnly);
}

/** Bumps the pod's revision and answers the pod as its members now see it. */
async function touchPod(tx: Tx, podId: string, now: Date, patch: Partial<typeof pods.$inferInsert> = {}) {
  const [row] = await tx
    .update(pods)
    .set({ ...patch, updatedAt: now, rev: sql`${pods.rev} + 1` })
    .where(eq(pods.id, podId))
    .returning();
  return podView(tx, row!);
}

export function announcePod(log: ChangeRecorder, pod: Pod): void {
  log.emit(
    pod.members.map((member) => member.id),
    [ref('pod', pod.id)],
    { type: 'POD_UPDATED', payload: pod },
  );
}

/**
 * Deletes the pod (its members, messages and invitations go with it) and tells whoever must hear
 * of it. Its id is kept in `deleted_pods` so no pod is ever created under it again: its games
 * keep their `pod_id` (their players still read them), and a new pod with that id would give its
 * members the old pod's ended games.
 */
async function deletePod({ tx, log, now }: MutationContext, podId: string): Promise<void> {
  const audience = await audienceOfPod(tx, podId);
  const invitations = await tx
    .select({ id: podInvitations.id, inviteeId: podInvitations.inviteeId })
    .from(podInvitations)
    .where(eq(podInvitations.podId, podId));
  await tx.delete(pods).where(eq(pods.id, podId));
  await tx.insert(deletedPods).values({ id: podId, deletedAt: now }).onConflictDoNothing();
  log.emit(
    audience,
    [ref('pod', podId)],
    { type: 'POD_REMOVED', podId },
  );
  // `audience` holds the members as they were before the delete: who saw each invitation.
  for (const invitation of invitations) {
    log.emit(podInvitationAudience(invitation, audience), [ref('podInvitation', invitation.id)], {
      type: 'POD_INVITATION_REMOVED',
      invitationId: invitation.id,
    });
  }
}

export const podCreate: ServerMutator<'pod.create'> = {
  rest: [
    restRoute({
      method: 'POST',
      url: '/api/pods',
      schema: { body: createPodBody, response: { 201: podSchema } },
      status: 201,
      args: ({ body }) => ({ id: body.id ?? randomUUID(), name: body.name }),
    }),
  ],
  async apply(ctx, args) {
    const { tx, me, now, log } = ctx;
    const [row] = await tx
      .insert(pods)
      .values({ id: args.id, name: args.name, ownerId: me.id, createdById: me.id, createdAt: now, updatedAt: now })
      .onConflictDoNothing({ target: pods.id })
      .returning();
    if (!row) {
      // The id exists: our own pod (created under another key) answers again; any other id is taken.
      const [existing] = await tx.select().from(pods).where(eq(pods.id, args.id));
      if (!existing || existing.createdById !== me.id || !(await isPodMember(tx, args.id, me.id))) throw conflict(SocialText.podIdTaken);
      return podView(tx, existing);
    }
    // Checked after the insert: a delete of this id committing meanwhile has its tombstone visible by now.
    const [tombstone] = await tx.select({ id: deletedPods.id }).from(deletedPods).where(eq(deletedPods.id, args.id));
    if (tombstone) throw conflict(SocialText.podIdTaken);
    await tx.insert(podMembers).values({ podId: args.id, userId: me.id, joinedAt: now });
    const pod = await podView(tx, row);
    announcePod(log, pod);
    return pod;
  },
  /** Only a pod the caller created and is still in: a repeat's arguments are the repeat's, not the first create's. */
  async current({ tx, me }, args) {
    const [row] = await tx.select().from(pods).where(and(eq(pods.id, args.id), eq(pods.createdById, me.id)));
    return row && (await isPodMember(tx, row.id, me.id)) ? podView(tx, row) : null;
  },
};

export const podRename: ServerMutator<'pod.rename'> = {
  rest: [
    restRoute({
      method: 'PUT',
      url: '/api/pods/:id',
      schema: { params: podParams, body: updatePodBody, response: { 200: podSchema } },
      status: 200,
      args: ({ params, body }) => ({ podId: params.id, name: body.name }),
    }),
  ],
  async apply({ tx, me, now, log }, args) {
    const row = await lockPodForMember(tx, args.podId, me.id);
    requireOwner(row, me.id);
    const pod = await touchPod(tx, row.id, now, { name: args.name });
    announcePod(log, pod);
    return pod;
  },
};

/** The owner sets or clears (null) the pod's description, as they rename it. */
export const podDescribe: ServerMutator<'pod.describe'> = {
  async apply({ tx, me, now, log }, args) {
    const row = await lockPodForMember(tx, args.podId, me.id);
    requireOwner(row, me.id);
    const pod = await touchPod(tx, row.id, now, { description: args.description });
    announcePod(log, pod);
    return pod;
  },
};

export const podDelete: ServerMutator<'pod.delete'> = {
  rest: [restRoute({ method: 'DELETE', url: '/api/pods/:id', schema: { params: podParams }, status: 204, args: ({ params }) => ({ podId: params.id }) })],
  async apply(ctx, args) {
    const row = await lockPodForMember(ctx.tx, args.podId, ctx.me.id);
    requireOwner(row, ctx.me.id);
    await deletePod(ctx, row.id);
    return undefined;
  },
};

export const podMemberRemove: ServerMutator<'pod.member.remove'> = {
  rest: [
    restRoute({
      method: 'DELETE',
      url: '/api/pods/:id/members/:userId',
      schema: { params: uuidParams('id', 'userId') },
      status: 200,
      args: ({ params }) => ({ podId: params.id, userId: params.userId }),
    }),
  ],
  async apply({ tx, me, now, log }, { podId, userId }) {
    const row = await lockPodForMember(tx, podId, me.id);
    requireOwner(row, me.id);
    if (userId === row.ownerId) throw badRequest(SocialText.ownerCannotBeRemoved);
    if (!isUuid(userId)) throw notFound(SocialText.memberNotFound);
    const removed = await tx
      .delete(podMembers)
      .where(and(eq(podMembers.podId, row.id), eq(podMembers.userId, userId)))
      .returning({ userId: podMembers.userId });
    if (removed.length === 0) throw notFound(SocialText.memberNotFound);
    const pod = await touchPod(tx, row.id, now);
    log.emit([userId], [ref('pod', pod.id)], { type: 'POD_REMOVED', podId: pod.id });
    await withdrawInvitationsSentBy(tx, log, row.id, userId);
    await withdrawPodRecordsFromLeaver(tx, log, row.id, userId);
    announcePod(log, pod);
    return pod;
  },
};

export const podOwnerAssign: ServerMutator<'pod.owner.assign'> = {
  rest: [
    restRoute({
      method: 'POST',
      url: '/api/pods/:id/assign-owner',
      schema: { params: podParams, body: assignOwnerBody },
      status: 200,
      args: ({ params, body }) => ({ podId: params.id, newOwnerId: body.newOwnerId }),
    }),
  ],
  async apply({ tx, me, now, log }, { podId, newOwnerId }) {
    const row = await lockPodForMember(tx, podId, me.id);
    // Already done (a repeat under another key, after which the caller is no longer owner).
    if (newOwnerId === row.ownerId) return podView(tx, row);
    requireOwner(row, me.id);
    if (!(await isPodMember(tx, podId, newOwnerId))) throw badRequest(SocialText.newOwnerNotMember);
    const pod = await touchPod(tx, row.id, now, { ownerId: newOwnerId });
    announcePod(log, pod);
    return pod;
  },
};

/**
 * A member leaves. The owner must hand the pod over first while others are in it (409); an
 * owner alone in the pod deletes it by leaving.
 */
export const podLeave: ServerMutator<'pod.leave'> = {
  rest: [restRoute({ method: 'POST', url: '/api/pods/:id/leave', schema: { params: podParams }, status: 204, args: ({ params }) => ({ podId: params.id }) })],
  async apply(ctx, { podId }) {
    const { tx, me, now, log } = ctx;
    const row = await lockPodForMember(tx, podId, me.id);
    if (row.ownerId === me.id) {
      const [members] = await tx.select({ n: count() }).from(podMembers).where(eq(podMembers.podId, row.id));
      if (Number(members?.n ?? 0) > 1) throw conflict(SocialText.assignOwnerFirst);
      await deletePod(ctx, row.id);
      return undefined;
    }
    await tx.delete(podMembers).where(and(eq(podMembers.podId, row.id), eq(podMembers.userId, me.id)));
    const pod = await touchPod(tx, row.id, now);
    log.emit([me.id], [ref('pod', pod.id)], { type: 'POD_REMOVED', podId: pod.id });
    await withdrawInvitationsSentBy(tx, log, row.id, me.id);
    await withdrawPodRecordsFromLeaver(tx, log, row.id, me.id);
    announcePod(log, pod);
    return undefined;
  },
};

/** This entity's write kinds, registered by server/mutations/index.ts. */
export const podMutators = {
  'pod.create': podCreate,
  'pod.rename': podRename,
  'pod.describe': podDescribe,
  'pod.member.remove': podMemberRemove,
  'pod.owner.assign': podOwnerAssign,
  'pod.leave': podLeave,
  'pod.delete': podDelete,
} satisfies Partial<ServerMutators>;
