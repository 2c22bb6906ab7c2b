/**
 * Social tables (the spec's entities): friendships, direct messages, pods with their members,
 * messages and pending invitations.
 *
 * Invariants the routes keep (server/social):
 * - one friendship row per pair of people, whatever the direction (unique on the ordered pair);
 * - a pod's owner is always one of its members; a pod without members does not exist;
 * - only pending invitations are stored (accept and decline delete the row), one per (pod, invitee);
 * - messages carry the client's id for the write that made them (`client_id`), unique per
 *   sender, so a replayed create finds its row instead of making a second one.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const userRef = (name: string) =>
  uuid(name)
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

export const friendships = pgTable(
  'friendships',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requesterId: userRef('requester_id'),
    addresseeId: userRef('addressee_id'),
    /** 'PENDING' | 'ACCEPTED' (a rejected request is deleted). */
    status: text('status').$type<'PENDING' | 'ACCEPTED'>().notNull(),
    /** Idempotency-Key of the request that created it: a replay whose answer was lost finds it. */
    clientId: text('client_id'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    acceptedAt: timestamptz('accepted_at'),
  },
  (t) => [
    // One row per pair, either direction: two people asking each other at once cannot both win.
    uniqueIndex('friendships_pair_key').on(sql`least(${t.requesterId}, ${t.addresseeId})`, sql`greatest(${t.requesterId}, ${t.addresseeId})`),
    index('friendships_requester_idx').on(t.requesterId),
    index('friendships_addressee_idx').on(t.addresseeId),
    check('friendships_not_self', sql`${t.requesterId} <> ${t.addresseeId}`),
    check('friendships_status', sql`${t.status} IN ('PENDING', 'ACCEPTED')`),
  ],
);

export const directMessages = pgTable(
  'direct_messages',
  {
    /** The client's UUID when it sent one, else chosen by the server. */
    id: uuid('id').primaryKey(),
    clientId: text('client_id'),
    senderId: userRef('sender_id'),
    receiverId: userRef('receiver_id'),
    /** Blanked ('') when the message is deleted: the text is gone for everyone. */
    content: text('content').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    /** When the sender last edited it (dm.edit); null when never. */
    editedAt: timestamptz('edited_at'),
    /** When the sender deleted it (dm.delete); the row stays so the thread shows "Message deleted". Final. */
    deletedAt: timestamptz('deleted_at'),
  },
  (t) => [
    // A conversation is read from both sides: (me → them) and (them → me), newest last.
    index('direct_messages_sender_receiver_idx').on(t.senderId, t.receiverId, t.createdAt),
    index('direct_messages_receiver_sender_idx').on(t.receiverId, t.senderId, t.createdAt),
    uniqueIndex('direct_messages_sender_client_key').on(t.senderId, t.clientId),
    // Message search (server/social/message-search-routes.ts) matches this very expression.
    index('direct_messages_search_idx').using('gin', sql`to_tsvector('simple', ${t.content})`),
  ],
);

/**
 * Each person's conversations: one row per (user, peer) they exchanged direct messages with,
 * naming the newest message by (created_at, id). Derived from `direct_messages` by the trigger
 * `direct_conversations_follow_message` (migration 0014) on every insert, whatever writes it; a
 * message is never deleted but with its people (the cascade), so the newest never goes back.
 * The conversation list reads these rows instead of ranking every message a person has.
 */
export const directConversations = pgTable(
  'direct_conversations',
  {
    userId: userRef('user_id'),
    peerId: userRef('peer_id'),
    lastMessageId: uuid('last_message_id')
      .notNull()
      .references(() => directMessages.id, { onDelete: 'cascade' }),
    lastAt: timestamptz('last_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.peerId] }), index('direct_conversations_user_last_idx').on(t.userId, t.lastAt)],
);

export const pods = pgTable('pods', {
  /** The client's UUID when it sent one (pods can be created offline), else chosen by the server. */
  id: uuid('id').primaryKey(),
  name: text('name').notNull(),
  /** What the pod is about (pod.describe): single-line, at most POD_DESCRIPTION_MAX_LENGTH characters; null when none. */
  description: text('description'),
  // No cascade: deleting an account that owns pods must hand them over first (no such route yet).
  ownerId: uuid('owner_id')
    .notNull()
    .references(() => users.id),
  createdById: uuid('created_by_id')
    .notNull()
    .references(() => users.id),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  /** Revision: +1 per change of the pod or its members. */
  rev: integer('rev').notNull().default(1),
});

export const podMembers = pgTable(
  'pod_members',
  {
    podId: uuid('pod_id')
      .notNull()
      .references(() => pods.id, { onDelete: 'cascade' }),
    userId: userRef('user_id'),
    joinedAt: timestamptz('joined_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.podId, t.userId] }), index('pod_members_user_idx').on(t.userId)],
);

export const podMessages = pgTable(
  'pod_messages',
  {
    id: uuid('id').primaryKey(),
    clientId: text('client_id'),
    podId: uuid('pod_id')
      .notNull()
      .references(() => pods.id, { onDelete: 'cascade' }),
    senderId: userRef('sender_id'),
    /** Blanked ('') when the message is deleted: the text is gone for everyone. */
    content: text('content').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    /** When the sender last edited it (pod.message.edit); null when never. */
    editedAt: timestamptz('edited_at'),
    /** When the sender deleted it (pod.message.delete); the row stays so the chat shows "Message deleted". Final. */
    deletedAt: timestamptz('deleted_at'),
  },
  (t) => [
    index('pod_messages_pod_created_idx').on(t.podId, t.createdAt),
    uniqueIndex('pod_messages_sender_client_key').on(t.senderId, t.clientId),
    // Message search (server/social/message-search-routes.ts) matches this very expression.
    index('pod_messages_search_idx').using('gin', sql`to_tsvector('simple', ${t.content})`),
  ],
);

/**
 * Ids of deleted pods, kept forever: a pod id is never used twice. Games keep their `pod_id`
 * (no foreign key: a game outlives its pod), so a new pod under an old id would hand the old
 * pod's ended games to the new pod's members.
 */
export const deletedPods = pgTable('deleted_pods', {
  id: uuid('id').primaryKey(),
  deletedAt: timestamptz('deleted_at').notNull().defaultNow(),
});

/** Pending invitations only. */
export const podInvitations = pgTable(
  'pod_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    podId: uuid('pod_id')
      .notNull()
      .references(() => pods.id, { onDelete: 'cascade' }),
    inviteeId: userRef('invitee_id'),
    invitedById: userRef('invited_by_id'),
    /** Idempotency-Key of the invite that created it: a replay whose answer was lost finds it. */
    clientId: text('client_id'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('pod_invitations_pod_invitee_key').on(t.podId, t.inviteeId), index('pod_invitations_invitee_idx').on(t.inviteeId)],
);

/**
 * Blocks: while a row exists, `blockedId` cannot send `blockerId` a direct message, a
 * friend request, a pod invitation or a game seat, and `blockerId` receives nothing live from
 * them. Blocking ends any friendship and pending request between the two. Only the blocker sees
 * the row (Profile → Settings → Blocked users); the blocked user is never told.
 */
export const blocks = pgTable(
  'blocks',
  {
    blockerId: userRef('blocker_id'),
    blockedId: userRef('blocked_id'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    index('blocks_blocked_idx').on(t.blockedId),
    check('blocks_not_self', sql`${t.blockerId} <> ${t.blockedId}`),
  ],
);
