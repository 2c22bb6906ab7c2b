/**
 * A pod's finished games are the pod's (its leaderboard and history): every member of
 * the pod may READ a game of that pod once it has ended, though they did not play in it. Playing,
 * changing and deleting stay with the players and the creator (gameAudience / canAccess); an
 * active game stays private to its players (its taps are not the pod's business). Invariant:
 * every place that tells who may read a game (the pull's snapshot and change resolution, the
 * REST reads, the live audience) applies this same rule.
 */
import { and, eq, inArray, ne, type SQL } from 'drizzle-orm';
import type { Game } from '../../src/contract/game';
import { games, podMembers } from '../db/schema';
import type { DbOrTx } from '../db/types';
import { gameAudience, loadGame, toGame } from './repo';

export function isPodRecord(game: Pick<Game, 'podId' | 'status'>): boolean {
  return game.podId !== null && game.status !== 'ACTIVE';
}

/** Who hears of a change to `game`: its players and creator, and, once it has ended, its pod's members. */
export async function gameReaders(db: DbOrTx, game: Game): Promise<string[]> {
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

/** SQL: `games` rows that are ended games of a pod `userId` is in. */
export function endedInMyPods(db: DbOrTx, userId: string): SQL {
  const myPods = db.select({ podId: podMembers.podId }).from(podMembers).where(eq(podMembers.userId, userId));
  return and(ne(games.status, 'ACTIVE'), inArray(games.podId, myPods))!;
}
