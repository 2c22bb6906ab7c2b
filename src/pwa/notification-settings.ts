/**
 * The signed-in user's notification settings, kept on the server (per user, shared by their
 * devices) and mirrored in the `meta` table so the Settings tab and the pod chat read them
 * from the mirror like everything else. A change shows at once, is sent, and is put back
 * when the server refuses or cannot be reached (settings are not queued: they only matter
 * for pushes, which need the network anyway).
 */
import { notificationSettingsSchema, type NotificationKind, type NotificationSettings } from '../contract/push';
import type { PodTableDB } from '../db/schema';
import type { ApiClient } from '../sync/engine/api';

export const NOTIFICATION_SETTINGS_KEY = 'notificationSettings';

export async function readNotificationSettings(db: PodTableDB): Promise<NotificationSettings | null> {
  const row = await db.meta.get(NOTIFICATION_SETTINGS_KEY);
  const parsed = notificationSettingsSchema.safeParse(row?.value);
  return parsed.success ? parsed.data : null;
}

async function store(db: PodTableDB, raw: unknown): Promise<NotificationSettings> {
  const settings = notificationSettingsSchema.parse(raw);
  await db.meta.put({ key: NOTIFICATION_SETTINGS_KEY, value: settings });
  return settings;
}

export async function pullNotificationSettings(db: PodTableDB, api: ApiClient): Promise<NotificationSettings> {
  return store(db, await api.request('GET', '/api/push/settings'));
}

/** Shows `change` at once, sends it, and keeps the server's answer or restores what was there. */
async function change(db: PodTableDB, patch: (settings: NotificationSettings) => NotificationSettings, send: () => Promise<unknown>): Promise<void> {
  const before = await readNotificationSettings(db);
  if (before) await db.meta.put({ key: NOTIFICATION_SETTINGS_KEY, value: patch(before) });
  try {
    await store(db, await send());
  } catch (error) {
    if (before) await db.meta.put({ key: NOTIFICATION_SETTINGS_KEY, value: before });
    throw error;
  }
}

export function setNotificationKind(db: PodTableDB, api: ApiClient, kind: NotificationKind, on: boolean): Promise<void> {
  return change(db, (settings) => ({ ...settings, [kind]: on }), () => api.request('PUT', '/api/push/settings', { body: { [kind]: on } }));
}

export function setPodMuted(db: PodTableDB, api: ApiClient, podId: string, muted: boolean): Promise<void> {
  return change(
    db,
    (settings) => ({ ...settings, mutedPodIds: muted ? [...new Set([...settings.mutedPodIds, podId])] : settings.mutedPodIds.filter((id) => id !== podId) }),
    () => api.request(muted ? 'PUT' : 'DELETE', `/api/push/muted-pods/${encodeURIComponent(podId)}`),
  );
}
