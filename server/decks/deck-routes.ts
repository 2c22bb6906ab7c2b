/**
 * Decks (the spec's "Decks" calls): GET/POST/PUT/DELETE /api/decks. A user sees and changes only their
 * own decks; anyone else's deck answers 404 as if it did not exist. The writes (POST
 * takes the client's UUID: decks are created offline) are declared with the deck.save and
 * deck.delete mutations (server/mutations/decks.ts).
 */
import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import { deckSchema } from '../../src/contract/decks';
import { requireUser } from '../auth/authenticate';
import type { AppDeps } from '../deps';
import { notFound } from '../errors';
import { DeckServerText } from '../mutations/decks';
import { listDecks } from '../sync/reads';
import { uuidParams } from '../http/params';
import { typed } from '../http/zod-validation';
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
}
