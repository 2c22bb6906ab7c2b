/** Blocks (src/contract/blocks.ts): my list. Block and unblock are declared with their mutations (server/mutations/blocks.ts). */
import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import { blockedUserSchema } from '../../src/contract/blocks';
import { requireUser } from '../auth/authenticate';
import type { AppDeps } from '../deps';
import { typed } from '../http/zod-validation';
import { listBlocks } from './blocks';

export function registerBlockRoutes(app: FastifyInstance, deps: AppDeps): void {
  const api = typed(app);
  api.get('/api/blocks', { schema: { response: { 200: z.array(blockedUserSchema) } } }, async (request) => listBlocks(deps.db, requireUser(request).id));
}
