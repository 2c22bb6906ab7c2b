/**
 * Pods (the spec's "Pods" calls): list, read, and the writes — create, rename, delete, remove a member,
 * hand over ownership, leave — which are mutations (server/sync/mutators/pods.ts).
 * Strangers get 404 for every pod route (a pod's existence is not revealed).
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { assignOwnerBody, createPodBody, updatePodBody } from '../../src/contract/social';
import { requireUser } from '../auth/authenticate';
import type { AppDeps } from '../deps';
import { listPods } from '../sync/reads';
import { restMutation } from '../sync/rest';
import { parseBody } from '../validate';
import { podForMember, podView } from './podsRepo';
import { AUTH } from './writes';

type IdParams = { Params: { id: string } };

export function registerPodRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;

  app.get('/api/pods', AUTH, async (request) => listPods(db, requireUser(request).id));

  app.get<IdParams>('/api/pods/:id', AUTH, async (request) => {
    const pod = await podForMember(db, request.params.id, requireUser(request).id);
    return podView(db, pod);
  });

  app.post('/api/pods', AUTH, async (request, reply) => {
    const body = parseBody(createPodBody, request.body);
    const pod = await restMutation(request, reply, 'pod.create', { id: body.id ?? randomUUID(), name: body.name });
    return reply.code(201).send(pod);
  });

  app.put<IdParams>('/api/pods/:id', AUTH, async (request, reply) =>
    restMutation(request, reply, 'pod.rename', { podId: request.params.id, name: parseBody(updatePodBody, request.body).name }),
  );

  app.delete<IdParams>('/api/pods/:id', AUTH, async (request, reply) => {
    await restMutation(request, reply, 'pod.delete', { podId: request.params.id });
    return reply.code(204).send();
  });

  app.delete<{ Params: { id: string; userId: string } }>('/api/pods/:id/members/:userId', AUTH, async (request, reply) =>
    restMutation(request, reply, 'pod.member.remove', { podId: request.params.id, userId: request.params.userId }),
  );

  app.post<IdParams>('/api/pods/:id/assign-owner', AUTH, async (request, reply) =>
    restMutation(request, reply, 'pod.owner.assign', { podId: request.params.id, newOwnerId: parseBody(assignOwnerBody, request.body).newOwnerId }),
  );

  /** The owner must hand the pod over first while others are in it (409); an owner alone deletes it by leaving. */
  app.post<IdParams>('/api/pods/:id/leave', AUTH, async (request, reply) => {
    await restMutation(request, reply, 'pod.leave', { podId: request.params.id });
    return reply.code(204).send();
  });
}
