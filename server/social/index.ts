/** Friends, blocks, direct messages, pods, pod chat and invitations: every route and live handler. */
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps';
import { registerBlockRoutes } from './blockRoutes';
import { registerDirectMessageRoutes } from './directMessages';
import { registerFriendRoutes } from './friends';
import { registerSocialLive } from './live';
import { registerPodInvitationRoutes } from './podInvitations';
import { registerPodMessageRoutes } from './podMessages';
import { registerPodRoutes } from './pods';

export function registerSocialRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerFriendRoutes(app, deps);
  registerBlockRoutes(app, deps);
  registerDirectMessageRoutes(app, deps);
  // /api/pods/invitations before /api/pods/:id.
  registerPodInvitationRoutes(app, deps);
  registerPodRoutes(app, deps);
  registerPodMessageRoutes(app, deps);
  registerSocialLive(deps.hub, deps.db);
}
