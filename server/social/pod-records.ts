/**
 * A pod's ended games follow its membership (server/visibility/games.ts): who joins gets them at
 * once (one GAME_UPDATED each, in the change log, so a device that was offline pulls them by
 * cursor), who leaves or is removed loses those they did not play in (GAME_REMOVED). Without
 * this a new member saw the pod's history only at their next full snapshot.
 * Known limit: one log entry per game; a pod with thousands of ended games makes joining cost
 * as many entries (a snapshot would then be cheaper; not needed at pod sizes seen so far).
 */
import { and, eq, ne } from 'drizzle-orm';
import { games } from '../db/schema';
import type { DbOrTx } from '../db/types';
import { canAccess, toGame } from '../games/repo';
import type { ChangeRecorder } from '../sync/recorder';
import { ref } from '../sync/refs';

async function endedGamesOf(db: DbOrTx, podId: string) {
  const rows = await db.select().from(games).where(and(eq(games.podId, podId), ne(games.status, 'ACTIVE')));
  return rows.map(toGame);
}

export async function announcePodRecordsToJoiner(db: DbOrTx, log: ChangeRecorder, podId: string, userId: string): Promise<void> {
  for (const game of await endedGamesOf(db, podId)) log.emit([userId], [ref('game', game.id)], { type: 'GAME_UPDATED', payload: game });
}

export async function withdrawPodRecordsFromLeaver(db: DbOrTx, log: ChangeRecorder, podId: string, userId: string): Promise<void> {
  for (const game of await endedGamesOf(db, podId)) {
    if (!canAccess(game, userId)) log.emit([userId], [ref('game', game.id)], { type: 'GAME_REMOVED', gameId: game.id });
  }
}
