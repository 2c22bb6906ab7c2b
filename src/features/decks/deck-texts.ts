/** Texts of the Decks tab. The spec gives the states' wording only loosely; these are ours. */
import { DECK_BRACKETS, type DeckBracket } from '../../contract/decks';

export const LOADING_DECKS = 'Loading decks...';
export const DECKS_FAILED = 'Failed to load decks.';
export const NO_DECKS = 'No decks yet.';
export const NO_DECKS_DETAIL = 'Add the decks you play to pick a default and use them at the table.';
export const DELETE_DECK_TITLE = 'Delete this deck?';
export const DELETE_DECK_FAILED = 'Could not delete the deck. Try again.';
export const SAVE_DECK_FAILED = 'Could not save the deck. Try again.';
export const DECK_NOT_SAVED = 'This deck was not saved.';
export const DEFAULT_DECK_FAILED = 'Could not set the default deck.';
export const PENDING = 'Pending';
export const DEFAULT_BADGE = 'Default';
export const BRACKET_NOT_DECLARED = 'Not declared';

/** '3 – Upgraded': the bracket select's option. */
export function bracketOptionLabel(value: DeckBracket): string {
  const bracket = DECK_BRACKETS.find((each) => each.value === value);
  return bracket ? `${value} – ${bracket.name}` : String(value);
}
