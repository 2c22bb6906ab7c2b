/** Commander search through the server's card route (a Scryfall-compatible service behind it). */
import { z } from 'zod';

export const COMMANDER_SEARCH_MIN_LENGTH = 2;
export const COMMANDER_SEARCH_DEBOUNCE_MS = 300;
export const CARD_RESULTS_MAX = 20;

export const cardSummarySchema = z.object({
  name: z.string(),
  typeLine: z.string().nullable(),
  imageUrl: z.string().nullable(),
});
export type CardSummary = z.infer<typeof cardSummarySchema>;

/** GET /api/cards/commanders?q=&partner=true|false ; GET /api/cards/named?exact= */
export const commanderSearchQuery = z.object({
  q: z.string().trim().min(COMMANDER_SEARCH_MIN_LENGTH, `Type at least ${COMMANDER_SEARCH_MIN_LENGTH} characters.`).max(100),
  partner: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => value === 'true'),
});
export const namedCardQuery = z.object({ exact: z.string().trim().min(1).max(200) });
