/** Blocks (src/contract/blocks.ts): my list, block, unblock. The writes are the user.block / user.unblock mutations. */
import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import { blockUserBody, blockedUserSchema } from '../../src/contract/blocks';
import { requireUser } from '../auth/authenticate';
import type { AppDeps } from '../deps';
import { restMutation } from '../sync/rest';
import { uuidParams } from '../http/params';
import { typed } from '../http/zod-validation';
import { listBlocks } from './blocks';

export function registerBlockRoutes(app: FastifyInstance, deps: AppDeps): void {
  const api = typed(app);
  api.get('/api/blocks', { schema: { response: { 200: z.array(blockedUserSchema) } } }, async (request) => listBlocks(deps.db, requireUser(request).id));

  api.post('/api/blocks', { schema: { body: blockUserBody } }, async (request, reply) => {
    const { userId } = request.body;
    return reply.code(201).send(await restMutation(request, reply, 'user.block', { userId }));
  });

  api.delete('/api/blocks/:userId', { schema: { params: uuidParams('userId') } }, async (request, reply) => {
    await restMutation(request, reply, 'user.unblock', { userId: request.params.userId });
    return reply.code(204).send();
  });
}
