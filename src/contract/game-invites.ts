/**
 * Game invitations, shared by the app, the service worker and the server.
 *
 * Who is seated and who is invited: when a game is created, an account seated in it who is the
 * creator's friend, or a member of a pod the creator is in, is seated directly (as before). Any
 * other account is INVITED: their seat shows their name but carries no userId until they accept,
 * so they see nothing of the game (no pull, no live event, not in their lists) before that.
 * - Accept: their id goes on the seat; from then on they see and change the game like any player.
 * - Decline: the invitation is deleted and the seat stays at the table as a guest seat with their
 *   name (role 'guest', no e-mail, so no claim link): the others keep their layout and counters.
 * - Leave (any account player but the creator, who deletes instead): the same guest seat stays,
 *   the game leaves the leaver's lists and their live events stop.
 *
 * Routes (signed in):
 *   GET  /api/games/invites                → GameInvite[] (addressed to me)
 *   POST /api/games/invites/{id}/accept    → Game
 *   POST /api/games/invites/{id}/decline   → 204
 *   POST /api/games/{id}/leave             → 204
 */
import * as z from 'zod/mini';
import { publicUserSchema } from './users';

const id = z.string().check(z.minLength(1), z.maxLength(64));

export const gameInviteSchema = z.object({
  id,
  invitedBy: publicUserSchema,
  /** What the invitee may know before accepting: when the game started and who sits at it. */
  game: z.object({
    id,
    startTime: z.string(),
    players: z.array(z.object({ seatNumber: z.int(), displayName: z.string() })),
  }),
  createdAt: z.string(),
});
export type GameInvite = z.infer<typeof gameInviteSchema>;

export const GameInviteText = {
  /** On a seat whose player has not accepted yet (the playmat's tile). */
  invitedSeat: 'Invited',
  notFound: 'Game invitation not found.',
  creatorCannotLeave: 'You created this game: delete it instead of leaving.',
  leaveFailed: 'Failed to leave the game.',
  acceptFailed: 'Failed to accept the game invitation.',
  declineFailed: 'Failed to decline the game invitation.',
  empty: 'No game invites.',
  loading: 'Loading game invites...',
  failed: 'Unable to load game invites.',
} as const;
