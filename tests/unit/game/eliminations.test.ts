/** How a game was won and who took out whom: what End game proposes, what it stores, and what it refuses. */
import { describe, expect, it } from 'vitest';
import { updateGameBody, type Game } from '../../../src/contract/game';
import { endGameInput } from '../../../src/contract/game-table';
import { applyIncrement } from '../../../src/game/counters';
import { eliminationText, outCause, proposedEliminations, proposedWinMethod } from '../../../src/game/eliminations';
import { endGame, proposedEnding, resultProblem } from '../../../src/game/ending';
import { outcomeText } from '../../../src/game/history';
import { gameSummary } from '../../../src/game/summary';
import { passTurn } from '../../../src/game/turns';
import { undoLast } from '../../../src/game/undo';
import { applyGameUpdate } from '../../../src/game/update';
import { fourPlayerGame, inc, uid } from './helpers';

const AT = '2025-05-01T19:30:00.000Z';
const firstMessage = (input: unknown) => endGameInput.safeParse(input).error?.issues[0]?.message;

/** Turn 3. Dee out first (Ana's poison), then Ana (21 from Bo's Tymna), then Cy (life, Bo's Thrasios last): Bo is last standing. */
function bosGame(): Game {
  let game = passTurn(passTurn(fourPlayerGame()));
  game = applyIncrement(game, inc(3, 'poison', 10));
  game = applyIncrement(game, inc(0, 'commanderDamage', 21, { source: { seat: 1, which: 'commander' } }));
  game = applyIncrement(game, inc(2, 'life', -30));
  game = applyIncrement(game, inc(2, 'commanderDamage', 10, { source: { seat: 1, which: 'partner' } }));
  return game;
}

describe('what End game proposes', () => {
  it('reads how each player went out, and who did it where the game says', () => {
    const game = bosGame();
    expect([outCause(game, 3), outCause(game, 0), outCause(game, 2), outCause(game, 1)]).toEqual([
      { how: 'poison', bySeat: null },
      { how: 'commanderDamage', bySeat: 1 },
      { how: 'combat', bySeat: 1 },
      null,
    ]);
    // Life lowered last by a plain life change: nobody known.
    const plain = applyIncrement(applyIncrement(fourPlayerGame(), inc(2, 'commanderDamage', 5, { source: { seat: 0, which: 'commander' } })), inc(2, 'life', -40));
    expect(outCause(plain, 2)).toEqual({ how: 'combat', bySeat: null });
  });

  it('the last one standing wins the way the last player went out, and one tap sends everything', () => {
    const game = bosGame();
    expect(proposedWinMethod(game, 1)).toBe('combat');
    expect(proposedEnding(game, 1)).toEqual({
      winnerSeat: 1,
      outOrder: [3, 0, 2],
      winMethod: 'combat',
      onTurn: 3,
      eliminations: [
        { seat: 3, bySeat: null, how: 'poison' },
        { seat: 0, bySeat: 1, how: 'commanderDamage' },
        { seat: 2, bySeat: 1, how: 'combat' },
      ],
    });
    const ended = endGame(game, proposedEnding(game, 1), { at: AT, eventId: uid(900) });
    expect(ended.events[0]).toMatchObject({ id: uid(900), kind: 'status', seat: 1, text: 'Game over: Bo wins by combat' });
    expect(ended.result).toEqual({ ...proposedEnding(game, 1), draw: false, endedAt: AT });
    expect(outcomeText(ended)).toBe('Bo won by combat');
  });

  it('21 commander damage from Bo as the last blow: Bo took out the player by commander damage, and won so', () => {
    let game = applyIncrement(fourPlayerGame(), inc(0, 'life', -40));
    game = applyIncrement(game, inc(3, 'life', -40));
    game = applyIncrement(game, inc(2, 'commanderDamage', 21, { source: { seat: 1, which: 'commander' } }));
    expect(proposedWinMethod(game, 1)).toBe('commanderDamage');
    const { eliminations } = proposedEnding(game, 1);
    expect(eliminations!.map((e) => eliminationText(game, e))).toEqual(['Ana was taken out by combat', 'Dee was taken out by combat', 'Bo took out Cy by commander damage']);
  });

  it('players still standing were taken out by the winner, the way they won; a draw names only those out', () => {
    const game = applyIncrement(fourPlayerGame(), inc(3, 'poison', 12));
    expect(proposedWinMethod(game, 0)).toBe('poison');
    expect(proposedEliminations(fourPlayerGame(), 2)).toEqual([
      { seat: 0, bySeat: 2, how: 'combat' },
      { seat: 1, bySeat: 2, how: 'combat' },
      { seat: 3, bySeat: 2, how: 'combat' },
    ]);
    expect(proposedEliminations(fourPlayerGame(), 2, 'combo').map((e) => e.how)).toEqual(['combo', 'combo', 'combo']);
    // Dee was out with three others still in: who did it is not known.
    expect(proposedEliminations(game, null)).toEqual([{ seat: 3, bySeat: null, how: 'poison' }]);
    expect(proposedEnding(game, null)).not.toHaveProperty('winMethod');
  });

  it('an undone blow is not the last one', () => {
    let game = applyIncrement(fourPlayerGame(), inc(2, 'commanderDamage', 8, { source: { seat: 0, which: 'commander' } }));
    game = applyIncrement(game, inc(2, 'commanderDamage', 4, { source: { seat: 3, which: 'commander' } }));
    const step = undoLast(game, uid(901))!;
    game = applyIncrement(game, (step as Extract<typeof step, { kind: 'increment' }>).increment);
    game = applyIncrement(game, inc(2, 'life', -32));
    expect(outCause(game, 2)).toEqual({ how: 'combat', bySeat: null });
    game = applyIncrement(game, inc(2, 'life', 5));
    game = applyIncrement(game, inc(2, 'commanderDamage', 5, { source: { seat: 0, which: 'commander' } }));
    expect(outCause(game, 2)).toEqual({ how: 'combat', bySeat: 0 });
  });
});

describe('what End game accepts', () => {
  it('the contract: a known method, only with a winner, each player taken out once, never the winner nor by themselves', () => {
    expect(firstMessage({ winnerSeat: 1, winMethod: 'combat', onTurn: 3, eliminations: [{ seat: 0, bySeat: 1, how: 'poison' }] })).toBeUndefined();
    expect(endGameInput.safeParse({ winnerSeat: 1, winMethod: 'magic' }).success).toBe(false);
    expect(firstMessage({ winnerSeat: null, winMethod: 'combat' })).toBe('Only a game with a winner has a way it was won.');
    expect(firstMessage({ winnerSeat: 1, eliminations: [{ seat: 1, bySeat: null, how: 'combat' }] })).toBe('The winner cannot be among the players taken out.');
    expect(firstMessage({ winnerSeat: 1, eliminations: [{ seat: 0, bySeat: null, how: 'combat' }, { seat: 0, bySeat: 2, how: 'combo' }] })).toBe('Each player is taken out once.');
    expect(firstMessage({ winnerSeat: 1, eliminations: [{ seat: 0, bySeat: 0, how: 'combat' }] })).toBe('A player is not taken out by themselves: leave who did it empty.');
    expect(endGameInput.safeParse({ winnerSeat: 1, onTurn: 0 }).success).toBe(false);
    // An older app's End game still reads.
    expect(endGameInput.safeParse({ winnerSeat: 1 }).success).toBe(true);
  });

  it('the game: seats that play in it, and no turn after the one in progress', () => {
    const game = fourPlayerGame();
    expect(resultProblem(game, { winnerSeat: 1, eliminations: [{ seat: 6, bySeat: null, how: 'combat' }] })).toBe('There is no such player in this game.');
    expect(resultProblem(game, { winnerSeat: 1, eliminations: [{ seat: 0, bySeat: 5, how: 'combat' }] })).toBe('There is no such player in this game.');
    expect(resultProblem(game, { winnerSeat: 1, onTurn: 2 })).toBe('The game is on turn 1: it cannot have ended on a later turn.');
    const body = updateGameBody.parse({ eventId: uid(902), status: 'FINISHED', result: { winnerSeat: 1, winMethod: 'combo', onTurn: 2 } });
    expect(() => applyGameUpdate(game, body)).toThrow('The game is on turn 1: it cannot have ended on a later turn.');
  });

  it('stores the details given, the turn defaulting to the one in progress; without any, the result is as before', () => {
    const game = passTurn(fourPlayerGame());
    const ended = endGame(game, { winnerSeat: 3, winMethod: 'alternate', eliminations: [{ seat: 0, bySeat: 3, how: 'alternate' }] }, { at: AT });
    expect(ended.result).toEqual({ winnerSeat: 3, draw: false, outOrder: [0, 1, 2], endedAt: AT, winMethod: 'alternate', onTurn: 2, eliminations: [{ seat: 0, bySeat: 3, how: 'alternate' }] });
    const summary = gameSummary(ended);
    expect([summary.winMethod, summary.onTurn, summary.eliminations.map((e) => eliminationText(ended, e))]).toEqual(['alternate', 2, ['Dee took out Ana with an alternate win condition']]);
    expect(endGame(game, { winnerSeat: 3 }, { at: AT }).result).toEqual({ winnerSeat: 3, draw: false, outOrder: [0, 1, 2], endedAt: AT });
    expect(eliminationText(ended, { seat: 2, bySeat: null, how: 'concession' })).toBe('Cy conceded');
  });
});
