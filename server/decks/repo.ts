/** Deck rows → the contract's Deck, and the ownership check other routes need (PUT /api/users/me). */
import { and, eq } from 'drizzle-orm';
import type { Deck } from '../../src/contract/decks';
import { decks } from '../db/schema';
import type { DbOrTx } from '../db/types';
import { isUuid } from '../validate';
import { decksVisibleTo } from '../visibility/decks';

export type DeckRow = typeof decks.$inferSelect;

export function toDeck(row: DeckRow): Deck {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    commander: row.commander,
    hasPartner: row.hasPartner,
    partnerCommander: row.partnerCommander,
    externalLinks: row.externalLinks,
    cards: row.cards,
    bracket: row.bracket,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    rev: row.rev,
  };
}

/** The caller's deck with this id; undefined for someone else's deck, an unknown id or a non-UUID. */
export async function findOwnDeck(db: DbOrTx, ownerId: string, deckId: string): Promise<DeckRow | undefined> {
  if (!isUuid(deckId)) return undefined;
  const [row] = await db
    .select()
    .from(decks)
    .where(and(eq(decks.id, deckId), decksVisibleTo(ownerId)))
    .limit(1);
  return row;
}
