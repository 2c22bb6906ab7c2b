/**
 * Decks the user can choose as default. Decks are not mirrored yet; the decks issue replaces
 * the body with a live query on its deck table.
 */
export interface DeckOption {
  id: string;
  name: string;
}

export function useDeckOptions(): DeckOption[] {
  return [];
}
