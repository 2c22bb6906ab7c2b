/**
 * How far the game history of a scope (the user's games, or one pod's) has been read from the
 * server, page by page (GET /api/games/finished, newest finished first).
 * Invariants:
 * - the first pull's game list is the newest games by START time (server/sync/reads.ts
 *   `listGames`), and a pod's ended games come across all pods, so what the mirror holds of a
 *   scope may have gaps in finished order: the oldest held game is NOT a safe cursor;
 * - `meta` row `history:games:<scope>` (the trail) holds the position of the last game of the
 *   last page read, with `end` when that page was shorter than asked. Pages are read from the
 *   newest on and each one's games are kept, so the mirror holds every finished game of the
 *   scope down to that position;
 * - the trail is trusted only while the mirror holds the game it names, finished, at that
 *   position: a full snapshot (which clears the games), the game's deletion, resumption or
 *   leaving this user's world drop it, and reading starts again from the newest.
 */
import { compareFinished, finishedPosition, type FinishedPosition } from '../../contract/game-history';
import { playsIn } from '../../game/history';
import type { GameRow, PodTableDB } from '../schema';

/** The user's games (`podId` undefined) or one pod's. */
export function gameHistoryKey(podId?: string): string {
  return `history:games:${podId ? `pod:${podId}` : 'all'}`;
}

export interface GameHistoryTrail {
  /** The last game of the last page read; null when the scope had no finished game at all. */
  reached: FinishedPosition | null;
  /** The last page was shorter than asked: nothing is older on the server. */
  end: boolean;
}

function isPosition(value: unknown): value is FinishedPosition {
  const position = value as FinishedPosition | null;
  return typeof position?.finishedAt === 'string' && typeof position.id === 'string';
}

/** The trail of the scope when the mirror still bears it out (see the invariants); undefined otherwise. */
export async function gameHistoryTrail(db: PodTableDB, podId?: string): Promise<GameHistoryTrail | undefined> {
  const value = (await db.meta.get(gameHistoryKey(podId)))?.value as Partial<GameHistoryTrail> | undefined;
  if (!value || typeof value.end !== 'boolean') return undefined;
  if (value.reached === null) return value.end ? { reached: null, end: true } : undefined;
  if (!isPosition(value.reached)) return undefined;
  const game = await db.games.get(value.reached.id);
  if (!game || game.status === 'ACTIVE' || compareFinished(finishedPosition(game), value.reached) !== 0) return undefined;
  return { reached: value.reached, end: value.end };
}

/** Whether a finished game belongs to the scope as the history screen shows it (src/game/history.ts `historyLists`). */
export function inHistoryScope(game: GameRow, podId: string | undefined, me: string | undefined): boolean {
  if (game.status === 'ACTIVE') return false;
  return podId !== undefined ? game.podId === podId : me === undefined || playsIn(game, me);
}

/** The oldest finished game of the scope the mirror holds. */
export async function oldestHeldFinished(db: PodTableDB, podId: string | undefined, me: string | undefined): Promise<FinishedPosition | undefined> {
  const finished = await db.games.where('status').notEqual('ACTIVE').toArray();
  let oldest: FinishedPosition | undefined;
  for (const game of finished) {
    if (!inHistoryScope(game, podId, me)) continue;
    const position = finishedPosition(game);
    if (!oldest || compareFinished(position, oldest) > 0) oldest = position;
  }
  return oldest;
}
