/**
 * Pods (the spec's "Pods" calls): list, read, and the writes — create, rename, delete, remove a member,
 * hand over ownership, leave — which are mutations (server/mutations/pods.ts).
 * Strangers get 404 for every pod route (a pod's existence is not revealed).
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import { assignOwnerBody, createPodBody, podSchema, updatePodBody } from '../../src/contract/social';
import { requireUser } from '../auth/authenticate';
import type { AppDeps } from '../deps';
import { listPods } from '../sync/reads';
import { restMutation } from '../sync/rest';
import { uuidParams } from '../http/params';
import { typed } from '../http/zod-validation';
import { podForMember, podView } from './pods-repo';

export function registerPodRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  const api = typed(app);
  const params = uuidParams('id');

  api.get('/api/pods', { schema: { response: { 200: z.array(podSchema) } } }, async (request) => listPods(db, requireUser(request).id));

  api.get('/api/pods/:id', { schema: { params, response: { 200: podSchema } } }, async (request) => {
    const pod = await podForMember(db, request.params.id, requireUser(request).id);
    return podView(db, pod);
  });

  api.post('/api/pods', { schema: { body: createPodBody, response: { 201: podSchema } } }, async (request, reply) => {
    const body = request.body;
    const pod = await restMutation(request, reply, 'pod.create', { id: body.id ?? randomUUID(), name: body.name });
    return reply.code(201).send(pod);
  });

  api.put('/api/pods/:id', { schema: { params, body: updatePodBody, response: { 200: podSchema } } }, async (request, reply) =>
    restMutation(request, reply, 'pod.rename', { podId: request.params.id, name: request.body.name }),
  );

  api.delete('/api/pods/:id', { schema: { params } }, async (request, reply) => {
    await restMutation(request, reply, 'pod.delete', { podId: request.params.id });
    return reply.code(204).send();
  });

  api.delete('/api/pods/:id/members/:userId', { schema: { params: uuidParams('id', 'userId') } }, async (request, reply) =>
    restMutation(request, reply, 'pod.member.remove', { podId: request.params.id, userId: request.params.userId }),
  );

  api.post('/api/pods/:id/assign-owner', { schema: { params, body: assignOwnerBody } }, async (request, reply) =>
    restMutation(request, reply, 'pod.owner.assign', { podId: request.params.id, newOwnerId: request.body.newOwnerId }),
  );

  /** The owner must hand the pod over first while others are in it (409); an owner alone deletes it by leaving. */
  api.post('/api/pods/:id/leave', { schema: { params } }, async (request, reply) => {
    await restMutation(request, reply, 'pod.leave', { podId: request.params.id });
    return reply.code(204).send();
  });
}
