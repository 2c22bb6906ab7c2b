/**
 * Finished games page by page (GET /api/games/finished), for the game history past what the
 * first pull brought. Finished games are ordered newest first by (finished at, id), where a
 * game's finished-at is its result's `endedAt`, or its last change when it was ended without a
 * result (an older app's End game): the order of the history screen (src/game/history.ts).
 */
import * as z from 'zod/mini';
import type { Game } from './game';
import { boundedDateTime } from './text';

/** Games in one page the app asks for (a game record is a few kB, its life series up to ~40 kB). */
export const FINISHED_GAMES_PAGE = 25;
export const FINISHED_GAMES_PAGE_MAX = 50;

export const FinishedGamesText = {
  limit: `limit must be a whole number from 1 to ${FINISHED_GAMES_PAGE_MAX}.`,
  pod: 'pod must be a pod id.',
  beforeId: 'beforeId must be a game id.',
  beforeIdAlone: 'beforeId needs before.',
} as const;

/**
 * GET /api/games/finished?limit=&pod=&before=&beforeId= : the next `limit` finished games the
 * caller may see, newest first. Without `pod`, the games they play in (as GET /api/games); with
 * it, that pod's finished games they may see (server/visibility/games.ts). `before` alone (ISO
 * date) means finished strictly before that instant; with `beforeId` (the id of the game at
 * `before`) strictly after that game in the order, so games finished at one instant across a
 * page boundary are neither skipped nor repeated.
 */
export const finishedGamesQuery = z
  .object({
    limit: z._default(
      z.coerce
        .number({ error: FinishedGamesText.limit })
        .check(z.int(FinishedGamesText.limit), z.minimum(1, FinishedGamesText.limit), z.maximum(FINISHED_GAMES_PAGE_MAX, FinishedGamesText.limit)),
      FINISHED_GAMES_PAGE,
    ),
    pod: z.optional(z.guid({ error: FinishedGamesText.pod })),
    before: z.optional(boundedDateTime()),
    beforeId: z.optional(z.guid({ error: FinishedGamesText.beforeId })),
  })
  .check(z.refine((query) => query.beforeId === undefined || query.before !== undefined, { error: FinishedGamesText.beforeIdAlone }));
export type FinishedGamesQuery = z.infer<typeof finishedGamesQuery>;

/** A finished game's place in the history: when it finished, and its id for games finished at one instant. */
export interface FinishedPosition {
  finishedAt: string;
  id: string;
}

/** When the game finished: its result's end, or its last change for a game ended without a result. */
export function finishedAt(game: Pick<Game, 'result' | 'updatedAt'>): string {
  return game.result?.endedAt ?? game.updatedAt;
}

export function finishedPosition(game: Pick<Game, 'id' | 'result' | 'updatedAt'>): FinishedPosition {
  return { finishedAt: finishedAt(game), id: game.id };
}

/** Negative when `a` comes first in the history (finished later; ids descending for one instant). Times compare as instants, whatever their ISO spelling. */
export function compareFinished(a: FinishedPosition, b: FinishedPosition): number {
  const byTime = Date.parse(b.finishedAt) - Date.parse(a.finishedAt);
  if (byTime !== 0 && !Number.isNaN(byTime)) return byTime;
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}
