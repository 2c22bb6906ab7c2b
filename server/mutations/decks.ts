/**
 * Decks: a save (create with the client's UUID, or replace an existing deck) and delete. A user
 * sees and changes only their own decks; anyone else's deck answers 404 as if it did not exist.
 * Deleting the default deck clears users.default_deck_id in the same transaction.
 * Heard by: the owner's devices (DECK_UPDATED, DECK_REMOVED, USER_UPDATED).
 */
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { deckInputBody, deckSchema } from '../../src/contract/decks';
import { decks, users } from '../db/schema';
import { findOwnDeck, toDeck } from '../decks/repo';
import { badRequest, conflict, notFound } from '../errors';
import { isUuid } from '../validate';
import { toUser } from '../users/view';
import type { ServerMutator, ServerMutators } from '../sync/mutator';
import { ref } from '../sync/refs';
import { audienceOfDeck } from '../visibility/decks';
import { uuidParams } from '../http/params';
import { restRoute } from '../http/rest-route';

export const DeckServerText = {
  notFound: 'Deck not found.',
  idTaken: 'A deck with this id already exists.',
} as const;

const deckParams = uuidParams('id');

export const deckSave: ServerMutator<'deck.save'> = {
  rest: [
    restRoute({
      method: 'POST',
      url: '/api/decks',
      schema: { body: deckInputBody, response: { 201: deckSchema } },
      status: 201,
      args: ({ body }) => ({ ...body, id: body.id ?? randomUUID(), create: true }),
    }),
    /** A PUT replaces the whole deck; its id is the path's (a body id is ignored). */
    restRoute({
      method: 'PUT',
      url: '/api/decks/:id',
      schema: { params: deckParams, body: deckInputBody, response: { 200: deckSchema } },
      status: 200,
      args: ({ params, body }) => {
        if (!isUuid(params.id)) throw notFound(DeckServerText.notFound);
        return { ...body, id: params.id, create: false };
      },
    }),
  ],
  async apply({ tx, me, now, log }, { id, create, ...fields }) {
    const values = {
      name: fields.name,
      description: fields.description,
      commander: fields.commander,
      hasPartner: fields.hasPartner,
      partnerCommander: fields.partnerCommander,
      externalLinks: fields.externalLinks,
    };
    // Absent, the stored list stays (the deck form does not carry it); a new deck starts empty.
    const cards = fields.cards;
    // Absent (a client from before brackets), the stored bracket stays; a new deck starts undeclared. Null clears it.
    const bracket = fields.bracket;
    let row;
    if (!isUuid(id)) {
      if (create) throw badRequest('id must be a UUID.');
      throw notFound(DeckServerText.notFound);
    }
    if (create) {
      [row] = await tx
        .insert(decks)
        .values({ id, ownerId: me.id, ...values, cards: cards ?? [], bracket: bracket ?? null, createdAt: now, updatedAt: now })
        .onConflictDoNothing({ target: decks.id })
        .returning();
      if (!row) {
        // The id exists: our own deck (created under another key) answers as it is; anyone else's id is taken.
        const existing = await findOwnDeck(tx, me.id, id);
        if (!existing) throw conflict(DeckServerText.idTaken);
        return toDeck(existing);
      }
    } else {
      [row] = await tx
        .update(decks)
        .set({ ...values, ...(cards ? { cards } : {}), ...(bracket !== undefined ? { bracket } : {}), updatedAt: now, rev: sql`${decks.rev} + 1` })
        .where(and(eq(decks.id, id), eq(decks.ownerId, me.id)))
        .returning();
      if (!row) throw notFound(DeckServerText.notFound);
    }
    const deck = toDeck(row);
    log.emit(audienceOfDeck({ ownerId: me.id }), [ref('deck', id)], { type: 'DECK_UPDATED', payload: deck });
    return deck;
  },
  async current({ tx, me }, { id }) {
    const row = await findOwnDeck(tx, me.id, id);
    return row ? toDeck(row) : null;
  },
};

export const deckDelete: ServerMutator<'deck.delete'> = {
  rest: [restRoute({ method: 'DELETE', url: '/api/decks/:id', schema: { params: deckParams }, status: 204, args: ({ params }) => ({ id: params.id }) })],
  async apply({ tx, me, now, log }, { id }) {
    const existing = await findOwnDeck(tx, me.id, id);
    if (!existing) throw notFound(DeckServerText.notFound);
    await tx.delete(decks).where(and(eq(decks.id, id), eq(decks.ownerId, me.id)));
    log.emit(audienceOfDeck({ ownerId: me.id }), [ref('deck', id)], { type: 'DECK_REMOVED', deckId: id });
    const [owner] = await tx
      .update(users)
      .set({ defaultDeckId: null, updatedAt: now, rev: sql`${users.rev} + 1` })
      .where(and(eq(users.id, me.id), eq(users.defaultDeckId, id)))
      .returning();
    if (owner) log.emit([me.id], [ref('user', me.id)], { type: 'USER_UPDATED', payload: toUser(owner) });
    return undefined;
  },
};

/** This entity's write kinds, registered by server/mutations/index.ts. */
export const deckMutators = {
  'deck.save': deckSave,
  'deck.delete': deckDelete,
} satisfies Partial<ServerMutators>;
