/**
 * Pod invitations: the caller's pending invitations, a pod's pending invitations (members), and
 * the writes — invite, accept, decline, withdraw — which are mutations (server/sync/mutators/podInvitations.ts).
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { desc, eq } from 'drizzle-orm';
import { invitePodBody } from '../../src/contract/social';
import { requireUser } from '../auth/authenticate';
import { podInvitations } from '../db/schema';
import type { AppDeps } from '../deps';
import { invitationViews } from '../sync/mutators/podInvitations';
import { restMutation } from '../sync/rest';
import { parseBody } from '../validate';
import { podForMember } from './podsRepo';
import { AUTH } from './writes';

type IdParams = { Params: { id: string } };
type InvitationParams = { Params: { invitationId: string } };

export function registerPodInvitationRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;

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

  app.post<InvitationParams>('/api/pods/invitations/:invitationId/accept', AUTH, async (request, reply) =>
    restMutation(request, reply, 'pod.invitation.accept', { invitationId: request.params.invitationId }),
  );

  app.post<InvitationParams>('/api/pods/invitations/:invitationId/decline', AUTH, async (request, reply) => {
    await restMutation(request, reply, 'pod.invitation.decline', { invitationId: request.params.invitationId });
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

  /** The pod's owner withdraws any pending invitation of the pod; another member one they sent. */
  app.delete<{ Params: { id: string; invitationId: string } }>('/api/pods/:id/invitations/:invitationId', AUTH, async (request, reply) => {
    await restMutation(request, reply, 'pod.invitation.withdraw', { podId: request.params.id, invitationId: request.params.invitationId });
    return reply.code(204).send();
  });

  app.post<IdParams>('/api/pods/:id/invite', AUTH, async (request, reply) => {
    const { userId } = parseBody(invitePodBody, request.body);
    const view = await restMutation(request, reply, 'pod.invite', { id: randomUUID(), podId: request.params.id, userId });
    return reply.code(201).send(view);
  });
}
