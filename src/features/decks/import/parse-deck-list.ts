/**
 * Reads a pasted deck list (pure; no network): the text exports of Moxfield, Archidekt,
 * MTGO and MTG Arena, and deck links. What each format looks like (docs/deck-import.md):
 *
 *   Arena / Moxfield   "Commander" / "Deck" / "Sideboard" headers, lines "1 Sol Ring (C21) 263 *F*",
 *                      an "About" block with "Name My deck"
 *   MTGO               "1 Sol Ring" lines; the commander(s) in the last block after a blank line
 *   Archidekt          "1x Sol Ring (cmm) 400 [Ramp]", "[Commander{top}]", "^Have,#37d67a^" tags,
 *                      "[Maybeboard{noDeck}]" for cards outside the deck
 *   TappedOut/EDHREC   "1x Atraxa, Praetors' Voice *CMDR*"
 *   links              a Moxfield or Archidekt deck address (or any http(s) address) on its own line
 *
 * Invariants: every non-blank line is either used or reported with its 1-based number; the
 * card list never contains the commanders; duplicate names add up (ignoring case).
 */
import { CARD_QUANTITY_MAX, COMMANDER_NAME_MAX_LENGTH, isHttpUrl, type DeckCard } from '../../../contract/decks';

export type DeckListSection = 'commander' | 'main' | 'outside';

export interface DeckListProblem {
  line: number;
  text: string;
  reason: string;
}

export interface ParsedDeckList {
  /** From Arena's "Name …" line or an Archidekt link's slug; null when the text names none. */
  name: string | null;
  /** Marked as commanders (a Commander section, *CMDR*, [Commander]), in order, at most two. */
  commanders: string[];
  /** No commander was marked: the block that holds them by convention (MTGO), still to be checked. */
  commanderGuesses: string[];
  /** The main deck, commanders excluded. */
  cards: DeckCard[];
  links: string[];
  /** Cards of sideboards, maybeboards, companions and tokens: not part of a Commander deck. */
  leftOut: number;
  problems: DeckListProblem[];
  /** Remarks that are not about one line (a third commander, …). */
  notes: string[];
}

export const ImportText = {
  notACardLine: 'Not a card line: expected a quantity and a card name, like “1 Sol Ring”.',
  badQuantity: `The quantity must be from 1 to ${CARD_QUANTITY_MAX}.`,
  nameTooLong: `Card names can be at most ${COMMANDER_NAME_MAX_LENGTH} characters.`,
  noName: 'There is no card name after the quantity.',
  tooManyCommanders: (name: string) => `A deck has at most two commanders: “${name}” was added to the deck instead.`,
} as const;

const SECTIONS: Array<[RegExp, DeckListSection | 'about']> = [
  [/^(commanders?|command zone)$/, 'commander'],
  [/^(deck|main ?deck|main ?board|main|mainboard)$/, 'main'],
  [/^(side ?board|side|maybe ?board|maybe|considering|companions?|tokens?|attractions|stickers|contraptions)$/, 'outside'],
  [/^about$/, 'about'],
];

/** "Commander", "// Sideboard", "SIDEBOARD:", "# Deck", "Deck (99)" → the section it opens. */
function sectionOf(line: string): DeckListSection | 'about' | null {
  const bare = line
    .replace(/^(\/\/|#+)\s*/, '')
    .replace(/\s*\(\d+\)\s*$/, '')
    .replace(/:\s*$/, '')
    .trim()
    .toLowerCase();
  for (const [pattern, section] of SECTIONS) if (pattern.test(bare)) return section;
  return null;
}

/** "Commander: Alesha, Who Smiles at Death" (a header with its card on the same line). */
const INLINE_COMMANDER = /^commanders?:\s*(.+)$/i;
const CARD_LINE = /^(\d+)\s*[xX]?\s+(.+)$/;
/** Archidekt's label tags "^Have,#37d67a^". */
const LABEL_TAG = /\^[^^]*\^/g;
/** Archidekt's categories "[Ramp]", "[Commander{top}]", "[Maybeboard{noDeck}{noPrice},Ramp]". */
const CATEGORY_TAG = /\[([^\]]*)\]/g;
/** Moxfield and others: "*F*" foil, "*E*" etched, "*CMDR*" commander, "*A*" alter … */
const STAR_MARKER = /\*([A-Za-z]{1,5})\*/g;
/** "(C21) 263", "(2X2) 190", "(PLST) SOI-123", "(cmm) 400", "(SLD) 1494★" at the end of a line. */
const PRINTING = /(?:^|\s+)\(([A-Za-z0-9]{2,8})\)(?:\s+[A-Za-z0-9★†\-/]+)?\s*$/;

interface CardLine {
  quantity: number;
  name: string;
  commander: boolean;
  outside: boolean;
}

function readCardLine(line: string): CardLine | { problem: string } | null {
  const match = CARD_LINE.exec(line);
  if (!match) return null;
  const quantity = Number(match[1]);
  let rest = match[2]!;
  let commander = false;
  let outside = false;

  rest = rest.replace(LABEL_TAG, ' ');
  rest = rest.replace(CATEGORY_TAG, (_all, inside: string) => {
    for (const category of inside.split(',')) {
      const flags = category.match(/\{[^}]*\}/g) ?? [];
      const label = category.replace(/\{[^}]*\}/g, '').trim().toLowerCase();
      if (label === 'commander') commander = true;
      if (flags.some((flag) => flag.toLowerCase() === '{nodeck}') || /^(maybeboard|sideboard|considering)$/.test(label)) outside = true;
    }
    return ' ';
  });
  rest = rest.replace(STAR_MARKER, (_all, marker: string) => {
    if (marker.toUpperCase() === 'CMDR') commander = true;
    return ' ';
  });
  rest = rest.replace(/\s+/g, ' ').trim().replace(PRINTING, '').trim();

  if (!rest) return { problem: ImportText.noName };
  if (quantity < 1 || quantity > CARD_QUANTITY_MAX) return { problem: ImportText.badQuantity };
  if (rest.length > COMMANDER_NAME_MAX_LENGTH) return { problem: ImportText.nameTooLong };
  return { quantity, name: rest, commander, outside };
}

/** "https://archidekt.com/decks/123456/atraxa_superfriends" → "atraxa superfriends". */
export function deckNameFromLink(link: string): string | null {
  try {
    const url = new URL(link);
    if (!/(^|\.)archidekt\.com$/i.test(url.hostname)) return null;
    const slug = /^\/decks\/\d+\/([^/]+)/.exec(url.pathname)?.[1];
    if (!slug) return null;
    const name = decodeURIComponent(slug).replace(/[_-]+/g, ' ').trim();
    return name || null;
  } catch {
    return null;
  }
}

interface Entry extends CardLine {
  line: number;
  block: number;
}

function addCard(cards: DeckCard[], quantity: number, name: string): void {
  const same = cards.find((card) => card.name.toLowerCase() === name.toLowerCase());
  if (same) same.quantity = Math.min(CARD_QUANTITY_MAX, same.quantity + quantity);
  else cards.push({ quantity, name });
}

export function parseDeckList(text: string): ParsedDeckList {
  const result: ParsedDeckList = { name: null, commanders: [], commanderGuesses: [], cards: [], links: [], leftOut: 0, problems: [], notes: [] };
  const entries: Entry[] = [];
  let section: DeckListSection | 'about' = 'main';
  let sawSection = false;
  let block = 0;
  let blockHasCards = false;

  text.split(/\r\n|\r|\n/).forEach((raw, index) => {
    const lineNumber = index + 1;
    const line = raw.trim();
    if (!line) {
      if (blockHasCards) block += 1;
      blockHasCards = false;
      return;
    }
    const opened = sectionOf(line);
    if (opened) {
      section = opened;
      sawSection = true;
      return;
    }
    if (section === 'about') {
      const name = /^name\s+(.+)$/i.exec(line)?.[1]?.trim();
      if (name) result.name ??= name;
      return;
    }
    if (isHttpUrl(line)) {
      if (!result.links.includes(line)) result.links.push(line);
      result.name ??= deckNameFromLink(line);
      return;
    }
    if (line.startsWith('//') || line.startsWith('#')) return; // a comment
    const inline = INLINE_COMMANDER.exec(line)?.[1];
    const card = readCardLine(inline ? `1 ${inline}` : line);
    if (!card) {
      result.problems.push({ line: lineNumber, text: line, reason: ImportText.notACardLine });
      return;
    }
    if ('problem' in card) {
      result.problems.push({ line: lineNumber, text: line, reason: card.problem });
      return;
    }
    if (inline) sawSection = true;
    entries.push({ ...card, commander: card.commander || Boolean(inline) || section === 'commander', outside: card.outside || section === 'outside', line: lineNumber, block });
    blockHasCards = true;
  });

  const inDeck = entries.filter((entry) => !entry.outside);
  result.leftOut = entries.filter((entry) => entry.outside).reduce((sum, entry) => sum + entry.quantity, 0);

  // Entries that lead the deck instead of being in it.
  const apart = new Set<Entry>();
  const marked = inDeck.filter((entry) => entry.commander);
  for (const entry of marked) {
    const key = entry.name.toLowerCase();
    if (result.commanders.some((name) => name.toLowerCase() === key)) apart.add(entry);
    else if (result.commanders.length < 2) {
      result.commanders.push(entry.name);
      apart.add(entry);
    } else result.notes.push(ImportText.tooManyCommanders(entry.name));
  }
  if (marked.length === 0 && !sawSection) {
    for (const entry of guessedCommanderBlock(inDeck)) {
      result.commanderGuesses.push(entry.name);
      apart.add(entry);
    }
  }
  for (const entry of inDeck) if (!apart.has(entry)) addCard(result.cards, entry.quantity, entry.name);
  return result;
}

/**
 * With no marked commander, MTGO's convention is a last block (after a blank line) of one or
 * two single cards; some exports put that block first instead. Anything else: no guess.
 */
function guessedCommanderBlock(entries: Entry[]): Entry[] {
  const blocks = new Map<number, Entry[]>();
  for (const entry of entries) blocks.set(entry.block, [...(blocks.get(entry.block) ?? []), entry]);
  if (blocks.size < 2) return [];
  const ordered = [...blocks.keys()].sort((a, b) => a - b).map((key) => blocks.get(key)!);
  const small = (group: Entry[]) => group.length <= 2 && group.every((entry) => entry.quantity === 1);
  const last = ordered.at(-1)!;
  if (small(last)) return last;
  const first = ordered[0]!;
  return small(first) ? first : [];
}
