/**
 * GET /api/games/:id/story?before=<position>&limit=<n>: a page of a game's whole story, newest
 * first (src/contract/game-story.ts). Read by whoever may read the game — the one rule of
 * GET /api/games/:id (server/visibility/games.ts `loadGameToRead`); anyone else gets the same
 * 404. Counted against the `list` read budget (server/limits/policies.ts).
 */
import type { FastifyInstance } from 'fastify';
import { gameStoryPageSchema, gameStoryQuery } from '../../src/contract/game-story';
import { requireUser } from '../auth/authenticate';
import type { AppDeps } from '../deps';
import { notFound } from '../errors';
import { uuidParams } from '../http/params';
import { typed } from '../http/zod-validation';
import { loadGameToRead } from '../visibility/games';
import { pathGameId } from './game-requests';
import { GameServerText } from './repo';
import { readStory } from './story';

export function registerStoryRoutes(app: FastifyInstance, { db }: AppDeps): void {
  const schema = { params: uuidParams('id'), querystring: gameStoryQuery, response: { 200: gameStoryPageSchema } };
  typed(app).get('/api/games/:id/story', { schema }, async (request) => {
    const gameId = pathGameId(request);
    if (!(await loadGameToRead(db, gameId, requireUser(request).id))) throw notFound(GameServerText.notFound);
    return readStory(db, gameId, request.query.before, request.query.limit);
  });
}
