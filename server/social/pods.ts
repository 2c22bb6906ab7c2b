/**
 * Pods (spec section 7): list, read, create, rename, delete, remove a member, hand over
 * ownership, leave. Strangers get 404 for every pod route (a pod's existence is not revealed);
 * members who are not the owner get 403 for owner actions. Membership and owner changes lock
 * the pod row, so they run one at a time per pod and the owner is always a member.
 * Live: POD_UPDATED to every member after any change; POD_REMOVED to whoever lost the pod.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import { assignOwnerBody, createPodBody, updatePodBody, type Pod } from '../../src/contract/social';
import { requireUser } from '../auth/authenticate';
import { podInvitations, podMembers, pods } from '../db/schema';
import type { Tx } from '../db/types';
import type { AppDeps } from '../deps';
import type { LiveHub } from '../live/hub';
import { badRequest, conflict, forbidden, notFound } from '../errors';
import { isUuid, parseBody } from '../validate';
import { isPodMember, lockPodForMember, membersOf, podForMember, podView } from './podsRepo';
import { SocialText } from './text';
import { toPod, type PodRow } from './views';
import { AUTH, IDEMPOTENT } from './writes';

type IdParams = { Params: { id: string } };

interface DeletedPod {
  podId: string;
  memberIds: string[];
  invitations: Array<{ id: string; inviteeId: string; invitedById: string }>;
}

/** Deletes the pod (its members, messages and invitations go with it) and says who must hear of it. */
async function deletePod(tx: Tx, podId: string): Promise<DeletedPod> {
  const members = await tx.select({ userId: podMembers.userId }).from(podMembers).where(eq(podMembers.podId, podId));
  const invitations = await tx
    .select({ id: podInvitations.id, inviteeId: podInvitations.inviteeId, invitedById: podInvitations.invitedById })
    .from(podInvitations)
    .where(eq(podInvitations.podId, podId));
  await tx.delete(pods).where(eq(pods.id, podId));
  return { podId, memberIds: members.map((member) => member.userId), invitations };
}

export function announceDeletedPod(hub: LiveHub, deleted: DeletedPod): void {
  hub.publishToUsers(deleted.memberIds, { type: 'POD_REMOVED', podId: deleted.podId });
  for (const invitation of deleted.invitations) {
    hub.publishToUsers([invitation.inviteeId, invitation.invitedById], { type: 'POD_INVITATION_REMOVED', invitationId: invitation.id });
  }
}

export function announcePod(hub: LiveHub, pod: Pod): void {
  hub.publishToUsers(pod.members.map((member) => member.id), { type: 'POD_UPDATED', payload: pod });
}

function requireOwner(pod: PodRow, userId: string): void {
  if (pod.ownerId !== userId) throw forbidden(SocialText.ownerOnly);
}

export function registerPodRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db, hub } = deps;

  app.get('/api/pods', AUTH, async (request) => {
    const me = requireUser(request).id;
    const mine = db.select({ podId: podMembers.podId }).from(podMembers).where(eq(podMembers.userId, me));
    const rows = await db
      .select()
      .from(pods)
      .where(inArray(pods.id, mine))
      .orderBy(desc(pods.createdAt), desc(pods.id));
    const members = await membersOf(db, rows.map((row) => row.id));
    return rows.map((row) => toPod(row, members.get(row.id) ?? []));
  });

  app.get<IdParams>('/api/pods/:id', AUTH, async (request) => {
    const pod = await podForMember(db, request.params.id, requireUser(request).id);
    return podView(db, pod);
  });

  app.post('/api/pods', IDEMPOTENT, async (request, reply) => {
    const me = requireUser(request).id;
    const body = parseBody(createPodBody, request.body);
    const id = body.id ?? randomUUID();
    const now = deps.now();
    const created = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(pods)
        .values({ id, name: body.name, ownerId: me, createdById: me, createdAt: now, updatedAt: now })
        .onConflictDoNothing({ target: pods.id })
        .returning();
      if (row) await tx.insert(podMembers).values({ podId: id, userId: me, joinedAt: now });
      return row;
    });
    if (created) {
      const pod = await podView(db, created);
      announcePod(hub, pod);
      return reply.code(201).send(pod);
    }
    // The id exists: a replay of our own create answers the pod as it is now; any other id is taken.
    const [existing] = await db.select().from(pods).where(eq(pods.id, id));
    if (!existing || existing.createdById !== me || !(await isPodMember(db, id, me))) throw conflict(SocialText.podIdTaken);
    return reply.code(201).send(await podView(db, existing));
  });

  app.put<IdParams>('/api/pods/:id', IDEMPOTENT, async (request) => {
    const me = requireUser(request).id;
    const podId = request.params.id;
    if (!isUuid(podId)) throw notFound(SocialText.podNotFound);
    const body = parseBody(updatePodBody, request.body);
    const pod = await db.transaction(async (tx) => {
      const row = await lockPodForMember(tx, podId, me);
      requireOwner(row, me);
      const [updated] = await tx.update(pods).set({ name: body.name, updatedAt: deps.now() }).where(eq(pods.id, podId)).returning();
      return podView(tx, updated!);
    });
    announcePod(hub, pod);
    return pod;
  });

  app.delete<IdParams>('/api/pods/:id', IDEMPOTENT, async (request, reply) => {
    const me = requireUser(request).id;
    const deleted = await db.transaction(async (tx) => {
      const row = await lockPodForMember(tx, request.params.id, me);
      requireOwner(row, me);
      return deletePod(tx, row.id);
    });
    announceDeletedPod(hub, deleted);
    return reply.code(204).send();
  });

  app.delete<{ Params: { id: string; userId: string } }>('/api/pods/:id/members/:userId', IDEMPOTENT, async (request) => {
    const me = requireUser(request).id;
    const { userId } = request.params;
    const pod = await db.transaction(async (tx) => {
      const row = await lockPodForMember(tx, request.params.id, me);
      requireOwner(row, me);
      if (userId === row.ownerId) throw badRequest(SocialText.ownerCannotBeRemoved);
      if (!isUuid(userId)) throw notFound(SocialText.memberNotFound);
      const removed = await tx
        .delete(podMembers)
        .where(and(eq(podMembers.podId, row.id), eq(podMembers.userId, userId)))
        .returning({ userId: podMembers.userId });
      if (removed.length === 0) throw notFound(SocialText.memberNotFound);
      return podView(tx, row);
    });
    hub.publishToUsers([userId], { type: 'POD_REMOVED', podId: pod.id });
    announcePod(hub, pod);
    return pod;
  });

  app.post<IdParams>('/api/pods/:id/assign-owner', IDEMPOTENT, async (request) => {
    const me = requireUser(request).id;
    const podId = request.params.id;
    if (!isUuid(podId)) throw notFound(SocialText.podNotFound);
    const { newOwnerId } = parseBody(assignOwnerBody, request.body);
    const { pod, changed } = await db.transaction(async (tx) => {
      const row = await lockPodForMember(tx, podId, me);
      // Already done (a replay whose answer was lost, after which the caller is no longer owner).
      if (newOwnerId === row.ownerId) return { pod: await podView(tx, row), changed: false };
      requireOwner(row, me);
      if (!(await isPodMember(tx, podId, newOwnerId))) throw badRequest(SocialText.newOwnerNotMember);
      const [updated] = await tx.update(pods).set({ ownerId: newOwnerId, updatedAt: deps.now() }).where(eq(pods.id, podId)).returning();
      return { pod: await podView(tx, updated!), changed: true };
    });
    if (changed) announcePod(hub, pod);
    return pod;
  });

  /**
   * A member leaves. The owner must hand the pod over first while others are in it
   * (409); an owner alone in the pod deletes it by leaving.
   */
  app.post<IdParams>('/api/pods/:id/leave', IDEMPOTENT, async (request, reply) => {
    const me = requireUser(request).id;
    const outcome = await db.transaction(async (tx) => {
      const row = await lockPodForMember(tx, request.params.id, me);
      if (row.ownerId === me) {
        const [members] = await tx.select({ n: count() }).from(podMembers).where(eq(podMembers.podId, row.id));
        if (Number(members?.n ?? 0) > 1) throw conflict(SocialText.assignOwnerFirst);
        return { deleted: await deletePod(tx, row.id) };
      }
      await tx.delete(podMembers).where(and(eq(podMembers.podId, row.id), eq(podMembers.userId, me)));
      return { pod: await podView(tx, row) };
    });
    if (outcome.deleted) announceDeletedPod(hub, outcome.deleted);
    if (outcome.pod) {
      hub.publishToUsers([me], { type: 'POD_REMOVED', podId: outcome.pod.id });
      announcePod(hub, outcome.pod);
    }
    return reply.code(204).send();
  });
}
