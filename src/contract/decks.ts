/**
 * Decks (the spec's Deck entity, validation rules and calls: GET/POST/PUT/DELETE /api/decks), shared by the app and
 * the server. A deck can be created offline, so POST carries a client-chosen UUID.
 */
import * as z from 'zod/mini';
import { clientChosenId } from './social';
import { safeMultilineText, safeText } from './text';

export const DECK_NAME_MAX_LENGTH = 80;
const DECK_DESCRIPTION_MAX_LENGTH = 2000;
/** The longest printed card name is ~140 characters; 200 leaves room for "A // B" faces. */
export const COMMANDER_NAME_MAX_LENGTH = 200;
export const DECK_LINKS_MAX = 10;
/** Browsers cope with ~2k-character URLs everywhere; longer ones are not deck-list links. */
export const DECK_LINK_MAX_LENGTH = 2048;
/**
 * The card list of an imported deck (ours; the spec's deck has none). A Commander deck has 100
 * cards in at most ~100 lines; 250 distinct lines leave room for sideboards of other formats
 * while keeping the largest body (250 × a 200-character name ≈ 55 KB) under the 64 KB JSON limit.
 */
export const DECK_CARDS_MAX = 250;
/** 'Relentless Rats' and 'Persistent Petitioners' decks run dozens of copies; 250 is a sane ceiling. */
export const CARD_QUANTITY_MAX = 250;
/** Spec: two commanders are shown joined with ' // '. */
export const COMMANDER_SEPARATOR = ' // ';

export const DeckText = {
  nameRequired: 'Deck name is required.',
  nameTooLong: `Deck name can be at most ${DECK_NAME_MAX_LENGTH} characters.`,
  descriptionTooLong: `Description can be at most ${DECK_DESCRIPTION_MAX_LENGTH} characters.`,
  commanderTooLong: `Commander names can be at most ${COMMANDER_NAME_MAX_LENGTH} characters.`,
  linkNotHttp: 'Links must start with http:// or https://.',
  linkTooLong: `Links can be at most ${DECK_LINK_MAX_LENGTH} characters.`,
  tooManyLinks: `A deck can have at most ${DECK_LINKS_MAX} links.`,
  tooManyCards: `A deck list can have at most ${DECK_CARDS_MAX} different cards.`,
  badQuantity: `A card's quantity must be a whole number from 1 to ${CARD_QUANTITY_MAX}.`,
  cardNameRequired: 'A card needs a name.',
  badBracket: 'Bracket must be a whole number from 1 to 5.',
} as const;

/**
 * The official Commander Brackets a deck's owner may declare (1 Exhibition … 5 cEDH). A deck
 * without one is "not declared" (null); older rows and clients never send the field.
 */
export const DECK_BRACKETS = [
  { value: 1, name: 'Exhibition' },
  { value: 2, name: 'Core' },
  { value: 3, name: 'Upgraded' },
  { value: 4, name: 'Optimized' },
  { value: 5, name: 'cEDH' },
] as const;
export type DeckBracket = (typeof DECK_BRACKETS)[number]['value'];
const BRACKET_MIN = 1;
const BRACKET_MAX = 5;

/** One line of a deck's card list: how many copies of which card (commanders are kept apart). */
const deckCardSchema = z.object({
  quantity: z
    .number({ error: DeckText.badQuantity })
    .check(z.int(DeckText.badQuantity), z.minimum(1, DeckText.badQuantity), z.maximum(CARD_QUANTITY_MAX, DeckText.badQuantity)),
  name: safeText({ error: DeckText.cardNameRequired }).check(
    z.trim(),
    z.minLength(1, DeckText.cardNameRequired),
    z.maxLength(COMMANDER_NAME_MAX_LENGTH, DeckText.commanderTooLong),
  ),
});
export type DeckCard = z.infer<typeof deckCardSchema>;

export const deckSchema = z.object({
  id: z.string().check(z.minLength(1), z.maxLength(64)),
  name: z.string(),
  description: z.nullable(z.string()),
  commander: z.nullable(z.string()),
  hasPartner: z.boolean(),
  partnerCommander: z.nullable(z.string()),
  externalLinks: z.array(z.string()),
  /** Absent in rows mirrored before card lists existed; the server always sends it. */
  cards: z.optional(z.array(z.object({ quantity: z.number(), name: z.string() }))),
  /** The declared Commander Bracket (1–5); absent in rows mirrored before brackets existed, null = not declared. */
  bracket: z.optional(z.nullable(z.int().check(z.minimum(BRACKET_MIN), z.maximum(BRACKET_MAX)))),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The server's revision of this row (+1 per change); the mirror never replaces a newer revision with an older one. */
  rev: z.optional(z.int().check(z.minimum(0))),
});
export type Deck = z.infer<typeof deckSchema>;

/** True for an absolute http(s) URL with a host; `javascript:`, `ftp:` and relative paths are refused. */
export function isHttpUrl(value: string): boolean {
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

/** Trimmed optional text: blank (or absent) becomes null, so "no description" has one spelling. */
function optionalText(max: number, message: string, multiline = false) {
  return z.pipe(
    z.nullish((multiline ? safeMultilineText() : safeText()).check(z.trim(), z.maxLength(max, message))),
    z.transform((value: string | null | undefined) => (value ? value : null)),
  );
}

const deckLink = safeText().check(z.maxLength(DECK_LINK_MAX_LENGTH, DeckText.linkTooLong), z.refine(isHttpUrl, DeckText.linkNotHttp));

/**
 * Body of POST /api/decks and PUT /api/decks/{id} (a PUT replaces the whole deck; its id is the
 * path's, a body id is ignored). Normalised on parse:
 * - name, description and commanders are trimmed; blank description/commanders become null;
 * - blank links are dropped (spec), the rest trimmed, then checked (http/https, ≤ 10);
 * - without `hasPartner` the partner commander is dropped (null), so a stale partner field in a
 *   form never shows up in the label;
 * - `cards` absent: POST stores an empty list and PUT keeps the stored one, so the deck form
 *   (which does not show the list) and older clients never wipe an imported list;
 * - `bracket` absent: POST stores null (not declared) and PUT keeps the stored one; null clears it.
 */
export const deckInputFields = z.object({
  id: clientChosenId,
  name: safeText({ error: DeckText.nameRequired }).check(
    z.trim(),
    z.minLength(1, DeckText.nameRequired),
    z.maxLength(DECK_NAME_MAX_LENGTH, DeckText.nameTooLong),
  ),
  description: optionalText(DECK_DESCRIPTION_MAX_LENGTH, DeckText.descriptionTooLong, true),
  commander: optionalText(COMMANDER_NAME_MAX_LENGTH, DeckText.commanderTooLong),
  hasPartner: z._default(z.boolean(), false),
  partnerCommander: optionalText(COMMANDER_NAME_MAX_LENGTH, DeckText.commanderTooLong),
  externalLinks: z.pipe(
    z.pipe(
      z._default(z.array(z.string().check(z.maxLength(DECK_LINK_MAX_LENGTH, DeckText.linkTooLong))).check(z.maxLength(DECK_LINKS_MAX * 10, DeckText.tooManyLinks)), []),
      z.transform((links: string[]) => links.map((link) => link.trim()).filter((link) => link.length > 0)),
    ),
    z.array(deckLink).check(z.maxLength(DECK_LINKS_MAX, DeckText.tooManyLinks)),
  ),
  /** The card list (an import); absent on a save, the stored list stays. */
  cards: z.optional(z.array(deckCardSchema).check(z.maxLength(DECK_CARDS_MAX, DeckText.tooManyCards))),
  /**
   * The declared bracket: null = not declared. Absent (clients from before brackets): POST stores
   * null and PUT keeps the stored one, like `cards`, so an older client's save never clears it.
   */
  bracket: z.optional(
    z.nullable(
      z
        .number({ error: DeckText.badBracket })
        .check(z.int(DeckText.badBracket), z.minimum(BRACKET_MIN, DeckText.badBracket), z.maximum(BRACKET_MAX, DeckText.badBracket)),
    ),
  ),
});

/** Without a partner the partner commander is dropped, so a stale form field never shows. */
export function dropStalePartner<T extends { hasPartner: boolean; partnerCommander: string | null }>(deck: T): T {
  return deck.hasPartner ? deck : { ...deck, partnerCommander: null };
}

type DeckInputFields = z.output<typeof deckInputFields>;
export const deckInputBody = z.pipe(deckInputFields, z.transform((deck: DeckInputFields) => dropStalePartner(deck)));
/** What a form sends (loose) and what the server stores (normalised). */
export type DeckInput = z.input<typeof deckInputBody>;
export type DeckInputBody = z.output<typeof deckInputBody>;

/**
 * The commander line of a deck: 'Atraxa', or 'Tymna // Thrasios' when the deck has a partner and
 * one is named. Null when the deck names no commander at all.
 */
export function commanderLabel(deck: Pick<Deck, 'commander' | 'hasPartner' | 'partnerCommander'>): string | null {
  const names = [deck.commander, deck.hasPartner ? deck.partnerCommander : null]
    .map((name) => name?.trim() ?? '')
    .filter((name) => name.length > 0);
  return names.length > 0 ? names.join(COMMANDER_SEPARATOR) : null;
}

/** 'Bracket 3' for a declared bracket; null when the deck declares none (or the row predates brackets). */
export function bracketLabel(deck: Pick<Deck, 'bracket'>): string | null {
  return deck.bracket ? `Bracket ${deck.bracket}` : null;
}
