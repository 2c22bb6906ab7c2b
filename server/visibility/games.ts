/**
 * Who may see a game: its creator and its account participants (`game_players` holds one row
 * per account participant, a claimed guest seat included; a pending invitee is not one until
 * they accept), and, once the game has ended, every member of its pod (a pod's finished games
 * are its leaderboard and history). An active game stays private to its players. Playing,
 * changing and deleting stay with the players and the creator (server/games/repo.ts
 * `gameAudience`, `canAccess`).
 * The one rule for the REST reads (GET /api/games through server/sync/reads.ts `listGames`,
 * GET /api/games/:id through `loadGameToRead`), the pull (the `game` loader of
 * server/sync/changes.ts) and the live fan-out (`audienceOfGame`).
 */
import { and, eq, inArray, ne, or, type SQL } from 'drizzle-orm';
import type { Game } from '../../src/contract/game';
import { gamePlayers, games, podMembers } from '../db/schema';
import type { DbOrTx } from '../db/types';
import { gameAudience, loadGame, toGame } from '../games/repo';

/** A game its pod's members may read: one of a pod that has ended. */
export function isPodRecord(game: Pick<Game, 'podId' | 'status'>): boolean {
  return game.podId !== null && game.status !== 'ACTIVE';
}

/** Subquery: the ids of the games `userId` plays in (or created). */
export function gamesPlayedBy(db: DbOrTx, userId: string) {
  return db.select({ gameId: gamePlayers.gameId }).from(gamePlayers).where(eq(gamePlayers.userId, userId));
}

/** SQL over `games`: ended games of a pod `userId` is in. */
export function endedInMyPods(db: DbOrTx, userId: string): SQL {
  const myPods = db.select({ podId: podMembers.podId }).from(podMembers).where(eq(podMembers.userId, userId));
  return and(ne(games.status, 'ACTIVE'), inArray(games.podId, myPods))!;
}

/** SQL over `games`: the rows `userId` may see. */
export function gamesVisibleTo(db: DbOrTx, userId: string): SQL {
  return or(inArray(games.id, gamesPlayedBy(db, userId)), endedInMyPods(db, userId))!;
}

/** The users who see `game` (as it is after the change): its players and creator, and, once it has ended, its pod's members. */
export async function audienceOfGame(db: DbOrTx, game: Game): Promise<string[]> {
  const audience = gameAudience(game);
  if (!isPodRecord(game)) return audience;
  const members = await db.select({ userId: podMembers.userId }).from(podMembers).where(eq(podMembers.podId, game.podId!));
  return [...new Set([...audience, ...members.map((row) => row.userId)])];
}

/** The game as `userId` may read it (players, creator, or a member of its pod once it ended); undefined answers 404. */
export async function loadGameToRead(db: DbOrTx, gameId: string, userId: string): Promise<Game | undefined> {
  const game = await loadGame(db, gameId, userId);
  if (game) return game;
  const [row] = await db
    .select({ game: games })
    .from(games)
    .innerJoin(podMembers, and(eq(podMembers.podId, games.podId), eq(podMembers.userId, userId)))
    .where(and(eq(games.id, gameId), ne(games.status, 'ACTIVE')))
    .limit(1);
  return row ? toGame(row.game) : undefined;
}
