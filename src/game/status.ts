/**
 * Game status (End game): a whole-game change (PUT, last writer wins) logged as a 'status'
 * event. A FINISHED game refuses counter and turn changes; ending it again is a no-op.
 */
import type { Game, GameEvent, GameStatus } from '../contract/game';
import { IDLE_CLOCK, restartClock } from './clock-state';
import { endGame } from './ending';
import { isApplied, newId, nowIso, pushEvent, type ChangeMeta } from './events';
import { tableOf, withTable } from './table';

const STATUS_TEXT = { ACTIVE: 'Game resumed' } as const;

/**
 * Sets the status and logs it; returns `game` itself when nothing changes or the event is
 * already logged. FINISHED without a result is End game with no winner recorded (ending.ts);
 * resuming clears the result and starts the clocks again, the time the game stood ended left out
 * (clocks.ts).
 */
export function setStatus(game: Game, status: GameStatus, meta: ChangeMeta & { eventId?: string } = {}): Game {
  if (status === 'FINISHED') return endGame(game, undefined, meta);
  const eventId = meta.eventId ?? newId();
  if (game.status === status || isApplied(game, eventId, meta.appliedIds)) return game;
  const at = meta.at ?? nowIso();
  const event: GameEvent = { id: eventId, at, kind: 'status', text: STATUS_TEXT.ACTIVE };
  const clock = tableOf(game).clock;
  const restarted = restartClock(clock ?? IDLE_CLOCK, at, clock?.pausedAt ?? game.result?.endedAt ?? null);
  return { ...withTable(game, { clock: restarted }), status, result: null, events: pushEvent(game.events, event), updatedAt: at };
}
