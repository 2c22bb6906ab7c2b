/** Notification settings and pod mutes as stored (schema/push.ts): no row = every kind on. */
import { and, eq, inArray, notExists, sql } from 'drizzle-orm';
import { DEFAULT_NOTIFICATION_SETTINGS, NOTIFICATION_KINDS, type NotificationKind, type NotificationSettings } from '../../src/contract/push';
import { notificationSettings, podNotificationMutes, pushSubscriptions } from '../db/schema';
import type { DbOrTx } from '../db/types';

export async function readSettings(db: DbOrTx, userId: string): Promise<NotificationSettings> {
  const [row] = await db.select().from(notificationSettings).where(eq(notificationSettings.userId, userId)).limit(1);
  const mutes = await db.select({ podId: podNotificationMutes.podId }).from(podNotificationMutes).where(eq(podNotificationMutes.userId, userId));
  const kinds = Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, row ? row[kind] : DEFAULT_NOTIFICATION_SETTINGS[kind]])) as Record<NotificationKind, boolean>;
  return { ...kinds, mutedPodIds: mutes.map((mute) => mute.podId).sort() };
}

export async function updateKinds(db: DbOrTx, userId: string, changes: Partial<Record<NotificationKind, boolean>>, now: Date): Promise<void> {
  await db
    .insert(notificationSettings)
    .values({ userId, ...changes, updatedAt: now })
    .onConflictDoUpdate({ target: notificationSettings.userId, set: { ...changes, updatedAt: now } });
}

export async function setPodMuted(db: DbOrTx, userId: string, podId: string, muted: boolean): Promise<void> {
  if (muted) await db.insert(podNotificationMutes).values({ userId, podId }).onConflictDoNothing();
  else await db.delete(podNotificationMutes).where(and(eq(podNotificationMutes.userId, userId), eq(podNotificationMutes.podId, podId)));
}

/**
 * The push subscriptions of those of `userIds` who want `kind` (no settings row = yes) and,
 * for a pod message, have not muted the pod: one query per event.
 */
export async function subscriptionsWanting(db: DbOrTx, userIds: string[], kind: NotificationKind, podId?: string) {
  if (userIds.length === 0) return [];
  const conditions = [inArray(pushSubscriptions.userId, userIds), sql`coalesce(${notificationSettings[kind]}, true)`];
  if (podId) {
    const muted = db
      .select({ one: sql`1` })
      .from(podNotificationMutes)
      .where(and(eq(podNotificationMutes.userId, pushSubscriptions.userId), eq(podNotificationMutes.podId, podId)));
    conditions.push(notExists(muted));
  }
  return db
    .select({ endpoint: pushSubscriptions.endpoint, userId: pushSubscriptions.userId, p256dh: pushSubscriptions.p256dh, auth: pushSubscriptions.auth })
    .from(pushSubscriptions)
    .leftJoin(notificationSettings, eq(notificationSettings.userId, pushSubscriptions.userId))
    .where(and(...conditions));
}
