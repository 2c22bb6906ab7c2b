/** Notification settings and pod mutes as stored (schema/push.ts): no row = every kind on. */
import { and, eq, sql } from 'drizzle-orm';
import { DEFAULT_NOTIFICATION_SETTINGS, NOTIFICATION_KINDS, type NotificationKind, type NotificationSettings } from '../../src/contract/push';
import { notificationSettings, podNotificationMutes, pushSubscriptions } from '../db/schema';
import { rowsOf } from '../db/rows';
import { namedStatement, type NamedStatement } from '../db/statements';
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

/** One subscription as the notifier sends to it. */
export interface WantedSubscription {
  endpoint: string;
  userId: string;
  p256dh: string;
  auth: string;
}

const p = (name: string) => sql.placeholder(name);

/**
 * One statement per kind (the kind is a column), built once and prepared by name: it runs
 * after every pushed event (every message). In a warm CPU profile of the live fan-out bench
 * the lookup cost nearly as much of the server's time as the message's own write, much of it
 * building the drizzle query, which building once removes (docs/benchmarks.md). `podId` null:
 * not a pod message, no mute applies.
 */
const WANTING = Object.fromEntries(
  NOTIFICATION_KINDS.map((kind) => [
    kind,
    namedStatement(
      `push_subscriptions_wanting_${kind}`,
      sql`
        select ${pushSubscriptions.endpoint}, ${pushSubscriptions.userId}, ${pushSubscriptions.p256dh}, ${pushSubscriptions.auth}
        from ${pushSubscriptions}
        left join ${notificationSettings} on ${notificationSettings.userId} = ${pushSubscriptions.userId}
        where ${pushSubscriptions.userId} = any(${p('userIds')}::uuid[])
          and coalesce(${notificationSettings[kind]}, true)
          and (${p('podId')}::uuid is null or not exists (
            select 1 from ${podNotificationMutes}
            where ${podNotificationMutes.userId} = ${pushSubscriptions.userId} and ${podNotificationMutes.podId} = ${p('podId')}::uuid
          ))`,
    ),
  ]),
) as Record<NotificationKind, NamedStatement>;

/**
 * The push subscriptions of those of `userIds` who want `kind` (no settings row = yes) and,
 * for a pod message, have not muted the pod: one query per event.
 */
export async function subscriptionsWanting(db: DbOrTx, userIds: string[], kind: NotificationKind, podId?: string): Promise<WantedSubscription[]> {
  if (userIds.length === 0) return [];
  const rows = rowsOf<{ endpoint: string; user_id: string; p256dh: string; auth: string }>(await WANTING[kind].run(db, { userIds, podId: podId ?? null }));
  return rows.map((row) => ({ endpoint: row.endpoint, userId: row.user_id, p256dh: row.p256dh, auth: row.auth }));
}
