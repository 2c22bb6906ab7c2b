/**
 * How a game was won and who took out whom, as End game proposes them from the game itself, so
 * the common ending is one tap and every detail can still be changed:
 * - a player out by the counters went out by commander damage (21 from one commander: its owner
 *   took them out), else by poison (10 or more), else by combat (life 0 or less: by the owner of
 *   the commander whose damage last lowered their life, when the log still shows it);
 * - when a player went out with only one other player still in, that player took them out;
 * - the players still standing when the winner won were taken out by the winner, the way they won;
 * - the winner won the way the last player went out; with nothing to go by, by combat (the most
 *   common way, and the button says so before anyone taps it).
 * Pure: the app proposes, the server checks what is sent with `endingProblem`.
 */
import type { Game } from '../contract/game';
import { EndingText, type Elimination, type WinMethod } from '../contract/game-ending';
import { GameTableText, type EndGameInput } from '../contract/game-table';
import { LETHAL_COMMANDER_DAMAGE, LETHAL_POISON } from '../contract/game';
import { participantAt, seatName } from './events';
import { tableOf } from './table';

/** With nothing in the game to go by, End game proposes combat. */
export const DEFAULT_WIN_METHOD: WinMethod = 'combat';

/** The choices as End game lists them. */
export const WIN_METHOD_LABEL: Record<WinMethod, string> = {
  combat: 'Combat',
  commanderDamage: 'Commander damage',
  poison: 'Poison',
  combo: 'Combo',
  alternate: 'Alternate win condition',
  concession: 'Concession',
};

/** How, in a sentence: 'Bo wins by combat', 'Ben took out Cleo with a combo'. */
export const WIN_METHOD_PHRASE: Record<WinMethod, string> = {
  combat: 'by combat',
  commanderDamage: 'by commander damage',
  poison: 'by poison',
  combo: 'with a combo',
  alternate: 'with an alternate win condition',
  concession: 'by concession',
};

/** 'Bo wins by combat'. */
export function winText(game: Game, winnerSeat: number, method: WinMethod | undefined): string {
  return `${seatName(game, winnerSeat)} wins${method ? ` ${WIN_METHOD_PHRASE[method]}` : ''}`;
}

/** 'Ben took out Cleo by commander damage', 'Dee was taken out by poison', 'Ana conceded (to Bo)'. */
export function eliminationText(game: Game, elimination: Elimination): string {
  const who = seatName(game, elimination.seat);
  const by = elimination.bySeat === null ? null : seatName(game, elimination.bySeat);
  if (elimination.how === 'concession') return by ? `${who} conceded to ${by}` : `${who} conceded`;
  return by ? `${by} took out ${who} ${WIN_METHOD_PHRASE[elimination.how]}` : `${who} was taken out ${WIN_METHOD_PHRASE[elimination.how]}`;
}

/** The owner of the commander whose damage last lowered `seat`'s life, while the log shows it; else null. */
function lastDamageSource(game: Game, seat: number): number | null {
  const undone = new Set(game.events.flatMap((event) => (event.kind === 'undo' && event.undoes ? [event.undoes] : [])));
  for (const event of game.events) {
    if (event.kind !== 'counter' || event.seat !== seat || undone.has(event.id) || !event.delta) continue;
    if (event.counter === 'commanderDamage' && event.delta > 0) return event.source && event.source.seat !== seat ? event.source.seat : null;
    if (event.counter === 'life' && event.delta < 0) return null;
  }
  return null;
}

/** How the counters put `seat` out (and by whom, when the game says), or null while they are in. */
export function outCause(game: Game, seat: number): Omit<Elimination, 'seat'> | null {
  const player = participantAt(game, seat);
  if (!player) return null;
  let lethal: { bySeat: number; amount: number } | null = null;
  for (const [key, amount] of Object.entries(player.commanderDamage)) {
    const bySeat = Number(key.split(':')[0]);
    if (amount >= LETHAL_COMMANDER_DAMAGE && bySeat !== seat && (!lethal || amount > lethal.amount)) lethal = { bySeat, amount };
  }
  if (lethal) return { how: 'commanderDamage', bySeat: lethal.bySeat };
  if (player.poisonCounters >= LETHAL_POISON) return { how: 'poison', bySeat: null };
  if (player.lifeTotal <= 0) return { how: 'combat', bySeat: lastDamageSource(game, seat) };
  return null;
}

/** The players out by the counters, first out first, each with who (if known) and how. */
function outByCounters(game: Game, winnerSeat: number | null): Elimination[] {
  const out = tableOf(game).outOrder.filter((seat) => seat !== winnerSeat && participantAt(game, seat)?.out);
  const stillIn = new Set(game.participants.map((p) => p.seatNumber));
  return out.flatMap((seat) => {
    stillIn.delete(seat);
    const cause = outCause(game, seat);
    if (!cause) return [];
    // Only one other player was still in: they did it (a concession names nobody).
    const [only, ...more] = [...stillIn];
    const bySeat = cause.bySeat ?? (only !== undefined && more.length === 0 && cause.how !== 'concession' ? only : null);
    return [{ seat, how: cause.how, bySeat }];
  });
}

/** The winner won the way the last player went out; combat with nothing to go by. */
export function proposedWinMethod(game: Game, winnerSeat: number): WinMethod {
  return outByCounters(game, winnerSeat).at(-1)?.how ?? DEFAULT_WIN_METHOD;
}

/**
 * Who took out whom, first out first, for `winnerSeat` (null: a draw) winning by `method`: the
 * players out by the counters, then (with a winner) those still standing, taken out by the
 * winner the way they won. `outOrder` puts them in that order when given.
 */
export function proposedEliminations(game: Game, winnerSeat: number | null, method?: WinMethod, outOrder?: readonly number[]): Elimination[] {
  const byCounters = outByCounters(game, winnerSeat);
  const standing =
    winnerSeat === null
      ? []
      : game.participants
          .map((p) => p.seatNumber)
          .filter((seat) => seat !== winnerSeat && !byCounters.some((e) => e.seat === seat))
          .map((seat): Elimination => ({ seat, bySeat: winnerSeat, how: method ?? proposedWinMethod(game, winnerSeat) }));
  const all = [...byCounters, ...standing];
  if (!outOrder) return all;
  return outOrder.flatMap((seat) => all.filter((e) => e.seat === seat));
}

/** Why the details of `input` do not fit `game` (seats, turn), or null. The contract checks the rest. */
export function endingProblem(game: Game, input: EndGameInput): string | null {
  for (const elimination of input.eliminations ?? []) {
    if (!participantAt(game, elimination.seat)) return GameTableText.noSuchPlayer;
    if (elimination.bySeat !== null && !participantAt(game, elimination.bySeat)) return GameTableText.noSuchPlayer;
    if (elimination.seat === input.winnerSeat) return EndingText.winnerEliminated;
  }
  if (input.winMethod !== undefined && input.winnerSeat === null) return EndingText.winMethodNeedsWinner;
  if (input.onTurn !== undefined && input.onTurn > game.turnNumber) return EndingText.turnAfterCurrent(game.turnNumber);
  return null;
}
