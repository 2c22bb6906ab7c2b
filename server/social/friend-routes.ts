/**
 * Friends (the spec's "Friends" calls): accepted friendships and pending requests both ways, and the writes —
 * send, accept, reject, unfriend/block (one delete) — which are mutations
 * (server/mutations/friend-routes.ts).
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import { acceptFriendRequestBody, friendRequestSchema, friendshipSchema, sendFriendRequestBody } from '../../src/contract/social';
import { requireUser } from '../auth/authenticate';
import type { AppDeps } from '../deps';
import { listFriendRequests, listFriendships } from '../sync/reads';
import { restMutation } from '../sync/rest';
import { uuidParams } from '../http/params';
import { typed } from '../http/zod-validation';

export function registerFriendRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  const api = typed(app);
  const params = uuidParams('id');

  api.get('/api/friends', { schema: { response: { 200: z.array(friendshipSchema) } } }, async (request) => listFriendships(db, requireUser(request).id));

  api.get('/api/friends/pending', { schema: { response: { 200: z.array(friendRequestSchema) } } }, async (request) => listFriendRequests(db, requireUser(request).id));

  api.post('/api/friends/send-request', { schema: { body: sendFriendRequestBody } }, async (request, reply) => {
    const { addresseeId } = request.body;
    const view = await restMutation(request, reply, 'friend.request', { id: randomUUID(), addresseeId });
    return reply.code(201).send(view);
  });

  api.put('/api/friends/:id/accept', { schema: { params, body: acceptFriendRequestBody } }, async (request, reply) => {
    return restMutation(request, reply, 'friend.accept', { friendshipId: request.params.id });
  });

  /** Either side of a pending request: the addressee declines, the requester withdraws. */
  api.delete('/api/friends/:id/reject', { schema: { params } }, async (request, reply) => {
    await restMutation(request, reply, 'friend.reject', { friendshipId: request.params.id });
    return reply.code(204).send();
  });

  /** Unfriend (the spec's "unfriend or block"; a real block is POST /api/blocks). */
  api.delete('/api/friends/:id', { schema: { params } }, async (request, reply) => {
    await restMutation(request, reply, 'friend.remove', { friendshipId: request.params.id });
    return reply.code(204).send();
  });
}
