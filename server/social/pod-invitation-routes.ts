/**
 * Pod invitations: the caller's pending invitations, a pod's pending invitations (members). The
 * writes — invite, accept, decline, withdraw — are declared with their mutations (server/mutations/pod-invitations.ts).
 */
import type { FastifyInstance } from 'fastify';
import { and, desc, eq } from 'drizzle-orm';
import * as z from 'zod/mini';
import { podInvitationSchema } from '../../src/contract/social';
import { requireUser } from '../auth/authenticate';
import { podInvitations } from '../db/schema';
import type { AppDeps } from '../deps';
import { invitationViews } from '../mutations/pod-invitations';
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
}
