/**
 * The end of a game. End game records the winner (or a draw), the order players went out and,
 * when given, how the winner won, on which turn and who took out whom (eliminations.ts); it
 * closes the last turn (for the biggest life swing and the turn times), books everyone's final
 * life in the life series (life-series.ts), stops the clocks and stamps the end time; the game
 * then takes no more changes. When one player is left standing the app proposes them as the
 * winner with everything else (`lastStanding`, `proposedEnding`): one tap ends it. An End game without a result (an older app) still ends the game, with no
 * winner recorded. Resuming clears the result (status.ts).
 */
import type { Game, GameEvent, GameParticipant } from '../contract/game';
import { GameTableText, type EndGameInput, type GameResult } from '../contract/game-table';
import { IDLE_CLOCK, stopClock } from './clock-state';
import { GameRuleError } from './counters';
import { endingProblem, proposedEliminations, proposedWinMethod, winText } from './eliminations';
import { isApplied, newId, nowIso, participantAt, pushEvent, type ChangeMeta } from './events';
import { lifeAtEnd } from './life-series';
import { closeTurn, tableOf, withTable } from './table';

/** The one player not out when every other player is out; null otherwise. */
export function lastStanding(game: Game): GameParticipant | null {
  const standing = game.participants.filter((p) => !p.out);
  return game.participants.length >= 2 && standing.length === 1 ? standing[0]! : null;
}

/**
 * Every seat but the winner's, first out first: the order tracked in play, then the players
 * still standing (who lasted longest) in seat order.
 */
export function proposedOutOrder(game: Game, winnerSeat: number | null): number[] {
  const tracked = tableOf(game).outOrder.filter((seat) => seat !== winnerSeat && participantAt(game, seat));
  const standing = game.participants.map((p) => p.seatNumber).filter((seat) => seat !== winnerSeat && !tracked.includes(seat));
  return [...tracked, ...standing];
}

/**
 * Everything End game proposes for `winnerSeat` (null: a draw): the out order, how they won, the
 * turn in progress and who took out whom. The last-standing proposal sends it as it is.
 */
export function proposedEnding(game: Game, winnerSeat: number | null): EndGameInput {
  const outOrder = proposedOutOrder(game, winnerSeat);
  const winMethod = winnerSeat === null ? undefined : proposedWinMethod(game, winnerSeat);
  const input: EndGameInput = { winnerSeat, outOrder, onTurn: game.turnNumber, eliminations: proposedEliminations(game, winnerSeat, winMethod, outOrder) };
  if (winMethod) input.winMethod = winMethod;
  return input;
}

/** Why `input` cannot end `game`, or null. */
export function resultProblem(game: Game, input: EndGameInput): string | null {
  if (input.winnerSeat !== null && !participantAt(game, input.winnerSeat)) return GameTableText.winnerNotPlaying;
  if (input.outOrder) {
    const expected = game.participants.map((p) => p.seatNumber).filter((seat) => seat !== input.winnerSeat);
    const given = [...input.outOrder].sort((a, b) => a - b);
    if (given.length !== expected.length || given.some((seat, i) => seat !== expected[i])) return GameTableText.outOrderInvalid;
  }
  return endingProblem(game, input);
}

function resultText(game: Game, result: GameResult): string {
  if (result.winnerSeat !== null) return `Game over: ${winText(game, result.winnerSeat, result.winMethod)}`;
  return result.draw ? 'Game over: a draw' : 'Game ended';
}

/** The result's details as given; the turn defaults to the one in progress once any detail is given. */
function details(game: Game, input: EndGameInput | undefined): Partial<GameResult> {
  if (!input || (input.winMethod === undefined && input.onTurn === undefined && input.eliminations === undefined)) return {};
  const out: Partial<GameResult> = { onTurn: input.onTurn ?? game.turnNumber };
  if (input.winMethod !== undefined && input.winnerSeat !== null) out.winMethod = input.winMethod;
  if (input.eliminations) out.eliminations = input.eliminations.map((e) => ({ ...e }));
  return out;
}

/**
 * Ends the game with `input` (undefined: no result recorded). A no-op when the game has ended
 * already or the event is logged; throws GameRuleError for a result that does not fit the game.
 */
export function endGame(game: Game, input: EndGameInput | undefined, meta: ChangeMeta & { eventId?: string } = {}): Game {
  const eventId = meta.eventId ?? newId();
  if (game.status === 'FINISHED' || isApplied(game, eventId, meta.appliedIds)) return game;
  const problem = input ? resultProblem(game, input) : null;
  if (problem) throw new GameRuleError(problem);
  const at = meta.at ?? nowIso();
  const winnerSeat = input?.winnerSeat ?? null;
  const result: GameResult = {
    winnerSeat,
    draw: input !== undefined && winnerSeat === null,
    outOrder: input?.outOrder ? [...input.outOrder] : proposedOutOrder(game, winnerSeat),
    endedAt: at,
    ...details(game, input),
  };
  const event: GameEvent = { id: eventId, at, kind: 'status', text: resultText(game, result) };
  if (winnerSeat !== null) event.seat = winnerSeat;
  const closed = closeTurn(game, at);
  const stopped = withTable(closed, { clock: stopClock(tableOf(closed).clock ?? IDLE_CLOCK, at), lifeByTurn: lifeAtEnd(game) });
  return { ...stopped, status: 'FINISHED', result, events: pushEvent(game.events, event), updatedAt: at };
}
