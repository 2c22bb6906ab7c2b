/**
 * Turn order (the spec's states and transitions): seat order is turn order; Pass turn moves to the next seat that is
 * not out, wrapping around. A turn change is a whole-game write (PUT, last writer wins) carrying
 * its event id, so a replayed PUT logs nothing twice.
 */
import { GameText, type Game, type GameEvent } from '../contract/game';
import { GameRuleError } from './counters';
import { isApplied, isUndone, newId, nowIso, participantAt, pushEvent, seatName, type ChangeMeta } from './events';
import { lifeAfterPass, lifeAfterUndo } from './life-series';
import { closeTurn, withTable } from './table';

/** What PUT /api/games/{id} sends for a pass (or its undo); a subset of UpdateGameBody. */
export interface TurnChange {
  eventId: string;
  activeSeat: number;
  turnNumber: number;
  /** Set when this change reverses turn event `undoes`. */
  undoes?: string;
}

/**
 * The seat after `game.activeSeat` in seat order that is not out, wrapping. When every other
 * player is out the turn stays with the active player (who may be the last one standing).
 */
export function nextActiveSeat(game: Game): number {
  const order = game.participants.map((p) => p.seatNumber).sort((a, b) => a - b);
  const current = order.indexOf(game.activeSeat);
  // An active seat that is no participant (should not happen) counts as sitting before seat order[0].
  const start = current === -1 ? -1 : current;
  const others = current === -1 ? order.length : order.length - 1;
  for (let step = 1; step <= others; step += 1) {
    const seat = order[(start + step) % order.length]!;
    if (!participantAt(game, seat)?.out) return seat;
  }
  return game.activeSeat;
}

/** The change Pass turn makes: next seat, turn number + 1. */
export function nextTurn(game: Game, eventId: string = newId()): TurnChange {
  return { eventId, activeSeat: nextActiveSeat(game), turnNumber: game.turnNumber + 1 };
}

/** Applies a turn change and logs it; a no-op when its event is already logged. */
export function applyTurnChange(game: Game, change: TurnChange, meta: ChangeMeta = {}): Game {
  if (isApplied(game, change.eventId, meta.appliedIds)) return game;
  if (change.undoes !== undefined && isUndone(game, change.undoes)) return game;
  if (game.status !== 'ACTIVE') throw new GameRuleError(GameText.gameEnded);
  if (!participantAt(game, change.activeSeat)) throw new GameRuleError(`There is no player in seat ${change.activeSeat + 1}.`);
  if (!Number.isInteger(change.turnNumber) || change.turnNumber < 1) throw new GameRuleError('Turn numbers start at 1.');

  const name = seatName(game, change.activeSeat);
  const at = meta.at ?? nowIso();
  const event: GameEvent = {
    id: change.eventId,
    at,
    kind: change.undoes !== undefined ? 'undo' : 'turn',
    seat: change.activeSeat,
    fromSeat: game.activeSeat,
    turnNumber: change.turnNumber,
    text:
      change.undoes !== undefined
        ? `Undo: turn back to ${name}`
        : change.activeSeat === game.activeSeat
          ? `${name} takes another turn`
          : `Turn passed to ${name}`,
  };
  if (change.undoes !== undefined) event.undoes = change.undoes;
  // The turn that ends is weighed for the biggest life swing (under its own number), its time is
  // booked, and the turn clock restarts. Undoing a pass books the time since it to the turn it goes back to.
  const owner = change.undoes !== undefined ? { seat: change.activeSeat, turnNumber: change.turnNumber } : undefined;
  // The life series gains the new turn's start; undoing a pass takes its point back (life-series.ts).
  const lifeByTurn = change.undoes !== undefined ? lifeAfterUndo(game, change.turnNumber) : lifeAfterPass(game, change.turnNumber);
  const closed = closeTurn(game, at, owner);
  return {
    ...(lifeByTurn ? withTable(closed, { lifeByTurn }) : closed),
    activeSeat: change.activeSeat,
    turnNumber: change.turnNumber,
    events: pushEvent(game.events, event),
    updatedAt: at,
  };
}

/** Pass turn: `applyTurnChange(game, nextTurn(game))`. Send the same change with `nextTurn` when syncing. */
export function passTurn(game: Game, meta: ChangeMeta & { eventId?: string } = {}): Game {
  return applyTurnChange(game, nextTurn(game, meta.eventId ?? newId()), meta);
}

/**
 * Picks the first player at random among `seats`. `random` returns [0, 1) like Math.random;
 * inject a seeded one in tests.
 */
export function chooseFirstPlayer(seats: readonly number[], random: () => number = Math.random): number {
  if (seats.length === 0) throw new RangeError('There is no seat to choose from.');
  const index = Math.min(seats.length - 1, Math.floor(random() * seats.length));
  return seats[Math.max(0, index)]!;
}
