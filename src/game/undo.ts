/**
 * Undo on the playmat: the latest counter or turn event that is not yet undone is reversed by a
 * NEW change — an increment with the opposite applied delta, or a turn change back — so an undo
 * syncs like any other change (it adds up across devices) and is itself logged.
 * Limits: only events still in the 25-entry log can be undone; undo events are not undone (no
 * redo); an event can be undone once, whichever device does it (`undoes` is checked on apply).
 */
import type { Game, GameEvent, GameIncrement } from '../contract/game';
import { newId } from './events';
import type { TurnChange } from './turns';

export type UndoStep =
  | { kind: 'increment'; undoes: GameEvent; increment: GameIncrement }
  | { kind: 'turn'; undoes: GameEvent; change: TurnChange };

function undoable(event: GameEvent, undone: ReadonlySet<string>): boolean {
  if (undone.has(event.id)) return false;
  // A clamped change that moved nothing has nothing to reverse.
  if (event.kind === 'counter') return event.counter !== undefined && event.seat !== undefined && !!event.delta;
  if (event.kind === 'turn') return event.seat !== undefined && event.fromSeat !== undefined && event.turnNumber !== undefined;
  return false;
}

/** The event Undo would reverse, or null. */
export function undoTarget(game: Game): GameEvent | null {
  if (game.status !== 'ACTIVE') return null;
  const undone = new Set(game.events.flatMap((event) => (event.kind === 'undo' && event.undoes ? [event.undoes] : [])));
  return game.events.find((event) => undoable(event, undone)) ?? null;
}

/**
 * The change that reverses the latest counter or turn event, or null when there is nothing to
 * undo. Apply it with `applyIncrement` / `applyTurnChange` and queue it like any other change.
 */
export function undoLast(game: Game, id: string = newId()): UndoStep | null {
  const target = undoTarget(game);
  if (!target) return null;
  if (target.kind === 'turn') {
    return {
      kind: 'turn',
      undoes: target,
      change: { eventId: id, activeSeat: target.fromSeat!, turnNumber: Math.max(1, target.turnNumber! - 1), undoes: target.id },
    };
  }
  const increment: GameIncrement = {
    id,
    seat: target.seat!,
    counter: target.counter!,
    delta: -target.delta!,
    undoes: target.id,
  };
  if (target.source) increment.source = { ...target.source };
  return { kind: 'increment', undoes: target, increment };
}
