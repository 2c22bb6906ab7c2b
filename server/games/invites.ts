/**
 * Game invitations (src/contract/game-invites.ts): who is seated directly and who is invited,
 * the invite rows as the invitee sees them, and the seat changes of accept, decline and leave.
 * Invariant: a seat whose account has not accepted carries `userId: null`, so every access rule
 * that reads the participants (gameAudience, canAccess) and game_players leave the invitee out.
 */
import { and, eq, inArray, or } from 'drizzle-orm';
import type { Game, GameParticipant } from '../../src/contract/game';
import type { GameInvite } from '../../src/contract/game-invites';
import { friendships, gameInvites, games, podMembers } from '../db/schema';
import type { DbOrTx } from '../db/types';
import { publicUsers } from '../social/views';

export type GameInviteRow = typeof gameInvites.$inferSelect;

/**
 * Which of `userIds` the creator knows: an accepted friend, or a member of a pod the creator is
 * in. Those are seated directly; everyone else is invited.
 */
export async function knownTo(db: DbOrTx, creatorId: string, userIds: readonly string[]): Promise<Set<string>> {
  const known = new Set<string>([creatorId]);
  const others = userIds.filter((id) => id !== creatorId);
  if (others.length === 0) return known;
  const friends = await db
    .select({ a: friendships.requesterId, b: friendships.addresseeId })
    .from(friendships)
    .where(
      and(
        eq(friendships.status, 'ACCEPTED'),
        or(
          and(eq(friendships.requesterId, creatorId), inArray(friendships.addresseeId, others)),
          and(eq(friendships.addresseeId, creatorId), inArray(friendships.requesterId, others)),
        ),
      ),
    );
  for (const row of friends) known.add(row.a === creatorId ? row.b : row.a);
  const myPods = db.select({ podId: podMembers.podId }).from(podMembers).where(eq(podMembers.userId, creatorId));
  const mates = await db
    .select({ userId: podMembers.userId })
    .from(podMembers)
    .where(and(inArray(podMembers.podId, myPods), inArray(podMembers.userId, others)));
  for (const row of mates) known.add(row.userId);
  return known;
}

/** The seat as it stays at the table when its account declines or leaves: a guest with their name, no claim. */
export function asGuestSeat(participant: GameParticipant): GameParticipant {
  return { ...participant, role: 'guest', userId: null, accountEmail: null, guestName: participant.guestName ?? participant.displayName };
}

export function toGameInvite(row: GameInviteRow, game: Pick<Game, 'id' | 'startTime' | 'participants'>, invitedBy: GameInvite['invitedBy']): GameInvite {
  return {
    id: row.id,
    invitedBy,
    game: {
      id: game.id,
      startTime: game.startTime,
      players: game.participants.map((p) => ({ seatNumber: p.seatNumber, displayName: p.displayName })),
    },
    createdAt: row.createdAt.toISOString(),
  };
}

/** Invite rows → what the invitee sees (rows whose game is gone are left out). */
export async function gameInviteViews(db: DbOrTx, rows: GameInviteRow[]): Promise<GameInvite[]> {
  if (rows.length === 0) return [];
  const gameRows = await db
    .select({ id: games.id, startTime: games.startTime, participants: games.participants })
    .from(games)
    .where(inArray(games.id, [...new Set(rows.map((row) => row.gameId))]));
  const byId = new Map(gameRows.map((row) => [row.id, { ...row, startTime: row.startTime.toISOString() }]));
  const people = await publicUsers(db, rows.map((row) => row.invitedById));
  return rows.flatMap((row) => {
    const game = byId.get(row.gameId);
    const inviter = people.get(row.invitedById);
    return game && inviter ? [toGameInvite(row, game, inviter)] : [];
  });
}

/** Pending invitations addressed to `me`, newest first. */
export async function listGameInvites(db: DbOrTx, me: string): Promise<GameInvite[]> {
  const rows = await db.select().from(gameInvites).where(eq(gameInvites.inviteeId, me));
  rows.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1));
  return gameInviteViews(db, rows);
}
