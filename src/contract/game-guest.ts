/**
 * A seat at a live game for someone with no account (docs/playmat.md "Joining"), shared by the
 * app and the server.
 *
 * Whoever holds a live join code (src/contract/game-join.ts) may take a free guest seat under a
 * name they type, without an account. The answer is a game-scoped credential: GUEST_SEAT_TOKEN_BYTES
 * random bytes in base64url, shown once (the server keeps only its SHA-256), sent as
 * `Authorization: GuestSeat <token>`. It reads that one game (the TV view's fields, plus the
 * guest's own seat) and changes the counters of its own seat, nothing else; it dies when the
 * game ends, when the game's creator undoes the join, and GUEST_SEAT_TTL_MS after the join.
 *
 * Routes (public: the credential is the capability):
 *   POST /api/games/join/guest {code, seatNumber, name} → GuestSeatCreated (the `joinCode` budget)
 *   GET  /api/guest-seat                               → GuestSeatView (ETag, 304 when unchanged)
 *   POST /api/guest-seat/increments  GameIncrement     → GuestSeatView (own seat only; exactly once by id)
 *   POST /api/guest-seat/claim {token}  (signed in)    → Game: the account takes the seat over, the
 *        credential dies in the same transaction (409 with the reason when it opens nothing)
 * A missing, malformed, wrong, revoked, expired or ended credential answers 401 with one of the
 * GuestSeatText messages; so does the credential on any other route.
 */
import * as z from 'zod/mini';
import { GameText } from './game';
import { watchViewSchema } from './game-watch';
import { joinCodeSchema } from './game-join';
import { DISPLAY_NAME_MAX_LENGTH } from './limits';
import { seatNumber } from './seats';
import { safeText } from './text';

/** 32 random bytes: 43 base64url characters. */
export const GUEST_SEAT_TOKEN_BYTES = 32;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
/** A guest seat lives a day at most (a long game night and the morning after). */
export const GUEST_SEAT_TTL_MS = 24 * 60 * 60 * 1000;
/** The authorization scheme of a guest seat's credential. */
export const GUEST_SEAT_SCHEME = 'GuestSeat';

export const GuestSeatText = {
  /** Any credential that does not open a seat: missing, malformed, wrong, expired. */
  invalid: 'This guest seat is not valid any more.',
  /** The game's creator undid the join. */
  revoked: 'The host gave this seat back. You are not in this game any more.',
  ended: 'This game is over.',
  notYourSeat: 'A guest seat changes only its own counters.',
  noUndo: 'A guest seat cannot undo changes.',
} as const;

export function isGuestSeatToken(value: string): boolean {
  return TOKEN_PATTERN.test(value);
}

/** The credential in an Authorization header, or undefined. */
export function guestSeatToken(header: unknown): string | undefined {
  if (typeof header !== 'string') return undefined;
  const match = /^GuestSeat\s+(\S+)\s*$/.exec(header);
  return match && isGuestSeatToken(match[1]!) ? match[1] : undefined;
}

/** The name a guest types: the rules of a guest's name when a game is made. */
export const guestSeatName = safeText({ error: GameText.guestNameRequired }).check(
  z.trim(),
  z.minLength(1, GameText.guestNameRequired),
  z.maxLength(DISPLAY_NAME_MAX_LENGTH),
);

/** An account taking over the seat its phone holds as a guest ("Create an account" later). */
export const guestSeatClaimBody = z.object({ token: z.string().check(z.refine(isGuestSeatToken, GuestSeatText.invalid)) });

export const guestJoinBody = z.object({ code: joinCodeSchema, seatNumber, name: guestSeatName });

/** The only answer that carries the credential. */
export const guestSeatCreatedSchema = z.object({
  token: z.string(),
  gameId: z.string(),
  seatNumber,
  name: z.string(),
  expiresAt: z.string(),
});
export type GuestSeatCreated = z.infer<typeof guestSeatCreatedSchema>;

/** What a guest seat reads: its own seat, the game's revision, and the table as the TV view shows it. */
export const guestSeatViewSchema = z.object({
  gameId: z.string(),
  seatNumber,
  name: z.string(),
  rev: z.int(),
  expiresAt: z.string(),
  view: watchViewSchema,
});
export type GuestSeatView = z.infer<typeof guestSeatViewSchema>;
