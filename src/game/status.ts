/**
 * Game status (End game): a whole-game change (PUT, last writer wins) logged as a 'status'
 * event. A FINISHED game refuses counter and turn changes; ending it again is a no-op.
 */
import type { Game, GameEvent, GameStatus } from '../contract/game';
import { endGame } from './ending';
import { isApplied, newId, nowIso, pushEvent, type ChangeMeta } from './events';

const STATUS_TEXT = { ACTIVE: 'Game resumed' } as const;

/**
 * Sets the status and logs it; returns `game` itself when nothing changes or the event is
 * already logged. FINISHED without a result is End game with no winner recorded (ending.ts);
 * resuming clears the result.
 */
export function setStatus(game: Game, status: GameStatus, meta: ChangeMeta & { eventId?: string } = {}): Game {
  if (status === 'FINISHED') return endGame(game, undefined, meta);
  const eventId = meta.eventId ?? newId();
  if (game.status === status || isApplied(game, eventId, meta.appliedIds)) return game;
  const at = meta.at ?? nowIso();
  const event: GameEvent = { id: eventId, at, kind: 'status', text: STATUS_TEXT.ACTIVE };
  return { ...game, status, result: null, events: pushEvent(game.events, event), updatedAt: at };
}
