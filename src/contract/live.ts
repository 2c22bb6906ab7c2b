/** Live events over the WebSocket (spec section 7, "Live connection"), shared by app and server. */
import { z } from 'zod';
import {
  directMessageSchema,
  friendRequestSchema,
  friendshipSchema,
  podInvitationSchema,
  podMessageSchema,
  podSchema,
} from './social';
import { gameSchema } from './game';
import { userSchema } from './users';

/** Close codes of ours (4000–4999 are application codes). 1000 = normal close: not reconnected. */
export const LiveCloseCode = {
  normal: 1000,
  unauthorized: 4401,
  forbidden: 4403,
} as const;

/**
 * Every server → client event the app understands. Delivery (server side):
 * - USER_UPDATED: the user's own sockets;
 * - DIRECT_MESSAGE: sender's and receiver's sockets;
 * - POD_MESSAGE_NEW, POD_UPDATED: every member of the pod (membership checked per event);
 * - POD_REMOVED: members of a deleted pod, and a member who was removed or left;
 * - FRIEND_REQUEST, FRIENDSHIP_UPDATED (accepted, as seen by each side), FRIENDSHIP_REMOVED: both people;
 * - POD_INVITATION, POD_INVITATION_REMOVED: the invitee (and the inviter's devices);
 * - GAME_UPDATED, GAME_REMOVED: the game's creator and every account participant;
 * - ERROR: an answer to a client event that was refused (e.g. JOIN_POD by a non-member).
 */
export const serverEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('USER_UPDATED'), payload: userSchema }),
  z.object({ type: z.literal('PONG') }),
  z.object({ type: z.literal('DIRECT_MESSAGE'), payload: directMessageSchema }),
  z.object({ type: z.literal('POD_MESSAGE_NEW'), podId: z.string(), payload: podMessageSchema }),
  z.object({ type: z.literal('POD_UPDATED'), payload: podSchema }),
  z.object({ type: z.literal('POD_REMOVED'), podId: z.string() }),
  z.object({ type: z.literal('FRIEND_REQUEST'), payload: friendRequestSchema }),
  z.object({ type: z.literal('FRIENDSHIP_UPDATED'), payload: friendshipSchema }),
  z.object({ type: z.literal('FRIENDSHIP_REMOVED'), friendshipId: z.string() }),
  z.object({ type: z.literal('POD_INVITATION'), payload: podInvitationSchema }),
  z.object({ type: z.literal('POD_INVITATION_REMOVED'), invitationId: z.string() }),
  z.object({ type: z.literal('GAME_UPDATED'), payload: gameSchema }),
  z.object({ type: z.literal('GAME_REMOVED'), gameId: z.string() }),
  z.object({ type: z.literal('ERROR'), message: z.string() }),
]);
export type ServerEvent = z.infer<typeof serverEvent>;

export const clientEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('PING') }),
  z.object({ type: z.literal('JOIN_POD'), podId: z.string().min(1).max(64) }),
  z.object({ type: z.literal('LEAVE_POD'), podId: z.string().min(1).max(64) }),
]);
export type ClientEvent = z.infer<typeof clientEvent>;
