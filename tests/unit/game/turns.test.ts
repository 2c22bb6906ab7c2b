import { describe, expect, it } from 'vitest';
import type { Game } from '../../../src/contract/game';
import { applyIncrement, GameRuleError } from '../../../src/game/counters';
import { applyTurnChange, chooseFirstPlayer, nextActiveSeat, nextTurn, passTurn } from '../../../src/game/turns';
import { fourPlayerGame, inc, uid } from './helpers';

const AT = '2025-05-01T18:10:00.000Z';

function knockOut(game: Game, ...seats: number[]): Game {
  return seats.reduce((g, seat) => applyIncrement(g, inc(seat, 'poison', 10)), game);
}

describe('passTurn', () => {
  it('moves to the next seat, counts the turn and logs it', () => {
    const game = fourPlayerGame();
    const next = passTurn(game, { eventId: uid(50), at: AT });
    expect(next).toMatchObject({ activeSeat: 1, turnNumber: 2, updatedAt: AT });
    expect(next.events).toEqual([
      { id: uid(50), at: AT, kind: 'turn', seat: 1, fromSeat: 0, turnNumber: 2, text: 'Turn passed to Bo' },
    ]);
    expect(game).toMatchObject({ activeSeat: 0, turnNumber: 1 });
  });

  it('wraps from the last seat to the first', () => {
    let game = fourPlayerGame();
    for (let i = 0; i < 4; i += 1) game = passTurn(game);
    expect(game).toMatchObject({ activeSeat: 0, turnNumber: 5 });
    expect(game.events.map((e) => e.text)).toEqual([
      'Turn passed to Ana',
      'Turn passed to Dee',
      'Turn passed to Cy',
      'Turn passed to Bo',
    ]);
  });

  it('skips players who are out, also across the wrap', () => {
    const game = knockOut(fourPlayerGame(), 1);
    expect(passTurn(game).activeSeat).toBe(2);
    expect(passTurn(knockOut(game, 2)).activeSeat).toBe(3);
    const lastSeatActive = knockOut({ ...fourPlayerGame(), activeSeat: 3 }, 0);
    expect(passTurn(lastSeatActive).activeSeat).toBe(1);
  });

  it('moves on from an active player who just went out', () => {
    const game = knockOut(fourPlayerGame(), 0);
    expect(nextActiveSeat(game)).toBe(1);
  });

  it('keeps the turn with the last player standing, still counting turns', () => {
    const game = passTurn(knockOut(fourPlayerGame(), 1, 2, 3));
    expect(game).toMatchObject({ activeSeat: 0, turnNumber: 2 });
    expect(game.events[0]).toMatchObject({ kind: 'turn', seat: 0, fromSeat: 0, text: 'Ana takes another turn' });
  });
});

describe('applyTurnChange', () => {
  it('applies a turn change once, however often it is replayed', () => {
    const game = fourPlayerGame();
    const change = nextTurn(game, uid(60));
    expect(change).toEqual({ eventId: uid(60), activeSeat: 1, turnNumber: 2 });
    const once = applyTurnChange(game, change);
    expect(applyTurnChange(once, change)).toBe(once);
    expect(applyTurnChange(game, change, { appliedIds: new Set([uid(60)]) })).toBe(game);
  });

  it('refuses changes to a finished game or to an empty seat', () => {
    const game = fourPlayerGame();
    expect(() => applyTurnChange({ ...game, status: 'FINISHED' }, nextTurn(game))).toThrow(GameRuleError);
    expect(() => applyTurnChange(game, { eventId: uid(61), activeSeat: 5, turnNumber: 2 })).toThrow(
      'There is no player in seat 6.',
    );
  });
});

describe('chooseFirstPlayer', () => {
  const seats = [0, 1, 2, 3];
  it('maps the random draw onto the seats', () => {
    expect(chooseFirstPlayer(seats, () => 0)).toBe(0);
    expect(chooseFirstPlayer(seats, () => 0.5)).toBe(2);
    expect(chooseFirstPlayer(seats, () => 0.999)).toBe(3);
    expect(chooseFirstPlayer([4, 6], () => 0.7)).toBe(6);
  });

  it('tolerates a generator that returns 1 and refuses an empty table', () => {
    expect(chooseFirstPlayer(seats, () => 1)).toBe(3);
    expect(() => chooseFirstPlayer([], () => 0)).toThrow(RangeError);
  });
});
