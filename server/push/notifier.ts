/**
 * The one place live events turn into push notifications: subscribed to the hub's publish
 * path (hub.onPublish), so no route handler knows about push. For every event this process
 * publishes that notifications.ts has a rule for (messages, friend requests, pod and game
 * invitations), every recipient but the actor who wants that kind (settings, pod mutes) gets a
 * push on each of their devices. The service worker decides not to show it when the app is
 * open and visible there.
 *
 * Nothing here delays the request that published: the event is queued, and lookups and
 * sends run in the background, at most PUSH_CONCURRENCY at a time and at most
 * PUSH_CONCURRENCY_PER_SERVICE to one push service (an allow-list entry), so a push service
 * that stops answering delays only its own users' pushes. An event whose only
 * recipient is its actor queues nothing; otherwise one prepared query finds the devices, and
 * only when there is one is the payload built (a pod message's title is one more query).
 */
import { and, eq } from 'drizzle-orm';
import type { ServerEvent } from '../../src/contract/live';
import { pods, pushSubscriptions } from '../db/schema';
import type { Db } from '../db/types';
import type { LiveHub } from '../live/hub';
import { checkEndpoint } from './endpoints';
import { audienceFor, payloadFor, type PushAudience } from './notifications';
import { createVapidAuthorizer, sendPush, type SendOptions } from './send';
import { subscriptionsWanting } from './settings';
import { createWorkQueue } from './queue';

/**
 * 8 requests in flight: push services answer in ~50–300 ms, so this is ~25–160 pushes a
 * second in all (half of that to any one push service, below).
 */
export const PUSH_CONCURRENCY = 8;
/**
 * Of those, one push service gets at most half: one that hangs until the send timeout holds 4
 * sockets while every other push service keeps 4 or more, and the busiest one (FCM, most
 * browsers) still has 4 requests in flight.
 */
export const PUSH_CONCURRENCY_PER_SERVICE = 4;
/** Beyond this many waiting jobs the oldest is dropped (logged): ~10k pushes of backlog. */
export const PUSH_MAX_PENDING = 10_000;

interface NotifierLog {
  warn(obj: object, msg: string): void;
  debug(obj: object, msg: string): void;
}

export interface PushNotifier {
  /** Resolves when every queued notification has been sent or given up. */
  idle(): Promise<void>;
}

export function startPushNotifier(hub: LiveHub, db: Db, send: SendOptions, log: NotifierLog): PushNotifier {
  const queue = createWorkQueue({
    concurrency: PUSH_CONCURRENCY,
    perKeyConcurrency: PUSH_CONCURRENCY_PER_SERVICE,
    maxPending: PUSH_MAX_PENDING,
    onError: (error) => log.warn({ err: error }, 'push notification failed'),
    onDrop: () => log.warn({}, 'push backlog full; a notification was dropped'),
  });
  const sending = { ...send, authorize: createVapidAuthorizer(send) };
  const lookups = {
    async podName(podId: string) {
      const [row] = await db.select({ name: pods.name }).from(pods).where(eq(pods.id, podId)).limit(1);
      return row?.name ?? null;
    },
  };

  /** One query when nobody wanting it has a device (the common case); the payload is built only for a push that goes out. */
  async function deliver(event: ServerEvent, audience: PushAudience): Promise<void> {
    const subscriptions = await subscriptionsWanting(db, audience.recipients, audience.kind, audience.podId);
    if (subscriptions.length === 0) return;
    const payload = await payloadFor(event, lookups);
    if (!payload) return;
    for (const subscription of subscriptions) {
      const check = checkEndpoint(subscription.endpoint, send.rules);
      // Stored under an older, looser rule: skipped, not deleted (a configuration changed back makes it usable again).
      if (check.problem !== null) continue;
      queue.push(async () => {
        const result = await sendPush(subscription, payload, sending);
        if (result.outcome === 'gone') {
          await db
            .delete(pushSubscriptions)
            .where(and(eq(pushSubscriptions.endpoint, subscription.endpoint), eq(pushSubscriptions.userId, subscription.userId)));
          log.debug({ status: result.status }, 'push subscription expired; removed');
        } else if (result.outcome === 'failed') {
          log.warn({ status: result.status ?? null, host: check.url.host }, 'push service refused a notification');
        }
      }, check.service);
    }
  }

  hub.onPublish((userIds: readonly string[], event: ServerEvent) => {
    const audience = audienceFor(userIds, event);
    if (audience) queue.push(() => deliver(event, audience));
  });

  return { idle: () => queue.idle() };
}
