/**
 * Web Push: the server's VAPID key pair, each device's push subscription, and
 * what each user wants to be notified of.
 *
 * - `vapid_keys` holds ONE row (id = 1), made at the first start by whichever process gets
 *   there first (insert … on conflict do nothing, then read), so every server process signs
 *   with the same key and existing subscriptions stay valid across restarts.
 * - a subscription belongs to the user who registered it last: the push service's endpoint
 *   is unique per browser profile, so a second account on the same device takes it over.
 * - no settings row means every kind is on; a kind turned off stores false.
 */
import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { pods } from './social';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const userRef = (name: string) =>
  uuid(name)
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

export const vapidKeys = pgTable('vapid_keys', {
  id: integer('id').primaryKey(),
  /** base64url, uncompressed P-256 point (what browsers take as applicationServerKey). */
  publicKey: text('public_key').notNull(),
  /** base64url, the 32-byte private scalar. */
  privateKey: text('private_key').notNull(),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});

export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    endpoint: text('endpoint').primaryKey(),
    userId: userRef('user_id'),
    /** base64url keys of the browser (RFC 8291): its P-256 public key and the 16-byte auth secret. */
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [index('push_subscriptions_user_idx').on(t.userId)],
);

export const notificationSettings = pgTable('notification_settings', {
  userId: userRef('user_id').primaryKey(),
  directMessages: boolean('direct_messages').notNull().default(true),
  podMessages: boolean('pod_messages').notNull().default(true),
  friendRequests: boolean('friend_requests').notNull().default(true),
  podInvites: boolean('pod_invites').notNull().default(true),
  gameInvites: boolean('game_invites').notNull().default(true),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});

/** Pods whose messages a user does not want pushed (the pod chat's "Mute notifications"). */
export const podNotificationMutes = pgTable(
  'pod_notification_mutes',
  {
    userId: userRef('user_id'),
    podId: uuid('pod_id')
      .notNull()
      .references(() => pods.id, { onDelete: 'cascade' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.podId] })],
);
