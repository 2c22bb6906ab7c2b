/**
 * Pod invitations: any member invites; the invitee accepts (becomes a member) or declines.
 * Only pending invitations exist. Live: POD_INVITATION and POD_INVITATION_REMOVED to the
 * invitee and the inviter; POD_UPDATED to every member when someone joins.
 */
import type { FastifyInstance } from 'fastify';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { invitePodBody } from '../../src/contract/social';
import { requireUser } from '../auth/authenticate';
import { isForeignKeyViolation } from '../db/errors';
import { podInvitations, podMembers, pods } from '../db/schema';
import type { DbOrTx } from '../db/types';
import type { AppDeps } from '../deps';
import { conflict, notFound } from '../errors';
import { findUserById } from '../users/repo';
import { isUuid, parseBody } from '../validate';
import { announcePod } from './pods';
import { isPodMember, lockPodForMember, podForMember, podView } from './podsRepo';
import { SocialText } from './text';
import { publicUsers, toPodInvitation, type PodInvitationRow } from './views';
import { AUTH, IDEMPOTENT } from './writes';

type IdParams = { Params: { id: string } };
type InvitationParams = { Params: { invitationId: string } };

async function invitationViews(db: DbOrTx, rows: PodInvitationRow[]) {
  if (rows.length === 0) return [];
  const podRows = await db
    .select({ id: pods.id, name: pods.name })
    .from(pods)
    .where(inArray(pods.id, rows.map((row) => row.podId)));
  const podsById = new Map(podRows.map((pod) => [pod.id, pod]));
  const people = await publicUsers(db, rows.flatMap((row) => [row.inviteeId, row.invitedById]));
  return rows.filter((row) => podsById.has(row.podId)).map((row) => toPodInvitation(row, podsById.get(row.podId)!, people));
}

export function registerPodInvitationRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db, hub } = deps;

  /** The caller's pending invitations (a static path: registered before /api/pods/:id). */
  app.get('/api/pods/invitations', AUTH, async (request) => {
    const me = requireUser(request).id;
    const rows = await db
      .select()
      .from(podInvitations)
      .where(eq(podInvitations.inviteeId, me))
      .orderBy(desc(podInvitations.createdAt), desc(podInvitations.id));
    return invitationViews(db, rows);
  });

  app.post<InvitationParams>('/api/pods/invitations/:invitationId/accept', IDEMPOTENT, async (request) => {
    const me = requireUser(request).id;
    const { invitationId } = request.params;
    if (!isUuid(invitationId)) throw notFound(SocialText.invitationNotFound);
    const { pod, invitation } = await db.transaction(async (tx) => {
      const [found] = await tx
        .select()
        .from(podInvitations)
        .where(and(eq(podInvitations.id, invitationId), eq(podInvitations.inviteeId, me)));
      if (!found) throw notFound(SocialText.invitationNotFound);
      // Lock the pod (membership changes run one at a time), then re-check the invitation under it.
      const [row] = await tx.select().from(pods).where(eq(pods.id, found.podId)).for('update');
      const [deleted] = await tx.delete(podInvitations).where(eq(podInvitations.id, invitationId)).returning();
      if (!row || !deleted) throw notFound(SocialText.invitationNotFound);
      await tx.insert(podMembers).values({ podId: row.id, userId: me, joinedAt: deps.now() }).onConflictDoNothing();
      return { pod: await podView(tx, row), invitation: deleted };
    });
    hub.publishToUsers([invitation.inviteeId, invitation.invitedById], { type: 'POD_INVITATION_REMOVED', invitationId });
    announcePod(hub, pod);
    return pod;
  });

  app.post<InvitationParams>('/api/pods/invitations/:invitationId/decline', IDEMPOTENT, async (request, reply) => {
    const me = requireUser(request).id;
    const { invitationId } = request.params;
    if (!isUuid(invitationId)) throw notFound(SocialText.invitationNotFound);
    const [deleted] = await db
      .delete(podInvitations)
      .where(and(eq(podInvitations.id, invitationId), eq(podInvitations.inviteeId, me)))
      .returning();
    if (!deleted) throw notFound(SocialText.invitationNotFound);
    hub.publishToUsers([deleted.inviteeId, deleted.invitedById], { type: 'POD_INVITATION_REMOVED', invitationId });
    return reply.code(204).send();
  });

  /** A pod's pending invitations, for its members. */
  app.get<IdParams>('/api/pods/:id/invitations', AUTH, async (request) => {
    const pod = await podForMember(db, request.params.id, requireUser(request).id);
    const rows = await db
      .select()
      .from(podInvitations)
      .where(eq(podInvitations.podId, pod.id))
      .orderBy(desc(podInvitations.createdAt), desc(podInvitations.id));
    return invitationViews(db, rows);
  });

  app.post<IdParams>('/api/pods/:id/invite', IDEMPOTENT, async (request, reply) => {
    const me = requireUser(request).id;
    const podId = request.params.id;
    if (!isUuid(podId)) throw notFound(SocialText.podNotFound);
    const { userId } = parseBody(invitePodBody, request.body);
    const key = request.idempotencyKey;
    const outcome = await db.transaction(async (tx) => {
      const pod = await lockPodForMember(tx, podId, me);
      if (!isUuid(userId) || !(await findUserById(tx, userId))) throw notFound(SocialText.userNotFound);
      if (await isPodMember(tx, podId, userId)) throw conflict(SocialText.alreadyMember);
      const [existing] = await tx
        .select()
        .from(podInvitations)
        .where(and(eq(podInvitations.podId, podId), eq(podInvitations.inviteeId, userId)));
      if (existing) {
        // A replay of this very invite (its stored answer lost) answers it again.
        if (existing.invitedById === me && key !== null && existing.clientId === key) return { pod, row: existing, created: false };
        throw conflict(SocialText.alreadyInvited);
      }
      const [row] = await tx
        .insert(podInvitations)
        .values({ podId, inviteeId: userId, invitedById: me, clientId: key, createdAt: deps.now() })
        .returning();
      return { pod, row: row!, created: true };
    }).catch((error: unknown) => {
      if (isForeignKeyViolation(error)) throw notFound(SocialText.userNotFound);
      throw error;
    });
    const [view] = await invitationViews(db, [outcome.row]);
    if (!view) throw notFound(SocialText.podNotFound);
    if (outcome.created) hub.publishToUsers([outcome.row.inviteeId, me], { type: 'POD_INVITATION', payload: view });
    return reply.code(201).send(view);
  });
}
