/**
 * The whole story of a game (docs/playmat.md "The whole story"): every event it logged, not only
 * the 25 of `game.events`. GET /api/games/{id}/story?before=<position>&limit=<n> answers a page,
 * newest first; `next` is the `before` of the next older page, null once the page reaches the
 * story's first entry. Positions are 1, 2, 3 … per game, with no gaps.
 */
import * as z from 'zod/mini';
import { gameEventSchema } from './game';

export const STORY_PAGE_MAX = 100;
export const STORY_PAGE_DEFAULT = 100;

export const gameStoryEntrySchema = z.object({
  position: z.int().check(z.minimum(1)),
  event: gameEventSchema,
});
export type GameStoryEntry = z.infer<typeof gameStoryEntrySchema>;

export const gameStoryPageSchema = z.object({
  entries: z.array(gameStoryEntrySchema),
  next: z.nullable(z.int().check(z.minimum(1))),
});
export type GameStoryPage = z.infer<typeof gameStoryPageSchema>;

const LIMIT_TEXT = `limit must be a whole number from 1 to ${STORY_PAGE_MAX}.`;
const BEFORE_TEXT = 'before must be a whole number from 1.';

/** GET /api/games/{id}/story's query: `before` a position (the page holds the entries before it), `limit` 1–100. */
export const gameStoryQuery = z.object({
  before: z.optional(z.coerce.number({ error: BEFORE_TEXT }).check(z.int(BEFORE_TEXT), z.minimum(1, BEFORE_TEXT), z.maximum(2_000_000_000, BEFORE_TEXT))),
  limit: z._default(z.coerce.number({ error: LIMIT_TEXT }).check(z.int(LIMIT_TEXT), z.minimum(1, LIMIT_TEXT), z.maximum(STORY_PAGE_MAX, LIMIT_TEXT)), STORY_PAGE_DEFAULT),
});
