/**
 * Push notifications, shared by the app, the service worker and the server:
 * the kinds a user can turn off, the settings document, a device's subscription, and the
 * payload the server encrypts for the service worker.
 *
 * Routes (all signed in):
 *   GET    /api/push/public-key             → { publicKey } (VAPID, base64url)
 *   POST   /api/push/subscriptions          { endpoint, keys: { p256dh, auth } } → 201 { endpoint }
 *   DELETE /api/push/subscriptions          { endpoint } → 204 (this user's only; absent is fine)
 *   GET    /api/push/settings               → NotificationSettings
 *   PUT    /api/push/settings               { <kind>: boolean, … } (some kinds) → NotificationSettings
 *   PUT    /api/push/muted-pods/{podId}     → NotificationSettings (member of the pod only)
 *   DELETE /api/push/muted-pods/{podId}     → NotificationSettings
 */
import * as z from 'zod/mini';
import './zod-config';

export const NOTIFICATION_KINDS = ['directMessages', 'podMessages', 'friendRequests', 'podInvites', 'gameInvites'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** The Settings tab's labels, one per kind. */
export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, string> = {
  directMessages: 'Direct messages',
  podMessages: 'Pod messages',
  friendRequests: 'Friend requests',
  podInvites: 'Pod invitations',
  gameInvites: 'Game invitations',
};

export const notificationSettingsSchema = z.object({
  directMessages: z.boolean(),
  podMessages: z.boolean(),
  friendRequests: z.boolean(),
  podInvites: z.boolean(),
  gameInvites: z.boolean(),
  mutedPodIds: z.array(z.string()),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = {
  directMessages: true,
  podMessages: true,
  friendRequests: true,
  podInvites: true,
  gameInvites: true,
  mutedPodIds: [],
};

export const PushText = {
  noKinds: 'Say which notifications to change.',
  endpointNotHttps: 'A push endpoint must be an https:// address of a push service.',
  endpointRefused: 'This push service is not accepted by this server.',
  badKey: 'The subscription keys are not valid.',
} as const;

export const updateNotificationSettingsBody = z
  .strictObject(Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, z.optional(z.boolean())])) as Record<NotificationKind, z.ZodMiniOptional<z.ZodMiniBoolean>>)
  .check(z.refine((body) => NOTIFICATION_KINDS.some((kind) => body[kind] !== undefined), PushText.noKinds));

/** Push services' endpoints are ~200 characters; 2048 is the URL bound used elsewhere. */
const PUSH_ENDPOINT_MAX_LENGTH = 2048;
/** Bytes that `length` base64url characters decode to (no padding); -1 for an impossible length. */
function decodedLength(text: string): number {
  return text.length % 4 === 1 ? -1 : Math.floor((text.length * 3) / 4);
}
const base64url = (bytes: number) =>
  z.string().check(
    z.regex(/^[A-Za-z0-9_-]+={0,2}$/, PushText.badKey),
    z.refine((value: string) => decodedLength(value.replace(/=+$/, '')) === bytes, PushText.badKey),
  );

/** What PushSubscription.toJSON() gives: a P-256 public key (65 bytes) and a 16-byte auth secret. */
export const pushSubscriptionBody = z.object({
  endpoint: z.string().check(z.minLength(1), z.maxLength(PUSH_ENDPOINT_MAX_LENGTH)),
  expirationTime: z.optional(z.nullable(z.number())),
  keys: z.object({ p256dh: base64url(65), auth: base64url(16) }),
});
export const removePushSubscriptionBody = z.object({ endpoint: z.string().check(z.minLength(1), z.maxLength(PUSH_ENDPOINT_MAX_LENGTH)) });

/** The decrypted push message. `url` is an in-app path the click opens; `tag` groups per chat. */
export const pushPayloadSchema = z.object({
  kind: z.enum(NOTIFICATION_KINDS),
  title: z.string(),
  body: z.string(),
  url: z.string().check(z.startsWith('/')),
  tag: z.string(),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;

/** A message preview in a notification; push services cap payloads near 4 KB. */
export const PUSH_BODY_MAX_LENGTH = 200;

export { notificationLinks, OPEN_URL_MESSAGE, type OpenUrlMessage } from './push-links';
