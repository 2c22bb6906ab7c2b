/**
 * Push routes (src/contract/push.ts lists them): the VAPID public key, this device's
 * subscription, and the signed-in user's notification settings and pod mutes. Every route
 * needs a signed-in user and touches only that user's rows; muting a pod needs membership
 * (anyone else's pod answers 404, as the pod routes do).
 */
import type { FastifyInstance } from 'fastify';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { notificationSettingsSchema, pushSubscriptionBody, removePushSubscriptionBody, updateNotificationSettingsBody } from '../../src/contract/push';
import { requireUser } from '../auth/authenticate';
import { pushSubscriptions } from '../db/schema';
import type { AppDeps } from '../deps';
import { badRequest, notFound } from '../errors';
import { isPodMember } from '../social/pods-repo';
import { SocialText } from '../social/text';
import { uuidParams } from '../http/params';
import { typed } from '../http/zod-validation';
import { isUuid } from '../validate';
import { endpointProblem, pushEndpointRules } from './endpoints';
import { readSettings, setPodMuted, updateKinds } from './settings';
import type { VapidKeys } from './vapid';

/** Devices per user; registering one more forgets the oldest (a browser reinstalled 30 times). */
export const PUSH_SUBSCRIPTIONS_PER_USER = 20;

export function registerPushRoutes(app: FastifyInstance, deps: AppDeps, vapid: VapidKeys): void {
  const { db } = deps;
  const api = typed(app);

  api.get('/api/push/public-key', async () => ({ publicKey: vapid.publicKey }));

  api.post('/api/push/subscriptions', { schema: { body: pushSubscriptionBody } }, async (request, reply) => {
    const me = requireUser(request);
    const body = request.body;
    const problem = await endpointProblem(body.endpoint, pushEndpointRules(deps.config));
    if (problem) throw badRequest(problem);
    const now = deps.now();
    await db.transaction(async (tx) => {
      // The endpoint names one browser profile: whoever registers it last owns it.
      await tx
        .insert(pushSubscriptions)
        .values({ endpoint: body.endpoint, userId: me.id, p256dh: body.keys.p256dh, auth: body.keys.auth, createdAt: now })
        .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: { userId: me.id, p256dh: body.keys.p256dh, auth: body.keys.auth, createdAt: now } });
      const surplus = await tx
        .select({ endpoint: pushSubscriptions.endpoint })
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, me.id))
        .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.endpoint))
        .offset(PUSH_SUBSCRIPTIONS_PER_USER);
      if (surplus.length > 0) await tx.delete(pushSubscriptions).where(inArray(pushSubscriptions.endpoint, surplus.map((row) => row.endpoint)));
    });
    return reply.code(201).send({ endpoint: body.endpoint });
  });

  api.delete('/api/push/subscriptions', { schema: { body: removePushSubscriptionBody } }, async (request, reply) => {
    const me = requireUser(request);
    const { endpoint } = request.body;
    await db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.endpoint, endpoint), eq(pushSubscriptions.userId, me.id)));
    return reply.code(204).send();
  });

  api.get('/api/push/settings', { schema: { response: { 200: notificationSettingsSchema } } }, async (request) => readSettings(db, requireUser(request).id));

  api.put('/api/push/settings', { schema: { body: updateNotificationSettingsBody, response: { 200: notificationSettingsSchema } } }, async (request) => {
    const me = requireUser(request);
    const changes = request.body;
    await updateKinds(db, me.id, changes, deps.now());
    return readSettings(db, me.id);
  });

  for (const muted of [true, false]) {
    const method = muted ? 'put' : 'delete';
    api[method]('/api/push/muted-pods/:podId', { schema: { params: uuidParams('podId'), response: { 200: notificationSettingsSchema } } }, async (request) => {
      const me = requireUser(request);
      const { podId } = request.params;
      // Unmuting needs no membership: a pod left while muted can still be unmuted.
      if (muted ? !(await isPodMember(db, podId, me.id)) : !isUuid(podId)) throw notFound(SocialText.podNotFound);
      await setPodMuted(db, me.id, podId, muted);
      return readSettings(db, me.id);
    });
  }
}
