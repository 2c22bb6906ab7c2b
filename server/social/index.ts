/** Friends, blocks, direct messages, pods, pod chat and invitations: every route and live handler. */
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps';
import { registerBlockRoutes } from './block-routes';
import { registerDirectMessageRoutes } from './direct-message-routes';
import { registerFriendRoutes } from './friend-routes';
import { registerMessageSearchRoutes } from './message-search-routes';
import { registerSocialLive } from './live';
import { registerPodInvitationRoutes } from './pod-invitation-routes';
import { registerPodMessageRoutes } from './pod-message-routes';
import { registerPodRoutes } from './pod-routes';

export function registerSocialRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerFriendRoutes(app, deps);
  registerBlockRoutes(app, deps);
  registerDirectMessageRoutes(app, deps);
  // /api/pods/invitations before /api/pods/:id.
  registerPodInvitationRoutes(app, deps);
  registerPodRoutes(app, deps);
  registerPodMessageRoutes(app, deps);
  registerMessageSearchRoutes(app, deps);
  registerSocialLive(deps.hub, deps.db);
}
