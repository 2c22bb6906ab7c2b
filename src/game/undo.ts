/**
 * Undo: a counter or turn event that is not yet undone is reversed by a NEW change — an
 * increment with the opposite applied delta, or a turn change back — so an undo syncs like any
 * other change (it adds up across devices, goes through the outbox offline) and is itself logged
 * ("Undo: Ben −7").
 * - The game bar's Undo reverses the latest such event of `game.events` (`undoLast`).
 * - The whole story (docs/playmat.md) offers Undo on any entry `undoableIds` names: every
 *   counter change that moved something, and a turn pass only while it is the latest turn event
 *   not undone (undoing an older pass would rewind the turns played since).
 * Limits: markers, rolls, custom counters and status changes are not undone this way (the
 * tools sheet sets them again); undo entries are not undone (no redo); an entry is undone once,
 * whichever device does it — the device checks the entries it holds, the server its whole story
 * (server/games/story.ts), so a second undo from another phone, of an entry however old,
 * changes nothing.
 */
import type { Game, GameEvent, GameIncrement } from '../contract/game';
import { newId } from './events';
import type { TurnChange } from './turns';

export type UndoStep =
  | { kind: 'increment'; undoes: GameEvent; increment: GameIncrement }
  | { kind: 'turn'; undoes: GameEvent; change: TurnChange };

/** The ids of the events that undo entries among `events` reversed. */
function undoneIds(events: readonly GameEvent[]): Set<string> {
  return new Set(events.flatMap((event) => (event.kind === 'undo' && event.undoes ? [event.undoes] : [])));
}

function counterUndoable(event: GameEvent): boolean {
  // A clamped change that moved nothing has nothing to reverse.
  return event.kind === 'counter' && event.counter !== undefined && event.seat !== undefined && !!event.delta;
}

function turnUndoable(event: GameEvent): boolean {
  return event.kind === 'turn' && event.seat !== undefined && event.fromSeat !== undefined && event.turnNumber !== undefined;
}

function undoable(event: GameEvent, undone: ReadonlySet<string>): boolean {
  return !undone.has(event.id) && (counterUndoable(event) || turnUndoable(event));
}

/** The event Undo would reverse, or null. */
export function undoTarget(game: Game): GameEvent | null {
  if (game.status !== 'ACTIVE') return null;
  const undone = undoneIds(game.events);
  return game.events.find((event) => undoable(event, undone)) ?? null;
}

/**
 * The entries of a story (newest first, as far back as the device holds it) that may be undone
 * one by one: counter changes not undone yet, and the latest turn pass not undone. None once the
 * game has ended.
 */
export function undoableIds(game: Pick<Game, 'status'>, entries: readonly GameEvent[]): Set<string> {
  const ids = new Set<string>();
  if (game.status !== 'ACTIVE') return ids;
  const undone = undoneIds(entries);
  const latestTurn = entries.find((event) => event.kind === 'turn' && !undone.has(event.id));
  for (const event of entries) {
    if (undone.has(event.id)) continue;
    if (counterUndoable(event) || (event === latestTurn && turnUndoable(event))) ids.add(event.id);
  }
  return ids;
}

/** The change that reverses `target` (a counter or turn event), under the new change id `id`. */
export function undoStep(target: GameEvent, id: string = newId()): UndoStep | null {
  if (turnUndoable(target)) {
    return {
      kind: 'turn',
      undoes: target,
      change: { eventId: id, activeSeat: target.fromSeat!, turnNumber: Math.max(1, target.turnNumber! - 1), undoes: target.id },
    };
  }
  if (!counterUndoable(target)) return null;
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

/**
 * The change that reverses the latest counter or turn event, or null when there is nothing to
 * undo. Apply it with `applyIncrement` / `applyTurnChange` and queue it like any other change.
 */
export function undoLast(game: Game, id: string = newId()): UndoStep | null {
  const target = undoTarget(game);
  return target ? undoStep(target, id) : null;
}
