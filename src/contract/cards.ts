/** Commander search through the server's card route (a Scryfall-compatible service behind it). */
import * as z from 'zod/mini';
import { safeText } from './text';

export const COMMANDER_SEARCH_MIN_LENGTH = 2;
export const COMMANDER_SEARCH_DEBOUNCE_MS = 300;
export const CARD_RESULTS_MAX = 20;

export const cardSummarySchema = z.object({
  name: z.string(),
  typeLine: z.nullable(z.string()),
  imageUrl: z.nullable(z.string()),
});
export type CardSummary = z.infer<typeof cardSummarySchema>;

/** GET /api/cards/commanders?q=&partner=true|false ; GET /api/cards/named?exact= */
export const commanderSearchQuery = z.object({
  q: safeText().check(
    z.trim(), z.minLength(COMMANDER_SEARCH_MIN_LENGTH, `Type at least ${COMMANDER_SEARCH_MIN_LENGTH} characters.`), z.maxLength(100)),
  partner: z.pipe(
    z.optional(z.enum(['true', 'false'])),
    z.transform((value: 'true' | 'false' | undefined) => value === 'true'),
  ),
});
export const namedCardQuery = z.object({ exact: safeText().check(z.trim(), z.minLength(1), z.maxLength(200)) });
