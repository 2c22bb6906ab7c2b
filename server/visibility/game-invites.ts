/**
 * Who may see a game invitation: its invitee only (the inviter sees the seat in the game). The
 * rule of the pull (the `gameInvite` loader of server/sync/changes.ts) and the live fan-out
 * (`audienceOfGameInvite`); GET /api/game-invites (server/games/invites.ts `listGameInvites`)
 * applies the same condition.
 */
import { eq, type SQL } from 'drizzle-orm';
import { gameInvites } from '../db/schema';

/** SQL over `game_invites`: the rows `userId` may see. */
export function gameInvitesVisibleTo(userId: string): SQL {
  return eq(gameInvites.inviteeId, userId);
}

export function audienceOfGameInvite(invite: { inviteeId: string }): string[] {
  return [invite.inviteeId];
}
