/**
 * GET /api/games/finished: the game history past what GET /api/games and the snapshot bring (the
 * newest GAMES_LIST_MAX by start time), page by page, newest finished first
 * (src/contract/game-history.ts). Who sees which game is the one rule of
 * server/visibility/games.ts: without `pod` the games the caller plays in (as GET /api/games);
 * with it, that pod's finished games the caller may see (a stranger to the pod gets only the
 * ones they played in, usually none: 200 [], so a pod id tells nothing). The page spends the
 * `list` read budget (server/limits/policies.ts).
 * Cost: the caller's games through game_players' user index, or for a pod the same scan as the
 * list's "ended games of my pods" (games has no pod index), sorted in memory per caller.
 */
import type { FastifyInstance } from 'fastify';
import { and, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import * as z from 'zod/mini';
import { finishedGamesQuery, type FinishedGamesQuery } from '../../src/contract/game-history';
import { gameSchema } from '../../src/contract/game';
import { requireUser } from '../auth/authenticate';
import { games } from '../db/schema';
import type { DbOrTx } from '../db/types';
import type { AppDeps } from '../deps';
import { typed } from '../http/zod-validation';
import { gamesPlayedBy, gamesVisibleTo } from '../visibility/games';
import { gameForViewer } from './guest-emails';
import { toGame } from './repo';

/** A finished game's finished-at: its result's end, or its last change when it ended without one (src/contract/game-history.ts `finishedAt`). */
const finishedAt = sql`coalesce(${games.endedAt}, ${games.updatedAt})`;

/** Games strictly after the position in (finished at desc, id desc) order; none without `before`. */
function afterPosition(query: Pick<FinishedGamesQuery, 'before' | 'beforeId'>): SQL | undefined {
  if (!query.before) return undefined;
  const at = new Date(query.before).toISOString();
  if (!query.beforeId) return sql`${finishedAt} < ${at}::timestamptz`;
  return sql`(${finishedAt}, ${games.id}) < (${at}::timestamptz, ${query.beforeId}::uuid)`;
}

export async function listFinishedGames(db: DbOrTx, me: string, query: FinishedGamesQuery) {
  const scope = query.pod ? and(eq(games.podId, query.pod), gamesVisibleTo(db, me)) : inArray(games.id, gamesPlayedBy(db, me));
  const rows = await db
    .select({ game: games })
    .from(games)
    .where(and(ne(games.status, 'ACTIVE'), scope, afterPosition(query)))
    .orderBy(desc(finishedAt), desc(games.id))
    .limit(query.limit);
  return rows.map((row) => gameForViewer(toGame(row.game), me));
}

export function registerFinishedGameRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  // A static path: registered before /api/games/:id.
  typed(app).get('/api/games/finished', { schema: { querystring: finishedGamesQuery, response: { 200: z.array(gameSchema) } } }, async (request) =>
    listFinishedGames(db, requireUser(request).id, request.query),
  );
}
