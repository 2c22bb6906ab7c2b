/**
 * The game's clocks (src/game/clocks.ts): the game clock (from the start, less the pauses), the
 * turn clock, and each player's chess clock (their time on their own turns). Pausing and resuming
 * is a whole-game change (`game.update`, `clock`), applied once by its event id like the others.
 * Every field is optional on read: a game stored before the clocks existed has no `clock` and
 * reads as running, never paused, with no turn timed yet.
 */
import * as z from 'zod/mini';
import './zod-config';
import { seatNumber } from './seats';

/**
 * The per-turn list keeps the latest this many finished turns (a long Commander game has about 20
 * per player; 500 turns stay under ~25 KB of the game record). The per-seat totals are not capped.
 */
export const TURN_LOG_MAX = 500;

const ms = z.int().check(z.minimum(0));

/** One finished turn: whose it was and how long it ran (pauses excluded). */
const turnTimeSchema = z.object({
  turnNumber: z.int().check(z.minimum(1)),
  seat: seatNumber,
  durationMs: ms,
});

export const clockStateSchema = z.object({
  /** Since when the clocks stand still (a pause, or the end of the game); null while they run. */
  pausedAt: z.nullable(z.string()),
  /** Pauses that are over, in all: the game clock leaves them out. */
  pausedMs: ms,
  /** The part of `pausedMs` that fell in the turn in progress: the turn clock leaves it out. */
  turnPausedMs: ms,
  /** Each seat's time on its own finished turns, keyed by seat number (a chess clock). */
  turnMs: z.record(z.string(), ms),
  /** The latest TURN_LOG_MAX finished turns, oldest first (the writer keeps the bound). */
  turnLog: z.array(turnTimeSchema),
});
export type ClockState = z.infer<typeof clockStateSchema>;

/** Part of a whole-game change: stop or start the game clock and the turn clock together. */
export const clockChange = z.object({ action: z.enum(['pause', 'resume']) });
export type ClockChange = z.infer<typeof clockChange>;
