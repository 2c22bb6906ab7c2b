/** Decks the user can choose as default in the Profile tab: the deck mirror, by name. */
import { useDecks } from '../decks/use-decks';

export interface DeckOption {
  id: string;
  name: string;
}

export function useDeckOptions(): DeckOption[] {
  const decks = useDecks();
  return (decks ?? []).map((deck) => ({ id: deck.id, name: deck.name }));
}
