/**
 * Pod invitations: the caller's pending invitations, a pod's pending invitations (members), and
 * the writes — invite, accept, decline, withdraw — which are mutations (server/mutations/pod-invitations.ts).
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { and, desc, eq } from 'drizzle-orm';
import * as z from 'zod/mini';
import { invitePodBody, podInvitationSchema } from '../../src/contract/social';
import { requireUser } from '../auth/authenticate';
import { podInvitations } from '../db/schema';
import type { AppDeps } from '../deps';
import { invitationViews } from '../mutations/pod-invitations';
import { restMutation } from '../sync/rest';
import { uuidParams } from '../http/params';
import { typed } from '../http/zod-validation';
import { podInvitationsVisibleTo } from '../visibility/pod-invitations';
import { podForMember } from './pods-repo';

export function registerPodInvitationRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  const api = typed(app);

  /** The invitations addressed to the caller (a static path: registered before /api/pods/:id). */
  api.get('/api/pods/invitations', { schema: { response: { 200: z.array(podInvitationSchema) } } }, async (request) => {
    const me = requireUser(request).id;
    const rows = await db
      .select()
      .from(podInvitations)
      .where(eq(podInvitations.inviteeId, me))
      .orderBy(desc(podInvitations.createdAt), desc(podInvitations.id));
    return invitationViews(db, rows);
  });

  api.post('/api/pods/invitations/:invitationId/accept', { schema: { params: uuidParams('invitationId') } }, async (request, reply) =>
    restMutation(request, reply, 'pod.invitation.accept', { invitationId: request.params.invitationId }),
  );

  api.post('/api/pods/invitations/:invitationId/decline', { schema: { params: uuidParams('invitationId') } }, async (request, reply) => {
    await restMutation(request, reply, 'pod.invitation.decline', { invitationId: request.params.invitationId });
    return reply.code(204).send();
  });

  /** A pod's pending invitations, for its members (server/visibility/pod-invitations.ts); 404 for anyone else. */
  api.get('/api/pods/:id/invitations', { schema: { params: uuidParams('id'), response: { 200: z.array(podInvitationSchema) } } }, async (request) => {
    const me = requireUser(request).id;
    const pod = await podForMember(db, request.params.id, me);
    const rows = await db
      .select()
      .from(podInvitations)
      .where(and(eq(podInvitations.podId, pod.id), podInvitationsVisibleTo(db, me)))
      .orderBy(desc(podInvitations.createdAt), desc(podInvitations.id));
    return invitationViews(db, rows);
  });

  /** The pod's owner withdraws any pending invitation of the pod; another member one they sent. */
  api.delete('/api/pods/:id/invitations/:invitationId', { schema: { params: uuidParams('id', 'invitationId') } }, async (request, reply) => {
    await restMutation(request, reply, 'pod.invitation.withdraw', { podId: request.params.id, invitationId: request.params.invitationId });
    return reply.code(204).send();
  });

  api.post('/api/pods/:id/invite', { schema: { params: uuidParams('id'), body: invitePodBody, response: { 201: podInvitationSchema } } }, async (request, reply) => {
    const { userId } = request.body;
    const view = await restMutation(request, reply, 'pod.invite', { id: randomUUID(), podId: request.params.id, userId });
    return reply.code(201).send(view);
  });
}
