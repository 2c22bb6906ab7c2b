/**
 * The deck line of the dashboard's profile card (spec section 2). Decks are not mirrored yet:
 * `lookupDeck` is the one place the decks issue plugs in (a live query on its deck table).
 * Until then a set defaultDeckId cannot be resolved and shows 'Could not load deck'.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import type { UserRow } from '../../db/schema';

export const NO_DEFAULT_DECK = 'No default deck selected.';
export const LOADING_DECK = 'Loading deck...';
export const DECK_LOAD_FAILED = 'Could not load deck';

export type DeckLookup = { status: 'found'; name: string } | { status: 'missing' };

/** Replace with a read of the mirrored deck (e.g. db.decks.get(id)) when decks exist. */
async function lookupDeck(_deckId: string): Promise<DeckLookup> {
  return { status: 'missing' };
}

export function deckLineText(deckId: string | null, lookup: DeckLookup | undefined): string {
  if (!deckId) return NO_DEFAULT_DECK;
  if (!lookup) return LOADING_DECK;
  return lookup.status === 'found' ? `Current Deck: ${lookup.name}` : DECK_LOAD_FAILED;
}

export function useDefaultDeckLine(user: Pick<UserRow, 'defaultDeckId'>): string {
  const deckId = user.defaultDeckId;
  const lookup = useLiveQuery(() => (deckId ? lookupDeck(deckId) : undefined), [deckId]);
  return deckLineText(deckId, lookup);
}
