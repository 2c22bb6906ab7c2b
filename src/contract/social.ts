/**
 * Payloads of friends, direct messages and pods (spec sections 3 and 7), shared by the app,
 * the service worker and the server. Where the spec shows no shape, these are ours.
 * Records a client can create offline carry `clientId` = the Idempotency-Key of the write
 * that created them, so the optimistic row and the server's record (or its socket echo)
 * are recognised as one.
 */
import { z } from 'zod';
import { MESSAGE_MAX_LENGTH } from './limits';
import { publicUserSchema } from './users';

export const POD_NAME_MAX_LENGTH = 64;
/** Default and maximum page sizes of message lists. */
export const MESSAGES_PAGE_DEFAULT = 50;
export const MESSAGES_PAGE_MAX = 200;

export const messageContent = z
  .string({ error: 'Enter a message first.' })
  .trim()
  .min(1, 'Enter a message first.')
  .max(MESSAGE_MAX_LENGTH, `Messages can be at most ${MESSAGE_MAX_LENGTH} characters.`);

export const podName = z
  .string({ error: 'Pod name cannot be empty.' })
  .trim()
  .min(1, 'Pod name cannot be empty.')
  .max(POD_NAME_MAX_LENGTH, `Pod name can be at most ${POD_NAME_MAX_LENGTH} characters.`);

const id = z.string().min(1).max(64);
const isoDate = z.string();

// ---- Friends ----
/** ACCEPTED friendships; PENDING requests. Statuses other than these: none (reject deletes). */
export const friendshipStatus = z.enum(['PENDING', 'ACCEPTED']);

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

export const sendFriendRequestBody = z.object({ addresseeId: id });
export const acceptFriendRequestBody = z.object({ status: z.literal('ACCEPTED') });

// ---- Direct messages ----
export const directMessageSchema = z.object({
  id,
  clientId: z.string().nullable(),
  senderId: id,
  receiverId: id,
  content: z.string(),
  createdAt: isoDate,
  sender: publicUserSchema,
});
export type DirectMessage = z.infer<typeof directMessageSchema>;

export const conversationSchema = z.object({
  participant: publicUserSchema,
  lastMessage: z.object({ content: z.string(), createdAt: isoDate }).nullable(),
});
export type Conversation = z.infer<typeof conversationSchema>;

/**
 * Creating writes may carry the record's id, chosen by the client (a UUID), so a record made
 * offline keeps one id from the optimistic row to the server's copy, and later queued writes
 * can name it (a message to a pod created offline). The server uses it when given.
 */
export const clientChosenId = z.uuid({ error: 'id must be a UUID.' }).optional();

export const sendDirectMessageBody = z.object({ id: clientChosenId, receiverId: id, content: messageContent });

// ---- Pods ----
export const podSchema = z.object({
  id,
  name: z.string(),
  ownerId: id,
  createdById: id,
  members: z.array(publicUserSchema),
  createdAt: isoDate,
});
export type Pod = z.infer<typeof podSchema>;

export const podMessageSchema = z.object({
  id,
  clientId: z.string().nullable(),
  podId: id,
  content: z.string(),
  createdAt: isoDate,
  sender: publicUserSchema.pick({ id: true, displayName: true, username: true }),
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
export const invitePodBody = z.object({ userId: id });
export const assignOwnerBody = z.object({ newOwnerId: id });
/** GET /api/pods/{id}/messages?limit=&before= : the latest `limit` before `before` (ISO date), oldest first. */
export const podMessagesQuery = z.object({
  limit: z.coerce.number().int().min(1).max(MESSAGES_PAGE_MAX).default(MESSAGES_PAGE_DEFAULT),
  before: z.string().datetime().optional(),
});
