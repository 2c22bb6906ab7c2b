/**
 * Decks (the spec's "Decks" calls): GET/POST/PUT/DELETE /api/decks. A user sees and changes only their
 * own decks; anyone else's deck answers 404 as if it did not exist. The writes are the
 * deck.save and deck.delete mutations (server/mutations/decks.ts). POST takes the client's
 * UUID (decks are created offline).
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import { deckInputBody, deckSchema } from '../../src/contract/decks';
import { requireUser } from '../auth/authenticate';
import type { AppDeps } from '../deps';
import { notFound } from '../errors';
import { DeckServerText } from '../mutations/decks';
import { listDecks } from '../sync/reads';
import { restMutation } from '../sync/rest';
import { uuidParams } from '../http/params';
import { typed } from '../http/zod-validation';
import { isUuid } from '../validate';
import { findOwnDeck, toDeck } from './repo';

export { DeckServerText };

export function registerDeckRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  const api = typed(app);
  const params = uuidParams('id');

  api.get('/api/decks', { schema: { response: { 200: z.array(deckSchema) } } }, async (request) => listDecks(db, requireUser(request).id));

  api.get('/api/decks/:id', { schema: { params, response: { 200: deckSchema } } }, async (request) => {
    const row = await findOwnDeck(db, requireUser(request).id, request.params.id);
    if (!row) throw notFound(DeckServerText.notFound);
    return toDeck(row);
  });

  api.post('/api/decks', { schema: { body: deckInputBody, response: { 201: deckSchema } } }, async (request, reply) => {
    const body = request.body;
    const deck = await restMutation(request, reply, 'deck.save', { ...body, id: body.id ?? randomUUID(), create: true });
    return reply.code(201).send(deck);
  });

  /** A PUT replaces the whole deck; its id is the path's (a body id is ignored). */
  api.put('/api/decks/:id', { schema: { params, body: deckInputBody, response: { 200: deckSchema } } }, async (request, reply) => {
    const body = request.body;
    if (!isUuid(request.params.id)) throw notFound(DeckServerText.notFound);
    return restMutation(request, reply, 'deck.save', { ...body, id: request.params.id, create: false });
  });

  api.delete('/api/decks/:id', { schema: { params } }, async (request, reply) => {
    await restMutation(request, reply, 'deck.delete', { id: request.params.id });
    return reply.code(204).send();
  });
}
