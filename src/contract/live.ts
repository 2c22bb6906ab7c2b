/** Live events over the WebSocket (the spec's "Live connection" calls), shared by app and server. */
import * as z from 'zod/mini';
import {
  directMessageSchema,
  friendRequestSchema,
  friendshipSchema,
  podInvitationSchema,
  podMessageSchema,
  podSchema,
} from './social';
import { deckSchema } from './decks';
import { gameIncrement, gameSchema } from './game';
import { gameInviteSchema } from './game-invites';
import { blockedUserSchema } from './blocks';
import { readMarkerSchema } from './read-markers';
import { safeText } from './text';
import { userSchema } from './users';

/**
 * Every close code the server uses. 1000 = normal close: not reconnected; 4401/4403 (bad or
 * foreign token) and 4426 (this app's protocol is not served: update the app) are final too.
 * 4408: the live ticket expired or was already used — the client fetches a new one and
 * reconnects. Every other code (1001, 1012 server restarting or catching up, 1013 try again
 * later, 4429 too many sockets, 1008 too many frames) is reconnected with backoff.
 */
export const LiveCloseCode = {
  normal: 1000,
  /** Server shutting down (the client reconnects, to another process behind a balancer). */
  goingAway: 1001,
  /**
   * The client sent more frames (or bytes) than its budget (server/live/frame-budget.ts): the app
   * reconnects, but slower than after any other close (src/sync/engine/live.ts).
   */
  policyViolation: 1008,
  /** A frame too large. */
  tooLarge: 1009,
  /** Server restarting / draining: reconnect (with jitter). */
  serviceRestart: 1012,
  /** The client did not read its events fast enough; try again later. */
  tryAgainLater: 1013,
  unauthorized: 4401,
  forbidden: 4403,
  ticketExpired: 4408,
  /** The protocol version the client asked for is not served: the app must update. */
  protocol: 4426,
  /** Too many sockets opened, or open, for this user (server/limits): reconnect with backoff. */
  tooMany: 4429,
} as const;

/** Close codes after which the client does not reconnect by itself. */
export const FINAL_CLOSE_CODES: ReadonlySet<number> = new Set([LiveCloseCode.normal, LiveCloseCode.unauthorized, LiveCloseCode.forbidden, LiveCloseCode.protocol]);

/** POST /api/live/ticket: a short-lived, single-use ticket to open the socket with (`/ws/?ticket=…`). */
export const liveTicketSchema = z.object({ ticket: z.string().check(z.minLength(1)), expiresAt: z.string() });
export type LiveTicket = z.infer<typeof liveTicketSchema>;

/**
 * Every event that comes from the change log carries `pos`, its position in the recipient's log
 * (dense per user: a client at cursor c applies pos c+1, ignores pos ≤ c, and pulls on a gap),
 * and `mid`, the id of the mutation that caused it (an acknowledgement for the author's outbox).
 */
const logged = { pos: z.optional(z.int().check(z.minimum(1))), mid: z.optional(z.string().check(z.maxLength(100))) };
const event = <T extends z.core.$ZodLooseShape>(shape: T) => z.object({ ...shape, ...logged });

/**
 * Every server → client event the app understands, each from the change log (server/sync),
 * with its recipients (the events that put or remove an entity's row are named in that
 * entity's entry of src/contract/entities.ts; who may see a row is server/visibility/):
 * - USER_UPDATED: the user's own sockets;
 * - DIRECT_MESSAGE: sender's and receiver's sockets;
 * - POD_MESSAGE_NEW, POD_UPDATED: every member of the pod (membership read in the transaction);
 * - POD_REMOVED: members of a deleted pod, and a member who was removed or left;
 * - FRIEND_REQUEST, FRIENDSHIP_UPDATED (accepted, as seen by each side), FRIENDSHIP_REMOVED: both people;
 * - POD_INVITATION, POD_INVITATION_REMOVED: the invitee and the pod's members (a joiner gets one
 *   POD_INVITATION per pending invitation of the pod); pushed to the invitee only;
 * - DECK_UPDATED, DECK_REMOVED: the owner's other devices;
 * - GAME_UPDATED, GAME_INCREMENT, GAME_REMOVED: the game's creator and every account participant
 *   (an invitee only once they accepted; a player who left gets GAME_REMOVED);
 * - GAME_INVITE, GAME_INVITE_REMOVED: the invitee only;
 * - BLOCK_ADDED, BLOCK_REMOVED: the blocker's own sockets only (the blocked user is never told);
 * - READ_MARKER: the owner's own sockets only (a read marker moved; nobody else ever sees one).
 *   An app older than it fails to parse it, skips it, and pulls at its next event or PONG;
 * - USER_DELETED: everyone who shared something with an account that was deleted; its log entry
 *   names every row that changed for them (friendships, pods, conversations, messages, games), so
 *   the app pulls instead of applying it;
 * - SYNC: the author of a mutation that showed them nothing else (their acknowledgement);
 * - PONG: the answer to PING, with the head of the user's log;
 * - ERROR: an answer to a client event that was refused (e.g. JOIN_POD by a non-member).
 */
export const serverEvent = z.discriminatedUnion('type', [
  event({ type: z.literal('USER_UPDATED'), payload: userSchema }),
  z.object({ type: z.literal('PONG'), head: z.optional(z.int().check(z.minimum(0))) }),
  event({ type: z.literal('DIRECT_MESSAGE'), payload: directMessageSchema }),
  event({ type: z.literal('POD_MESSAGE_NEW'), podId: z.string(), payload: podMessageSchema }),
  event({ type: z.literal('POD_UPDATED'), payload: podSchema }),
  event({ type: z.literal('POD_REMOVED'), podId: z.string() }),
  event({ type: z.literal('FRIEND_REQUEST'), payload: friendRequestSchema }),
  event({ type: z.literal('FRIENDSHIP_UPDATED'), payload: friendshipSchema }),
  event({ type: z.literal('FRIENDSHIP_REMOVED'), friendshipId: z.string() }),
  event({ type: z.literal('POD_INVITATION'), payload: podInvitationSchema }),
  event({ type: z.literal('POD_INVITATION_REMOVED'), invitationId: z.string() }),
  event({ type: z.literal('DECK_UPDATED'), payload: deckSchema }),
  event({ type: z.literal('DECK_REMOVED'), deckId: z.string() }),
  event({ type: z.literal('GAME_UPDATED'), payload: gameSchema }),
  /** One counter change: applied by the client on top of the game at revision `rev - 1`. */
  event({ type: z.literal('GAME_INCREMENT'), gameId: z.string(), rev: z.int().check(z.minimum(1)), at: z.string(), increment: gameIncrement }),
  event({ type: z.literal('GAME_REMOVED'), gameId: z.string() }),
  event({ type: z.literal('GAME_INVITE'), payload: gameInviteSchema }),
  event({ type: z.literal('GAME_INVITE_REMOVED'), inviteId: z.string() }),
  event({ type: z.literal('BLOCK_ADDED'), payload: blockedUserSchema }),
  event({ type: z.literal('BLOCK_REMOVED'), userId: z.string() }),
  event({ type: z.literal('READ_MARKER'), payload: readMarkerSchema }),
  /** A log entry with no data for this user (e.g. the acknowledgement of their own mutation). */
  event({ type: z.literal('SYNC') }),
  event({ type: z.literal('USER_DELETED'), userId: z.string() }),
  z.object({ type: z.literal('ERROR'), message: z.string() }),
]);
export type ServerEvent = z.infer<typeof serverEvent>;
/** An event as a mutator records it: without the per-recipient `pos` and the `mid` added at publish. */
export type LoggedEvent = DistributiveOmit<Exclude<ServerEvent, { type: 'PONG' | 'ERROR' }>, 'pos' | 'mid'>;
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

export const clientEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('PING') }),
  z.object({ type: z.literal('JOIN_POD'), podId: safeText().check(z.minLength(1), z.maxLength(64)) }),
  z.object({ type: z.literal('LEAVE_POD'), podId: safeText().check(z.minLength(1), z.maxLength(64)) }),
]);
export type ClientEvent = z.infer<typeof clientEvent>;
