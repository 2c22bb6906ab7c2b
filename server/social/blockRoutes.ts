/** Blocks (src/contract/blocks.ts): my list, block, unblock. The writes are the user.block / user.unblock mutations. */
import type { FastifyInstance } from 'fastify';
import { blockUserBody } from '../../src/contract/blocks';
import { requireUser } from '../auth/authenticate';
import type { AppDeps } from '../deps';
import { restMutation } from '../sync/rest';
import { parseBody } from '../validate';
import { listBlocks } from './blocks';
import { AUTH } from './writes';

export function registerBlockRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.get('/api/blocks', AUTH, async (request) => listBlocks(deps.db, requireUser(request).id));

  app.post('/api/blocks', AUTH, async (request, reply) => {
    const { userId } = parseBody(blockUserBody, request.body);
    return reply.code(201).send(await restMutation(request, reply, 'user.block', { userId }));
  });

  app.delete<{ Params: { userId: string } }>('/api/blocks/:userId', AUTH, async (request, reply) => {
    await restMutation(request, reply, 'user.unblock', { userId: request.params.userId });
    return reply.code(204).send();
  });
}
