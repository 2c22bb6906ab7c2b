/**
 * The clock state's own arithmetic (contract/game-clock.ts), free of the game record so table.ts
 * can close a turn's clock without importing clocks.ts. Times are ISO stamps of whoever applies
 * the change (the server's clock on the server); a difference that runs backwards (two devices'
 * clocks disagree) counts as 0.
 * Invariants: while `pausedAt` is set the clocks read `pausedAt`; `pausedMs` and `turnPausedMs`
 * hold only pauses that are over (a pause still running is folded in when something happens
 * at `at`: it then starts again at `at`); `turnLog` holds at most TURN_LOG_MAX entries.
 */
import { TURN_LOG_MAX, type ClockState } from '../contract/game-clock';

export const IDLE_CLOCK: ClockState = { pausedAt: null, pausedMs: 0, turnPausedMs: 0, turnMs: {}, turnLog: [] };

/** Milliseconds from `from` to `to`, never below 0. */
export function between(from: string, to: string): number {
  const ms = Date.parse(to) - Date.parse(from);
  return Number.isFinite(ms) && ms > 0 ? ms : 0;
}

/** A running pause counted up to `at` and started again there; the clock itself when it runs. */
export function foldPause(clock: ClockState, at: string): ClockState {
  if (clock.pausedAt === null) return clock;
  const ms = between(clock.pausedAt, at);
  return { ...clock, pausedAt: at, pausedMs: clock.pausedMs + ms, turnPausedMs: clock.turnPausedMs + ms };
}

/** Whose time a closing turn is: the seat and turn number it is booked under. */
export interface TurnOwner {
  seat: number;
  turnNumber: number;
}

/**
 * Closes the turn that started at `turnStartedAt` at `at`: its time, pauses excluded, goes to
 * `owner`'s chess clock and to the turn list (the oldest entry leaves past TURN_LOG_MAX). A pause
 * still running goes on into the next turn.
 */
export function closeTurnClock(clock: ClockState, turnStartedAt: string, at: string, owner: TurnOwner): ClockState {
  const folded = foldPause(clock, at);
  const durationMs = Math.max(0, between(turnStartedAt, at) - folded.turnPausedMs);
  const key = String(owner.seat);
  return {
    ...folded,
    turnPausedMs: 0,
    turnMs: { ...folded.turnMs, [key]: (folded.turnMs[key] ?? 0) + durationMs },
    turnLog: [...folded.turnLog, { turnNumber: owner.turnNumber, seat: owner.seat, durationMs }].slice(-TURN_LOG_MAX),
  };
}

/** The clocks standing still from `at` (a pause; the end of the game). Already still: unchanged. */
export function stopClock(clock: ClockState, at: string): ClockState {
  return clock.pausedAt === null ? { ...clock, pausedAt: at } : clock;
}

/**
 * The clocks running again from `at`: the time they stood still since `since` (the pause's start;
 * for a game ended before the clocks existed, its end) is left out of the game and of the turn.
 */
export function restartClock(clock: ClockState, at: string, since: string | null = clock.pausedAt): ClockState {
  if (since === null) return clock;
  const ms = between(since, at);
  return { ...clock, pausedAt: null, pausedMs: clock.pausedMs + ms, turnPausedMs: clock.turnPausedMs + ms };
}
