/**
 * Games (the spec's "Games" calls): the list and one game; ours: game invitations. The writes —
 * POST/PUT/DELETE /api/games, POST /api/games/:id/increments, accepting or declining an
 * invitation, leaving — are declared with the game.* mutations (server/mutations/games.ts,
 * game-invites.ts): access, row locks, exactly-once per change id and who hears of it are
 * described there.
 */
import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import { gameSchema } from '../../src/contract/game';
import { gameInviteSchema } from '../../src/contract/game-invites';
import { requireUser } from '../auth/authenticate';
import type { AppDeps } from '../deps';
import { notFound } from '../errors';
import { GAMES_LIST_MAX, listGames } from '../sync/reads';
import { uuidParams } from '../http/params';
import { registerClaimRoutes } from './claims';
import { registerFinishedGameRoutes } from './finished-routes';
import { registerJoinRoutes } from './join-routes';
import { registerStoryRoutes } from './story-routes';
import { registerWatchRoutes } from './watch-routes';
import { registerGuestSeatRoutes } from './guest-seat-routes';
import { listGameInvites } from './invites';
import { pathGameId, seenBy } from './game-requests';
import { loadGameToRead } from '../visibility/games';
import { GameServerText } from './repo';

export { GAMES_LIST_MAX };

export function registerGameRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;

  app.get('/api/games', { schema: { response: { 200: z.array(gameSchema) } } }, async (request) => listGames(db, requireUser(request).id));

  // Finished games page by page (./finished-routes.ts); a static path wins over /api/games/:id.
  registerFinishedGameRoutes(app, deps);

  // Game invitations (src/contract/game-invites.ts); a static path wins over /api/games/:id.
  app.get('/api/games/invites', { schema: { response: { 200: z.array(gameInviteSchema) } } }, async (request) => listGameInvites(db, requireUser(request).id));

  app.get<{ Params: { id: string } }>('/api/games/:id', { schema: { params: uuidParams('id'), response: { 200: gameSchema } } }, async (request) => {
    const game = await loadGameToRead(db, pathGameId(request), requireUser(request).id);
    if (!game) throw notFound(GameServerText.notFound);
    return seenBy(request, game);
  });

  registerClaimRoutes(app, deps);
  registerJoinRoutes(app, deps);
  registerStoryRoutes(app, deps);
  registerWatchRoutes(app, deps);
  registerGuestSeatRoutes(app, deps);
}
