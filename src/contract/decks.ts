/**
 * Decks (spec sections 3, 5 and 7: GET/POST/PUT/DELETE /api/decks), shared by the app and
 * the server. A deck can be created offline, so POST carries a client-chosen UUID.
 */
import { z } from 'zod';
import { clientChosenId } from './social';

export const DECK_NAME_MAX_LENGTH = 80;
export const DECK_DESCRIPTION_MAX_LENGTH = 2000;
/** The longest printed card name is ~140 characters; 200 leaves room for "A // B" faces. */
export const COMMANDER_NAME_MAX_LENGTH = 200;
export const DECK_LINKS_MAX = 10;
/** Browsers cope with ~2k-character URLs everywhere; longer ones are not deck-list links. */
export const DECK_LINK_MAX_LENGTH = 2048;
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
} as const;

export const deckSchema = z.object({
  id: z.string().min(1).max(64),
  name: z.string(),
  description: z.string().nullable(),
  commander: z.string().nullable(),
  hasPartner: z.boolean(),
  partnerCommander: z.string().nullable(),
  externalLinks: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
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
function optionalText(max: number, message: string) {
  return z
    .string()
    .trim()
    .max(max, message)
    .nullish()
    .transform((value) => (value ? value : null));
}

const deckLink = z.string().max(DECK_LINK_MAX_LENGTH, DeckText.linkTooLong).refine(isHttpUrl, DeckText.linkNotHttp);

/**
 * Body of POST /api/decks and PUT /api/decks/{id} (a PUT replaces the whole deck; its id is the
 * path's, a body id is ignored). Normalised on parse:
 * - name, description and commanders are trimmed; blank description/commanders become null;
 * - blank links are dropped (spec), the rest trimmed, then checked (http/https, ≤ 10);
 * - without `hasPartner` the partner commander is dropped (null), so a stale partner field in a
 *   form never shows up in the label.
 */
export const deckInputBody = z
  .object({
    id: clientChosenId,
    name: z
      .string({ error: DeckText.nameRequired })
      .trim()
      .min(1, DeckText.nameRequired)
      .max(DECK_NAME_MAX_LENGTH, DeckText.nameTooLong),
    description: optionalText(DECK_DESCRIPTION_MAX_LENGTH, DeckText.descriptionTooLong),
    commander: optionalText(COMMANDER_NAME_MAX_LENGTH, DeckText.commanderTooLong),
    hasPartner: z.boolean().default(false),
    partnerCommander: optionalText(COMMANDER_NAME_MAX_LENGTH, DeckText.commanderTooLong),
    externalLinks: z
      .array(z.string())
      .default([])
      .transform((links) => links.map((link) => link.trim()).filter((link) => link.length > 0))
      .pipe(z.array(deckLink).max(DECK_LINKS_MAX, DeckText.tooManyLinks)),
  })
  .transform((deck) => (deck.hasPartner ? deck : { ...deck, partnerCommander: null }));
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
