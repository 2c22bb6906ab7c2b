/**
 * Joining a live game by code, link or QR (docs/playmat.md "Joining"), shared by the app and the
 * server.
 *
 * A participant of an ACTIVE game shows a join code: JOIN_CODE_LENGTH characters from an
 * alphabet without 0, O, 1 and I (typed in any case, spaces and dashes ignored), as the link
 * `/join/<CODE>` and its QR code. A game has at most one live code; issuing a new one kills the
 * old at once, and a code dies when the game ends and JOIN_CODE_TTL_MS after it was issued.
 * A signed-in holder of the code sees the table (names, seats, commanders: nothing else) and
 * takes a guest seat no account holds; their id goes on the seat as an accepted invitation's does.
 *
 * Routes (signed in):
 *   GET    /api/games/{id}/join-code          → JoinCodeView (a participant; code null when none lives)
 *   POST   /api/games/{id}/join-code          → JoinCodeView (a participant: a new code, the old one dies)
 *   DELETE /api/games/{id}/joins/{seat}       → Game (the creator: undo a join)
 *   POST   /api/games/join/preview {code}     → JoinPreview
 *   POST   /api/games/join {code, seatNumber} → Game
 * The code travels in request bodies, never in an API path, so no request log holds it.
 */
import * as z from 'zod/mini';
import { seatNumber } from './seats';

/** 32 characters: digits 2–9 and the letters without I and O (no 0/O, no 1/I to confuse). */
export const JOIN_CODE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
export const JOIN_CODE_LENGTH = 6;
/** 32^6 ≈ 1.07 × 10^9 codes. */
export const JOIN_CODE_SPACE = JOIN_CODE_ALPHABET.length ** JOIN_CODE_LENGTH;
/** A code lives 12 hours at most (a long game night); "New code" gives a fresh one. */
export const JOIN_CODE_TTL_MS = 12 * 60 * 60 * 1000;

const CODE_PATTERN = new RegExp(`^[${JOIN_CODE_ALPHABET}]{${JOIN_CODE_LENGTH}}$`);

export const GameJoinText = {
  invalid: 'This code is not valid any more.',
  badFormat: `A join code has ${JOIN_CODE_LENGTH} letters and digits (there is no 0, O, 1 or I in it).`,
  seatTaken: 'Someone else just took this seat. Pick another one.',
  seatNotOpen: 'This seat is not free. Pick another one.',
  noSuchSeat: 'This game has no such seat.',
  notParticipant: 'Only the players of this game can show its join code.',
  creatorOnly: 'Only the player who created this game can undo a join.',
  joinGone: 'This join was already undone.',
  offlineJoin: 'Joining a game needs a connection. Try again when you are online.',
  offlineCode: 'Showing a join code needs a connection: the code is made by the server. Try again when you are online.',
  failed: 'Something went wrong. Please try again.',
} as const;

/** The code as typed or scanned, in its one stored form: upper case, no spaces or dashes. */
export function normalizeJoinCode(raw: string): string {
  return raw.replace(/[\s-]+/g, '').toUpperCase();
}

export function isJoinCode(value: string): boolean {
  return CODE_PATTERN.test(value);
}

/** A code in a request: normalised, then checked (400 with badFormat otherwise). */
export const joinCodeSchema = z.pipe(
  z.pipe(z.string({ error: GameJoinText.badFormat }).check(z.maxLength(40, GameJoinText.badFormat)), z.transform(normalizeJoinCode)),
  z.string().check(z.refine(isJoinCode, GameJoinText.badFormat)),
);

export const joinPreviewBody = z.object({ code: joinCodeSchema });
export const joinGameBody = z.object({ code: joinCodeSchema, seatNumber });

/**
 * A seat as a code holder sees it. `open`: a guest seat no account holds (it can be taken);
 * `taken`: an account plays it; `invited`: kept for an account invited to it.
 */
export const joinSeatSchema = z.object({
  seatNumber,
  displayName: z.string(),
  commanderName: z.string(),
  partnerCommanderName: z.nullable(z.string()),
  status: z.enum(['open', 'taken', 'invited']),
});
export type JoinSeat = z.infer<typeof joinSeatSchema>;

/** What a code shows before joining: the table, no e-mail, counters or log. `seated`: the caller already plays in it. */
export const joinPreviewSchema = z.object({
  gameId: z.string(),
  hostName: z.string(),
  startTime: z.string(),
  seated: z.boolean(),
  seats: z.array(joinSeatSchema),
});
export type JoinPreview = z.infer<typeof joinPreviewSchema>;

/** A seat taken with a code, while its joiner still holds it; `userId` null: a guest with no account (src/contract/game-guest.ts). */
export const gameJoinSchema = z.object({
  seatNumber,
  userId: z.nullable(z.string()),
  displayName: z.string(),
  joinedAt: z.string(),
});
export type GameJoin = z.infer<typeof gameJoinSchema>;

/** The join sheet: the live code (null when none lives) and who joined with a code. */
export const joinCodeViewSchema = z.object({
  code: z.nullable(z.string()),
  expiresAt: z.nullable(z.string()),
  joins: z.array(gameJoinSchema),
});
export type JoinCodeView = z.infer<typeof joinCodeViewSchema>;

/** The short link a code stands for. */
export function joinLink(origin: string, code: string): string {
  return `${origin}/join/${code}`;
}
