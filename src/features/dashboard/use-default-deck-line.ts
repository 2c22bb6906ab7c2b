/**
 * The deck line of the dashboard's profile card (the spec's Dashboard), read from the deck mirror:
 * no default → 'No default deck selected.'; the deck is mirrored → 'Current Deck: <name>';
 * not mirrored and the deck list never loaded → 'Loading deck...'; not mirrored after the list
 * loaded or failed to load → 'Could not load deck'. With a default set, the list is pulled on
 * mount, so an offline first start ends in 'Could not load deck' instead of loading forever.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect } from 'react';
import type { PodTableDB, UserRow } from '../../db/schema';
import { actions, db } from '../../sync/app';
import { pullKey, readPullState } from '../../sync/engine/pull';

export const NO_DEFAULT_DECK = 'No default deck selected.';
export const LOADING_DECK = 'Loading deck...';
export const DECK_LOAD_FAILED = 'Could not load deck';

export type DeckLookup = { status: 'found'; name: string } | { status: 'loading' } | { status: 'missing' };

export async function lookupDeck(database: PodTableDB, deckId: string): Promise<DeckLookup> {
  const deck = await database.decks.get(deckId);
  if (deck) return { status: 'found', name: deck.name };
  const pull = await readPullState(database, pullKey('decks'));
  return pull.loadedAt === null && !pull.error ? { status: 'loading' } : { status: 'missing' };
}

export function deckLineText(deckId: string | null, lookup: DeckLookup | undefined): string {
  if (!deckId) return NO_DEFAULT_DECK;
  if (!lookup || lookup.status === 'loading') return LOADING_DECK;
  return lookup.status === 'found' ? `Current Deck: ${lookup.name}` : DECK_LOAD_FAILED;
}

export function useDefaultDeckLine(user: Pick<UserRow, 'defaultDeckId'>): string {
  const deckId = user.defaultDeckId;
  const lookup = useLiveQuery(() => (deckId ? lookupDeck(db, deckId) : undefined), [deckId]);
  useEffect(() => {
    if (deckId) void actions.pullList().catch(() => undefined);
  }, [deckId]);
  return deckLineText(deckId, lookup);
}
