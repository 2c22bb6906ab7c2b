/**
 * Friends (the spec's "Friends" calls): accepted friendships and pending requests both ways, and the writes —
 * send, accept, reject, unfriend/block (one delete) — which are mutations
 * (server/sync/mutators/friends.ts).
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { acceptFriendRequestBody, sendFriendRequestBody } from '../../src/contract/social';
import { requireUser } from '../auth/authenticate';
import type { AppDeps } from '../deps';
import { listFriendRequests, listFriendships } from '../sync/reads';
import { restMutation } from '../sync/rest';
import { parseBody } from '../validate';
import { AUTH } from './writes';

type IdParams = { Params: { id: string } };

export function registerFriendRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;

  app.get('/api/friends', AUTH, async (request) => listFriendships(db, requireUser(request).id));

  app.get('/api/friends/pending', AUTH, async (request) => listFriendRequests(db, requireUser(request).id));

  app.post('/api/friends/send-request', AUTH, async (request, reply) => {
    const { addresseeId } = parseBody(sendFriendRequestBody, request.body);
    const view = await restMutation(request, reply, 'friend.request', { id: randomUUID(), addresseeId });
    return reply.code(201).send(view);
  });

  app.put<IdParams>('/api/friends/:id/accept', AUTH, async (request, reply) => {
    parseBody(acceptFriendRequestBody, request.body);
    return restMutation(request, reply, 'friend.accept', { friendshipId: request.params.id });
  });

  /** Either side of a pending request: the addressee declines, the requester withdraws. */
  app.delete<IdParams>('/api/friends/:id/reject', AUTH, async (request, reply) => {
    await restMutation(request, reply, 'friend.reject', { friendshipId: request.params.id });
    return reply.code(204).send();
  });

  /** Unfriend (the spec's "unfriend or block"; a real block is POST /api/blocks). */
  app.delete<IdParams>('/api/friends/:id', AUTH, async (request, reply) => {
    await restMutation(request, reply, 'friend.remove', { friendshipId: request.params.id });
    return reply.code(204).send();
  });
}
