/**
 * Decks (the spec's "Decks" calls): GET/POST/PUT/DELETE /api/decks. A user sees and changes only their
 * own decks; anyone else's deck answers 404 as if it did not exist. The writes are the
 * deck.save and deck.delete mutations (server/sync/mutators/decks.ts). POST takes the client's
 * UUID (decks are created offline).
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { deckInputBody } from '../../src/contract/decks';
import { requireUser } from '../auth/authenticate';
import type { AppDeps } from '../deps';
import { notFound } from '../errors';
import { DeckServerText } from '../sync/mutators/decks';
import { listDecks } from '../sync/reads';
import { restMutation } from '../sync/rest';
import { isUuid, parseBody } from '../validate';
import { findOwnDeck, toDeck } from './repo';

export { DeckServerText };

type IdParams = { Params: { id: string } };

export function registerDeckRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;

  app.get('/api/decks', { config: { auth: true } }, async (request) => listDecks(db, requireUser(request).id));

  app.get<IdParams>('/api/decks/:id', { config: { auth: true } }, async (request) => {
    const row = await findOwnDeck(db, requireUser(request).id, request.params.id);
    if (!row) throw notFound(DeckServerText.notFound);
    return toDeck(row);
  });

  app.post('/api/decks', { config: { auth: true } }, async (request, reply) => {
    const body = parseBody(deckInputBody, request.body);
    const deck = await restMutation(request, reply, 'deck.save', { ...body, id: body.id ?? randomUUID(), create: true });
    return reply.code(201).send(deck);
  });

  /** A PUT replaces the whole deck; its id is the path's (a body id is ignored). */
  app.put<IdParams>('/api/decks/:id', { config: { auth: true } }, async (request, reply) => {
    const body = parseBody(deckInputBody, request.body);
    if (!isUuid(request.params.id)) throw notFound(DeckServerText.notFound);
    return restMutation(request, reply, 'deck.save', { ...body, id: request.params.id, create: false });
  });

  app.delete<IdParams>('/api/decks/:id', { config: { auth: true } }, async (request, reply) => {
    await restMutation(request, reply, 'deck.delete', { id: request.params.id });
    return reply.code(204).send();
  });
}
