/**
 * Games (the spec's "Games" calls): POST/GET/PUT/DELETE /api/games and POST /api/games/:id/increments;
 * ours: game invitations and leaving a game.
 * The writes are the game.* mutations (server/mutations/games.ts): access, row locks,
 * exactly-once per change id and who hears of it are described there.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as z from 'zod/mini';
import { createGameBody, gameIncrement, gameSchema, updateGameBody, type Game } from '../../src/contract/game';
import { gameInviteSchema } from '../../src/contract/game-invites';
import { completeCreateRequest } from '../../src/game/create-request';
import { mutationArgs } from '../../src/contract/mutations';
import { requireUser } from '../auth/authenticate';
import type { AppDeps } from '../deps';
import { notFound } from '../errors';
import { GAMES_LIST_MAX, listGames } from '../sync/reads';
import { restMutation } from '../sync/rest';
import { uuidParams } from '../http/params';
import { documented } from '../http/zod-validation';
import { isPlainObject, isUuid, parseBody } from '../validate';
import { registerClaimRoutes } from './claims';
import { listGameInvites } from './invites';
import { gameForViewer } from './guest-emails';
import { loadGameToRead } from '../visibility/games';
import { GameServerText } from './repo';

export { GAMES_LIST_MAX };

type IdParams = { Params: { id: string } };

/** A game a write answers, as its caller may see it (guests' e-mails: server/games/guest-emails.ts). */
function seenBy(request: FastifyRequest, game: unknown): unknown {
  return game ? gameForViewer(game as Game, requireUser(request).id) : game;
}

export function registerGameRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;

  function gameId(request: { params: { id: string } }): string {
    if (!isUuid(request.params.id)) throw notFound(GameServerText.notFound);
    return request.params.id;
  }

  const params = uuidParams('id');
  // Bodies the handler parses itself: the spec's payload is completed first, and a malformed game id is a 404 before the body is looked at.
  const createBody = documented(createGameBody);

  app.post('/api/games', { schema: { body: createBody, response: { 201: gameSchema } } }, async (request, reply) => {
    // The spec's payload alone is completed into ours (src/game/create-request.ts); ours passes unchanged.
    const raw = request.body;
    const body = parseBody(createGameBody, isPlainObject(raw) ? completeCreateRequest(raw, randomUUID) : raw);
    const game = await restMutation(request, reply, 'game.create', body);
    return reply.code(201).send(seenBy(request, game));
  });

  app.get('/api/games', { schema: { response: { 200: z.array(gameSchema) } } }, async (request) => listGames(db, requireUser(request).id));

  // Game invitations (src/contract/game-invites.ts); a static path wins over /api/games/:id.
  app.get('/api/games/invites', { schema: { response: { 200: z.array(gameInviteSchema) } } }, async (request) => listGameInvites(db, requireUser(request).id));

  app.post<IdParams>('/api/games/invites/:id/accept', { schema: { params, response: { 200: gameSchema } } }, async (request, reply) =>
    seenBy(request, await restMutation(request, reply, 'game.invite.accept', parseBody(mutationArgs['game.invite.accept'], { inviteId: request.params.id }))),
  );

  app.post<IdParams>('/api/games/invites/:id/decline', { schema: { params } }, async (request, reply) => {
    await restMutation(request, reply, 'game.invite.decline', parseBody(mutationArgs['game.invite.decline'], { inviteId: request.params.id }));
    return reply.code(204).send();
  });

  app.post<IdParams>('/api/games/:id/leave', { schema: { params } }, async (request, reply) => {
    await restMutation(request, reply, 'game.leave', { gameId: gameId(request) });
    return reply.code(204).send();
  });

  app.get<IdParams>('/api/games/:id', { schema: { params, response: { 200: gameSchema } } }, async (request) => {
    const game = await loadGameToRead(db, gameId(request), requireUser(request).id);
    if (!game) throw notFound(GameServerText.notFound);
    return seenBy(request, game);
  });

  app.put<IdParams>('/api/games/:id', { schema: { params, body: documented(updateGameBody), response: { 200: gameSchema } } }, async (request, reply) =>
    seenBy(request, await restMutation(request, reply, 'game.update', { gameId: gameId(request), update: parseBody(updateGameBody, request.body) })),
  );

  app.delete<IdParams>('/api/games/:id', { schema: { params } }, async (request, reply) => {
    await restMutation(request, reply, 'game.delete', { gameId: gameId(request) });
    return reply.code(204).send();
  });

  app.post<IdParams>('/api/games/:id/increments', { schema: { params, body: documented(gameIncrement) } }, async (request, reply) =>
    seenBy(request, await restMutation(request, reply, 'game.increment', { gameId: gameId(request), increment: parseBody(gameIncrement, request.body) })),
  );

  registerClaimRoutes(app, deps);
}
