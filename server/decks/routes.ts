/**
 * Decks (spec section 7): GET/POST/PUT/DELETE /api/decks. A user sees and changes only their
 * own decks; anyone else's deck answers 404 as if it did not exist. POST takes the client's
 * UUID (decks are created offline), so a replay whose stored answer was lost finds the row it
 * created instead of failing or making a second one. Deleting the default deck clears
 * users.default_deck_id in the same transaction and tells the owner's devices (USER_UPDATED).
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { and, asc, eq } from 'drizzle-orm';
import { deckInputBody } from '../../src/contract/decks';
import { requireUser } from '../auth/authenticate';
import { decks, users } from '../db/schema';
import type { AppDeps } from '../deps';
import { conflict, notFound } from '../errors';
import { toUser } from '../users/view';
import { isUuid, parseBody } from '../validate';
import { findOwnDeck, toDeck } from './repo';

export const DeckServerText = {
  notFound: 'Deck not found.',
  idTaken: 'A deck with this id already exists.',
} as const;

type IdParams = { Params: { id: string } };

export function registerDeckRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;

  app.get('/api/decks', { config: { auth: true } }, async (request) => {
    const { id } = requireUser(request);
    const rows = await db.select().from(decks).where(eq(decks.ownerId, id)).orderBy(asc(decks.createdAt), asc(decks.id));
    return rows.map(toDeck);
  });

  app.get<IdParams>('/api/decks/:id', { config: { auth: true } }, async (request) => {
    const row = await findOwnDeck(db, requireUser(request).id, request.params.id);
    if (!row) throw notFound(DeckServerText.notFound);
    return toDeck(row);
  });

  app.post('/api/decks', { config: { auth: true, idempotent: true } }, async (request, reply) => {
    const me = requireUser(request);
    const body = parseBody(deckInputBody, request.body);
    const now = deps.now();
    const id = body.id ?? randomUUID();
    const [created] = await db
      .insert(decks)
      .values({
        id,
        ownerId: me.id,
        name: body.name,
        description: body.description,
        commander: body.commander,
        hasPartner: body.hasPartner,
        partnerCommander: body.partnerCommander,
        externalLinks: body.externalLinks,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing({ target: decks.id })
      .returning();
    if (created) return reply.code(201).send(toDeck(created));
    // The id exists: a replay of our own create answers what it made; someone else's id is taken.
    const existing = await findOwnDeck(db, me.id, id);
    if (!existing) throw conflict(DeckServerText.idTaken);
    return reply.code(201).send(toDeck(existing));
  });

  app.put<IdParams>('/api/decks/:id', { config: { auth: true, idempotent: true } }, async (request) => {
    const me = requireUser(request);
    if (!isUuid(request.params.id)) throw notFound(DeckServerText.notFound);
    const body = parseBody(deckInputBody, request.body);
    const [row] = await db
      .update(decks)
      .set({
        name: body.name,
        description: body.description,
        commander: body.commander,
        hasPartner: body.hasPartner,
        partnerCommander: body.partnerCommander,
        externalLinks: body.externalLinks,
        updatedAt: deps.now(),
      })
      .where(and(eq(decks.id, request.params.id), eq(decks.ownerId, me.id)))
      .returning();
    if (!row) throw notFound(DeckServerText.notFound);
    return toDeck(row);
  });

  app.delete<IdParams>('/api/decks/:id', { config: { auth: true, idempotent: true } }, async (request, reply) => {
    const me = requireUser(request);
    const deckId = request.params.id;
    if (!isUuid(deckId)) throw notFound(DeckServerText.notFound);
    const result = await db.transaction(async (tx) => {
      const [deleted] = await tx
        .delete(decks)
        .where(and(eq(decks.id, deckId), eq(decks.ownerId, me.id)))
        .returning({ id: decks.id });
      if (!deleted) return { deleted: false as const };
      const [owner] = await tx
        .update(users)
        .set({ defaultDeckId: null, updatedAt: deps.now() })
        .where(and(eq(users.id, me.id), eq(users.defaultDeckId, deckId)))
        .returning();
      return { deleted: true as const, owner };
    });
    if (!result.deleted) throw notFound(DeckServerText.notFound);
    if (result.owner) deps.hub.publishToUsers([me.id], { type: 'USER_UPDATED', payload: toUser(result.owner) });
    return reply.code(204).send();
  });
}
