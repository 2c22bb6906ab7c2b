/**
 * Payloads of friends, direct messages and pods (the spec's entities and calls), shared by the app,
 * the service worker and the server. Where the spec shows no shape, these are ours.
 * Records a client can create offline carry `clientId` = the Idempotency-Key of the write
 * that created them, so the optimistic row and the server's record (or its socket echo)
 * are recognised as one.
 */
import * as z from 'zod/mini';
import { MESSAGE_MAX_LENGTH } from './limits';
import { boundedDateTime, safeMultilineText, safeText } from './text';
import { publicUserSchema } from './users';

export const POD_NAME_MAX_LENGTH = 64;
/** Default and maximum page sizes of message lists. */
const MESSAGES_PAGE_DEFAULT = 50;
export const MESSAGES_PAGE_MAX = 200;

export const messageContent = safeMultilineText({ error: 'Enter a message first.' }).check(
    z.trim(),
    z.minLength(1, 'Enter a message first.'),
    z.maxLength(MESSAGE_MAX_LENGTH, `Messages can be at most ${MESSAGE_MAX_LENGTH} characters.`),
  );

export const podName = safeText({ error: 'Pod name cannot be empty.' }).check(
    z.trim(),
    z.minLength(1, 'Pod name cannot be empty.'),
    z.maxLength(POD_NAME_MAX_LENGTH, `Pod name can be at most ${POD_NAME_MAX_LENGTH} characters.`),
  );

export const POD_DESCRIPTION_MAX_LENGTH = 280;
/**
 * A pod's description (pod.describe): single-line text like a pod's name, trimmed; empty or null
 * clears it (null). Its output parses again unchanged (a queued write's arguments are re-read).
 */
export const podDescription = z.pipe(
  z.nullable(
    safeText({ error: 'Enter a description.' }).check(
      z.trim(),
      z.maxLength(POD_DESCRIPTION_MAX_LENGTH, `A pod's description can be at most ${POD_DESCRIPTION_MAX_LENGTH} characters.`),
    ),
  ),
  z.transform((text: string | null) => (text ? text : null)),
);

/** Ids in requests: bounded, single-line text (a uuid column checks the rest; a malformed id answers 404). */
const requestId = safeText().check(z.minLength(1), z.maxLength(64));
const id = z.string().check(z.minLength(1), z.maxLength(64));
const isoDate = z.string();
/**
 * A message's edit and deletion stamps (ISO), present only once it was edited or deleted (absent
 * on older rows and on every message never changed). A deleted message keeps its row, with
 * `content` blanked by the server: nobody can read the text afterwards.
 */
const messageStamps = { editedAt: z.optional(z.nullable(isoDate)), deletedAt: z.optional(z.nullable(isoDate)) };

// ---- Friends ----
/** An accepted friendship as the caller sees it: `friend` is always the other person. */
export const friendshipSchema = z.object({
  friendshipId: id,
  status: z.literal('ACCEPTED'),
  friend: publicUserSchema,
  requester: publicUserSchema,
  createdAt: isoDate,
});
export type Friendship = z.infer<typeof friendshipSchema>;

/** A pending request, incoming (addressee = caller) or outgoing (requester = caller). */
export const friendRequestSchema = z.object({
  friendshipId: id,
  status: z.literal('PENDING'),
  requester: publicUserSchema,
  addressee: publicUserSchema,
  createdAt: isoDate,
});
export type FriendRequest = z.infer<typeof friendRequestSchema>;

export const sendFriendRequestBody = z.object({ addresseeId: requestId });
export const acceptFriendRequestBody = z.object({ status: z.literal('ACCEPTED') });

// ---- Direct messages ----
export const directMessageSchema = z.object({
  id,
  clientId: z.nullable(z.string()),
  senderId: id,
  receiverId: id,
  content: z.string(),
  createdAt: isoDate,
  sender: publicUserSchema,
  ...messageStamps,
});
export type DirectMessage = z.infer<typeof directMessageSchema>;

export const conversationSchema = z.object({
  participant: publicUserSchema,
  /** `deletedAt` is set when the latest message was deleted (its `content` is then blank). */
  lastMessage: z.nullable(z.object({ content: z.string(), createdAt: isoDate, deletedAt: z.optional(z.nullable(isoDate)) })),
});
export type Conversation = z.infer<typeof conversationSchema>;

/**
 * Creating writes may carry the record's id, chosen by the client (a UUID), so a record made
 * offline keeps one id from the optimistic row to the server's copy, and later queued writes
 * can name it (a message to a pod created offline). The server uses it when given.
 */
export const clientChosenId = z.optional(z.uuid({ error: 'id must be a UUID.' }));

export const sendDirectMessageBody = z.object({ id: clientChosenId, receiverId: requestId, content: messageContent });
/** PATCH /api/direct-messages/{id} and PATCH /api/pods/{id}/messages/{messageId}: the new text, under the send's rules. */
export const editMessageBody = z.object({ content: messageContent });

// ---- Pods ----
export const podSchema = z.object({
  id,
  name: z.string(),
  /** What the pod is about; null or absent when none (absent from servers older than pod.describe). */
  description: z.optional(z.nullable(z.string())),
  ownerId: id,
  createdById: id,
  members: z.array(publicUserSchema),
  createdAt: isoDate,
  /** The server's revision of this row (+1 per change); the mirror never replaces a newer revision with an older one. */
  rev: z.optional(z.int().check(z.minimum(0))),
});
export type Pod = z.infer<typeof podSchema>;

export const podMessageSchema = z.object({
  id,
  clientId: z.nullable(z.string()),
  podId: id,
  content: z.string(),
  createdAt: isoDate,
  sender: z.pick(publicUserSchema, { id: true, displayName: true, username: true }),
  ...messageStamps,
});
export type PodMessage = z.infer<typeof podMessageSchema>;

export const podInvitationSchema = z.object({
  invitationId: id,
  invitedBy: publicUserSchema,
  invitee: publicUserSchema,
  pod: z.object({ id, name: z.string() }),
  createdAt: isoDate,
});
export type PodInvitation = z.infer<typeof podInvitationSchema>;

export const createPodBody = z.object({ id: clientChosenId, name: podName });
export const updatePodBody = z.object({ name: podName });
export const sendPodMessageBody = z.object({ id: clientChosenId, content: messageContent });
export const invitePodBody = z.object({ userId: requestId });
export const assignOwnerBody = z.object({ newOwnerId: requestId });
const LIMIT_TEXT = `limit must be a whole number from 1 to ${MESSAGES_PAGE_MAX}.`;
export const BEFORE_ID_TEXT = 'beforeId must be a message id.';
export const BEFORE_ID_ALONE_TEXT = 'beforeId needs before.';
/** Rows of one page of older messages the app asks for (scrolling up a chat). */
export const OLDER_MESSAGES_PAGE = 50;
/**
 * GET /api/pods/{id}/messages?limit=&before=&beforeId= : the latest `limit` messages before a
 * position, oldest first. Messages are ordered by (createdAt, id); `before` alone (ISO date) means
 * strictly older than that instant; with `beforeId` (the id of the message at `before`) it means
 * strictly before that message, so messages sharing one createdAt across a page boundary are
 * neither skipped nor repeated. `before` lies in 2000–9999 (PostgreSQL has no year 0;
 * src/contract/text.ts).
 */
function pageQuery(defaultLimit: number) {
  return z
    .object({
      limit: z._default(
        z.coerce.number({ error: LIMIT_TEXT }).check(z.int(LIMIT_TEXT), z.minimum(1, LIMIT_TEXT), z.maximum(MESSAGES_PAGE_MAX, LIMIT_TEXT)),
        defaultLimit,
      ),
      before: z.optional(boundedDateTime()),
      beforeId: z.optional(z.guid({ error: BEFORE_ID_TEXT })),
    })
    .check(z.refine((query) => query.beforeId === undefined || query.before !== undefined, { error: BEFORE_ID_ALONE_TEXT }));
}
export const podMessagesQuery = pageQuery(MESSAGES_PAGE_DEFAULT);
/** GET /api/direct-messages/{userId}: the same, but a conversation opens with the longest page. */
export const directMessagesQuery = pageQuery(MESSAGES_PAGE_MAX);
