/**
 * Turns a parsed deck list into the deck to save, checking its commander(s) with the card
 * search (the app's `searchCommanders`: the server online, the cards seen before offline).
 *
 * - a marked commander found by the search takes the card's own spelling; one the search does
 *   not know is kept as typed, with a note; one that cannot be checked (offline, service down)
 *   is kept as typed;
 * - a guessed commander (MTGO's last block) is kept when found or unchecked; one the search
 *   answers "not a commander" for goes back into the deck.
 * The second commander is looked up among partners and backgrounds first, then commanders
 * ("Doctor's companion" pairs are plain commanders to the search).
 */
import { COMMANDER_SEARCH_MIN_LENGTH, type CardSummary } from '../../../contract/cards';
import type { DeckCard, DeckInput } from '../../../contract/decks';
import type { ParsedDeckList } from './parse-deck-list';

export type CommanderSearch = (query: string, partner?: boolean) => Promise<{ cards: CardSummary[]; offline: boolean }>;

/** The server refuses longer queries (src/contract/card-search.ts); such a name is kept unchecked. */
const SEARCH_QUERY_MAX = 100;

export const RecogniseText = {
  notACommander: (name: string) => `“${name}” was not found as a commander; kept as typed.`,
  guessNotACommander: (name: string) => `“${name}” is not a commander; it was added to the deck.`,
  unchecked: 'The commanders could not be checked right now; they are kept as typed.',
  noCommander: 'No commander was found in the list; choose one with Edit after importing.',
} as const;

export interface RecognisedDeck {
  commander: string | null;
  partnerCommander: string | null;
  cards: DeckCard[];
  notes: string[];
}

type Lookup = { found: string } | { missing: true } | { unchecked: true };

function sameCard(cardName: string, typed: string): boolean {
  const wanted = typed.toLowerCase();
  const name = cardName.toLowerCase();
  // Double-faced cards are named "Front // Back"; lists often give only the front.
  return name === wanted || name.split(' // ')[0] === wanted;
}

async function lookUp(search: CommanderSearch, name: string, partner: boolean): Promise<Lookup> {
  if (name.length < COMMANDER_SEARCH_MIN_LENGTH || name.length > SEARCH_QUERY_MAX) return { unchecked: true };
  try {
    const answer = await search(name, partner);
    const hit = answer.cards.find((card) => sameCard(card.name, name));
    if (hit) return { found: hit.name };
    return answer.offline ? { unchecked: true } : { missing: true };
  } catch {
    return { unchecked: true };
  }
}

async function lookUpSecond(search: CommanderSearch, name: string): Promise<Lookup> {
  const asPartner = await lookUp(search, name, true);
  return 'missing' in asPartner ? lookUp(search, name, false) : asPartner;
}

export async function recogniseCommanders(parsed: ParsedDeckList, search: CommanderSearch): Promise<RecognisedDeck> {
  const guessed = parsed.commanders.length === 0;
  const typed = guessed ? parsed.commanderGuesses : parsed.commanders;
  const notes: string[] = [];
  const cards = parsed.cards.map((card) => ({ ...card }));
  const kept: string[] = [];
  let unchecked = false;

  for (const [index, name] of typed.entries()) {
    const found = index === 0 ? await lookUp(search, name, false) : await lookUpSecond(search, name);
    if ('found' in found) kept.push(found.found);
    else if ('unchecked' in found) {
      unchecked = true;
      kept.push(name);
    } else if (guessed) {
      notes.push(RecogniseText.guessNotACommander(name));
      cards.push({ quantity: 1, name });
    } else {
      notes.push(RecogniseText.notACommander(name));
      kept.push(name);
    }
  }
  if (unchecked) notes.push(RecogniseText.unchecked);
  if (kept.length === 0) notes.push(RecogniseText.noCommander);
  return { commander: kept[0] ?? null, partnerCommander: kept[1] ?? null, cards, notes };
}

/** The body `saveDeck` takes for an imported list. */
export function importedDeckInput(name: string, parsed: ParsedDeckList, recognised: RecognisedDeck): DeckInput {
  return {
    name,
    description: null,
    commander: recognised.commander,
    hasPartner: recognised.partnerCommander !== null,
    partnerCommander: recognised.partnerCommander,
    externalLinks: parsed.links,
    cards: recognised.cards,
  };
}
