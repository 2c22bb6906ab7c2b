/**
 * The TV view of a game: a read-only link anyone may open without an account (docs/playmat.md
 * "TV view"), shared by the app and the server.
 *
 * A player of a live game makes the link `/watch/<token>`: the token is WATCH_TOKEN_BYTES random
 * bytes in base64url, shown once to its maker (the server keeps only its SHA-256). A game has at
 * most one live link: "New link" kills the old one, "Stop sharing" kills it, and it dies
 * WATCH_AFTER_END_MS after the game ends (until then it shows the final table and the winner).
 *
 * Routes:
 *   GET    /api/games/{id}/watch-link → WatchLinkState (a player: is a link live, since when)
 *   POST   /api/games/{id}/watch-link → WatchLinkCreated (a player of a live game: a new link, the old one dies)
 *   DELETE /api/games/{id}/watch-link → WatchLinkState (a player: the live link dies)
 *   GET    /api/watch/{token}         → WatchView (public; ETag, 304 when unchanged; 404 WatchText.gone for any dead or wrong token)
 * The view holds what a spectator across the room sees: names, commanders, counters, markers,
 * clocks, turn and result. Never a user id, an e-mail, a deck, an invitation or the event log.
 */
import * as z from 'zod/mini';
import { commanderTaxSchema, gameResultSchema, tableStateSchema } from './game-table';
import { seatLayoutSchema } from './game';
import { seatNumber } from './seats';

/** 32 random bytes: 43 base64url characters. */
export const WATCH_TOKEN_BYTES = 32;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
/** A link keeps showing the final table this long after the game ends, then dies. */
export const WATCH_AFTER_END_MS = 2 * 60 * 60 * 1000;
/**
 * How often a table is asked for when the server does not hold the request (a guest seat's
 * table; a TV view when the server holds no more): GET with If-None-Match, a 304 when nothing
 * changed. 86 a minute (docs/security.md "TV links").
 */
export const WATCH_POLL_MS = 700;

/**
 * A TV view that shows the latest table asks the server to hold its next request until the game
 * changes, at most this long (`Prefer: wait=N`, server/games/watch-waits.ts): the table follows a
 * tap as soon as it is stored. A server that answers at once (too many held) is asked again
 * after WATCH_POLL_MS, as before.
 */
export const WATCH_WAIT_S = 20;
/** After a new table, the next request waits at least this long: a burst of taps costs a few requests, not one each. */
export const WATCH_LIVE_GAP_MS = 250;

export const WatchText = {
  gone: 'This TV link is not valid any more.',
  notPlayer: 'Only the players of this game can share its TV view.',
  offlineLink: 'Sharing the TV view needs a connection: the link is made by the server. Try again when you are online.',
  failed: 'Something went wrong. Please try again.',
} as const;

export function isWatchToken(value: string): boolean {
  return TOKEN_PATTERN.test(value);
}

/** The game's TV link as its players see it: the token itself is never readable again. */
export const watchLinkStateSchema = z.object({
  live: z.boolean(),
  createdAt: z.nullable(z.string()),
});
export type WatchLinkState = z.infer<typeof watchLinkStateSchema>;

/** A new link: the only answer that carries the token. */
export const watchLinkCreatedSchema = z.object({
  live: z.literal(true),
  createdAt: z.string(),
  token: z.string(),
});
export type WatchLinkCreated = z.infer<typeof watchLinkCreatedSchema>;

/** A seat as the TV shows it. */
export const watchPlayerSchema = z.object({
  seatNumber,
  displayName: z.string(),
  commanderName: z.string(),
  partnerCommanderName: z.nullable(z.string()),
  lifeTotal: z.int(),
  poisonCounters: z.int(),
  energyCounters: z.int(),
  experienceCounters: z.int(),
  commanderDamage: z.record(z.string(), z.int()),
  commanderTax: z.optional(commanderTaxSchema),
  out: z.boolean(),
});

export const watchViewSchema = z.object({
  status: z.enum(['ACTIVE', 'FINISHED']),
  startTime: z.string(),
  updatedAt: z.string(),
  layoutPreset: z.string(),
  seats: z.array(seatLayoutSchema),
  activeSeat: seatNumber,
  turnNumber: z.int(),
  players: z.array(watchPlayerSchema),
  table: z.optional(tableStateSchema),
  result: z.optional(z.nullable(gameResultSchema)),
});
export type WatchView = z.infer<typeof watchViewSchema>;

/** The link a token stands for. */
export function watchLink(origin: string, token: string): string {
  return `${origin}/watch/${token}`;
}
