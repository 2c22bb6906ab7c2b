/** What the games' REST routes share: the game id of a path, and a game as the caller may see it. */
import type { FastifyRequest } from 'fastify';
import type { Game } from '../../src/contract/game';
import { requireUser } from '../auth/authenticate';
import { notFound } from '../errors';
import { isUuid } from '../validate';
import { gameForViewer } from './guest-emails';
import { GameServerText } from './repo';

/** A malformed game id is a game that does not exist (404), before the body is looked at. */
export function pathGameId(request: { params: { id: string } }): string {
  if (!isUuid(request.params.id)) throw notFound(GameServerText.notFound);
  return request.params.id;
}

/** A game a route answers, as its caller may see it (guests' e-mails: server/games/guest-emails.ts). */
export function seenBy(request: FastifyRequest, game: unknown): unknown {
  return game ? gameForViewer(game as Game, requireUser(request).id) : game;
}
