/**
 * Pods (the spec's "Pods" calls): list and read. The writes — create, rename, delete, remove a
 * member, hand over ownership, leave — are declared with their mutations (server/mutations/pods.ts).
 * Strangers get 404 for every pod route (a pod's existence is not revealed).
 */
import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import { podSchema } from '../../src/contract/social';
import { requireUser } from '../auth/authenticate';
import type { AppDeps } from '../deps';
import { listPods } from '../sync/reads';
import { uuidParams } from '../http/params';
import { typed } from '../http/zod-validation';
import { podForMember, podView } from './pods-repo';

export function registerPodRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  const api = typed(app);

  api.get('/api/pods', { schema: { response: { 200: z.array(podSchema) } } }, async (request) => listPods(db, requireUser(request).id));

  api.get('/api/pods/:id', { schema: { params: uuidParams('id'), response: { 200: podSchema } } }, async (request) => {
    const pod = await podForMember(db, request.params.id, requireUser(request).id);
    return podView(db, pod);
  });
}
