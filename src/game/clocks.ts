/**
 * The game's clocks, read from the game record (so every phone shows the same, offline too):
 * - the game clock runs from the start to the end, less the pauses;
 * - the turn clock runs from the start of the turn, less the pauses within it;
 * - each player's chess clock is their time on their own turns: the finished ones (booked when
 *   the turn passes and when the game ends, clock-state.ts) plus the turn in progress when it is theirs.
 * Pause and resume are whole-game changes ('Clock paused' / 'Clock resumed', logged once by event
 * id, last writer wins); while paused both clocks stand still, and passing the turn keeps them
 * paused (the new turn starts at 0). The end of the game stops them; resuming the game starts
 * them again, leaving the time it stood ended out.
 */
import { GameText, type Game, type GameEvent } from '../contract/game';
import type { ClockChange, ClockState } from '../contract/game-clock';
import { IDLE_CLOCK, restartClock, stopClock } from './clock-state';
import { GameRuleError } from './counters';
import { newId, nowIso, pushEvent, type ChangeMeta } from './events';
import { tableOf, withTable } from './table';

type Meta = ChangeMeta & { eventId?: string };

export const ClockText = { paused: 'Clock paused', resumed: 'Clock resumed' } as const;

export function clockOf(game: Game): ClockState {
  return tableOf(game).clock ?? IDLE_CLOCK;
}

/** True while a live game's clocks are paused (an ended game's clocks are stopped, not paused). */
export function isClockPaused(game: Game): boolean {
  return game.status === 'ACTIVE' && clockOf(game).pausedAt !== null;
}

/** The instant (ms) the clocks show at `now`: `now` while they run, else when they stopped. */
function reading(game: Game, now: number): number {
  const stoppedAt = clockOf(game).pausedAt ?? (game.status === 'ACTIVE' ? null : (game.result?.endedAt ?? game.updatedAt));
  return stoppedAt === null ? now : Date.parse(stoppedAt);
}

const atLeastZero = (ms: number) => (Number.isFinite(ms) && ms > 0 ? ms : 0);

/** The game clock: from the start, less the pauses. */
export function gameClockMs(game: Game, now: number = Date.now()): number {
  return atLeastZero(reading(game, now) - Date.parse(game.startTime) - clockOf(game).pausedMs);
}

/** The turn clock: from the start of the turn in progress, less its pauses (0 once the game ended). */
export function turnClockMs(game: Game, now: number = Date.now()): number {
  return atLeastZero(reading(game, now) - Date.parse(tableOf(game).turnStartedAt) - clockOf(game).turnPausedMs);
}

/** `seat`'s chess clock: their finished turns, and the turn in progress when it is theirs. */
export function seatClockMs(game: Game, seat: number, now: number = Date.now()): number {
  const booked = clockOf(game).turnMs[String(seat)] ?? 0;
  return booked + (game.status === 'ACTIVE' && game.activeSeat === seat ? turnClockMs(game, now) : 0);
}

/**
 * Each seat's longest turn (ms) in the turn list. A turn booked in parts (a pass undone, then
 * passed again) counts as one: its parts are added up by turn number and seat.
 */
export function longestTurns(game: Game): Map<number, number> {
  const turns = new Map<string, { seat: number; ms: number }>();
  for (const entry of clockOf(game).turnLog) {
    const key = `${entry.turnNumber}:${entry.seat}`;
    turns.set(key, { seat: entry.seat, ms: (turns.get(key)?.ms ?? 0) + entry.durationMs });
  }
  const longest = new Map<number, number>();
  for (const { seat, ms } of turns.values()) longest.set(seat, Math.max(longest.get(seat) ?? 0, ms));
  return longest;
}

function logged(game: Game, clock: ClockState, action: ClockChange['action'], meta: Meta): Game {
  const at = meta.at ?? nowIso();
  const event: GameEvent = { id: meta.eventId ?? newId(), at, kind: 'status', change: { kind: 'clock', action }, text: ClockText[action === 'pause' ? 'paused' : 'resumed'] };
  return { ...withTable(game, { clock }), events: pushEvent(game.events, event), updatedAt: at };
}

/** Stops both clocks; already paused: nothing changes. The caller checks that the change is not a repeat. */
export function pauseClock(game: Game, meta: Meta = {}): Game {
  if (game.status !== 'ACTIVE') throw new GameRuleError(GameText.gameEnded);
  const clock = clockOf(game);
  if (clock.pausedAt !== null) return game;
  const at = meta.at ?? nowIso();
  return logged(game, stopClock(clock, at), 'pause', { ...meta, at });
}

/** Starts both clocks again, the pause left out of both; running already: nothing changes. */
export function resumeClock(game: Game, meta: Meta = {}): Game {
  if (game.status !== 'ACTIVE') throw new GameRuleError(GameText.gameEnded);
  const clock = clockOf(game);
  if (clock.pausedAt === null) return game;
  const at = meta.at ?? nowIso();
  return logged(game, restartClock(clock, at), 'resume', { ...meta, at });
}

export function applyClockChange(game: Game, change: ClockChange, meta: Meta = {}): Game {
  return change.action === 'pause' ? pauseClock(game, meta) : resumeClock(game, meta);
}
