/**
 * Web Push (docs/notifications.md): keys, routes and the notifier, wired by
 * buildApp with one call. Closing the app waits (bounded) for notifications still queued.
 */
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps';
import { pushEndpointRules } from './endpoints';
import { startPushNotifier } from './notifier';
import { registerPushRoutes } from './push-routes';
import { loadOrCreateVapidKeys } from './vapid';

/** On shutdown, queued notifications get this long to go out before the process ends. */
export const PUSH_DRAIN_ON_CLOSE_MS = 5000;

export async function registerPush(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const vapid = await loadOrCreateVapidKeys(deps.db);
  registerPushRoutes(app, deps, vapid);
  const notifier = startPushNotifier(deps.hub, deps.db, { vapid, subject: deps.config.vapidSubject, rules: pushEndpointRules(deps.config) }, app.log);
  app.addHook('preClose', async () => {
    await Promise.race([notifier.idle(), new Promise((resolve) => setTimeout(resolve, PUSH_DRAIN_ON_CLOSE_MS).unref())]);
  });
}
