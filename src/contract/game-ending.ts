/**
 * How a game was won and who took out whom (End game's details, src/game/eliminations.ts).
 * Optional in what End game sends and in the stored result: an older app sends none of them,
 * and games ended before they existed have none.
 */
import * as z from 'zod/mini';
import './zod-config';
import { SEAT_COUNT_MAX, seatNumber } from './seats';

/** The ways a Commander game is won, which are also the ways a player goes out. */
export const WIN_METHODS = ['combat', 'commanderDamage', 'poison', 'combo', 'alternate', 'concession'] as const;
export const winMethodSchema = z.enum(WIN_METHODS);
export type WinMethod = z.infer<typeof winMethodSchema>;

/** A game is never near a million turns; the bound keeps a typo far inside the integer range. */
const ON_TURN_MAX = 1_000_000;

export const EndingText = {
  winMethodNeedsWinner: 'Only a game with a winner has a way it was won.',
  winnerEliminated: 'The winner cannot be among the players taken out.',
  eliminatedTwice: 'Each player is taken out once.',
  selfElimination: 'A player is not taken out by themselves: leave who did it empty.',
  turnAfterCurrent: (turn: number) => `The game is on turn ${turn}: it cannot have ended on a later turn.`,
  chooseWinMethod: 'Choose how they won.',
  chooseTurn: (turn: number) => `Give a turn from 1 to ${turn}.`,
} as const;

/** One player taken out: by whom (another player, or null when nobody or nobody known) and how. */
export const eliminationSchema = z
  .object({ seat: seatNumber, bySeat: z.nullable(seatNumber), how: winMethodSchema })
  .check(z.refine((e) => e.seat !== e.bySeat, { path: ['bySeat'], message: EndingText.selfElimination }));
export type Elimination = z.infer<typeof eliminationSchema>;

/** The details End game may add to the winner and the out order (all optional). */
export const endingDetails = {
  /** How the winner won; only with a winner. */
  winMethod: z.optional(winMethodSchema),
  /** The turn the game was decided on; absent: the turn in progress. */
  onTurn: z.optional(z.int().check(z.minimum(1), z.maximum(ON_TURN_MAX))),
  /** Who took out whom, each player at most once, never the winner. */
  eliminations: z.optional(z.array(eliminationSchema).check(z.maxLength(SEAT_COUNT_MAX))),
};

interface Details {
  winnerSeat: number | null;
  winMethod?: WinMethod | undefined;
  eliminations?: readonly Elimination[] | undefined;
}

/** The rules of the details that need no game: the same for what End game sends and what is stored. */
export const endingDetailsRules = z.superRefine((value: Details, ctx) => {
  if (value.winMethod !== undefined && value.winnerSeat === null) {
    ctx.addIssue({ code: 'custom', path: ['winMethod'], message: EndingText.winMethodNeedsWinner });
  }
  const seats = (value.eliminations ?? []).map((e) => e.seat);
  if (new Set(seats).size !== seats.length) ctx.addIssue({ code: 'custom', path: ['eliminations'], message: EndingText.eliminatedTwice });
  if (value.winnerSeat !== null && seats.includes(value.winnerSeat)) {
    ctx.addIssue({ code: 'custom', path: ['eliminations'], message: EndingText.winnerEliminated });
  }
});
