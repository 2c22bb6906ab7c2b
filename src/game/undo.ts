/**
 * Undo: an entry that changed the table and is not yet undone is reversed by a NEW change — an
 * increment with the opposite applied delta, a turn change back, or a whole-game change that
 * carries the entry's record (`undo`, table-undo.ts) — so an undo syncs like any other change
 * (it goes through the outbox offline) and is itself logged ("Undo: Ben −7", "Undo: Ana became
 * the monarch").
 * - The game bar's Undo reverses the latest counter or turn event of `game.events` (`undoLast`).
 * - The whole story (docs/playmat.md) offers Undo on any entry `undoableIds` names: every
 *   counter change that moved something; a turn pass only while it is the latest turn event not
 *   undone (undoing an older pass would rewind the turns played since); a marker, custom counter
 *   or clock entry with its record while its undo would still change the table
 *   (`tableUndoApplies`: a monarch still the one it made, a counter created still at 0, …).
 * Not undone: rolls (a record of what the dice said, not a state), End game and Resume (each is
 * the other's way back), entries logged before they carried what they replaced, and undo
 * entries (no redo). An entry is undone once, whichever device does it — the device checks the
 * entries it holds, the server its whole story (server/games/story.ts), so a second undo from
 * another phone, of an entry however old, changes nothing.
 */
import type { Game, GameEvent, GameIncrement, UpdateGameBody } from '../contract/game';
import { newId } from './events';
import { tableUndoApplies } from './table-undo';
import type { TurnChange } from './turns';

export type UndoStep =
  | { kind: 'increment'; undoes: GameEvent; increment: GameIncrement }
  | { kind: 'turn'; undoes: GameEvent; change: TurnChange }
  | { kind: 'table'; undoes: GameEvent; update: UpdateGameBody };

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
export function undoableIds(game: Game, entries: readonly GameEvent[]): Set<string> {
  const ids = new Set<string>();
  if (game.status !== 'ACTIVE') return ids;
  const undone = undoneIds([...game.events, ...entries]);
  const latestTurn = entries.find((event) => event.kind === 'turn' && !undone.has(event.id));
  for (const event of entries) {
    if (undone.has(event.id)) continue;
    if (counterUndoable(event) || (event === latestTurn && turnUndoable(event)) || tableUndoable(game, event)) ids.add(event.id);
  }
  return ids;
}

function tableUndoable(game: Game, event: GameEvent): boolean {
  return (event.kind === 'marker' || event.kind === 'status') && event.change !== undefined && tableUndoApplies(game, event.change);
}

/** The change that reverses `target` (a counter, turn, marker, custom counter or clock event), under the new change id `id`. */
export function undoStep(target: GameEvent, id: string = newId()): UndoStep | null {
  if ((target.kind === 'marker' || target.kind === 'status') && target.change) {
    return { kind: 'table', undoes: target, update: { eventId: id, undoes: target.id, undo: target.change } };
  }
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
export function undoLast(game: Game, id: string = newId()): Exclude<UndoStep, { kind: 'table' }> | null {
  const target = undoTarget(game);
  const step = target ? undoStep(target, id) : null;
  return step?.kind === 'table' ? null : step;
}
