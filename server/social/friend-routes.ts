/**
 * Friends (the spec's "Friends" calls): accepted friendships and pending requests both ways. The
 * writes — send, accept, reject, unfriend — are declared with their mutations (server/mutations/friends.ts).
 */
import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import { friendRequestSchema, friendshipSchema } from '../../src/contract/social';
import { requireUser } from '../auth/authenticate';
import type { AppDeps } from '../deps';
import { listFriendRequests, listFriendships } from '../sync/reads';
import { typed } from '../http/zod-validation';

export function registerFriendRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  const api = typed(app);

  api.get('/api/friends', { schema: { response: { 200: z.array(friendshipSchema) } } }, async (request) => listFriendships(db, requireUser(request).id));

  api.get('/api/friends/pending', { schema: { response: { 200: z.array(friendRequestSchema) } } }, async (request) => listFriendRequests(db, requireUser(request).id));
}
