/** The "thanks for the game" summary and the clocks, from the game record alone. */
import { describe, expect, it } from 'vitest';
import { applyIncrement } from '../../../src/game/counters';
import { endGame } from '../../../src/game/ending';
import { formatClock, formatDuration, gameSummary } from '../../../src/game/summary';
import { passTurn } from '../../../src/game/turns';
import { fourPlayerGame, inc, T0 } from './helpers';

const minutes = (n: number) => new Date(Date.parse(T0) + n * 60_000).toISOString();

function playedGame() {
  let game = fourPlayerGame();
  // Turn 1: Cy hits Dee with Kenrith for 9; Bo's Tymna and Thrasios hit Ana for 4 and 5.
  game = applyIncrement(game, inc(3, 'commanderDamage', 9, { source: { seat: 2, which: 'commander' } }));
  game = applyIncrement(game, inc(0, 'commanderDamage', 4, { source: { seat: 1, which: 'commander' } }));
  game = applyIncrement(game, inc(0, 'commanderDamage', 5, { source: { seat: 1, which: 'partner' } }));
  game = passTurn(game, { at: minutes(10) });
  // Turn 2: Dee loses 31 at once and is out first; then Ana by poison.
  game = applyIncrement(game, inc(3, 'life', -31));
  game = applyIncrement(game, inc(0, 'poison', 10));
  return game;
}

describe('gameSummary', () => {
  it('winner, duration, turns, biggest swing, most commander damage, first out, and everyone in finishing order', () => {
    const ended = endGame(playedGame(), { winnerSeat: 2 }, { at: minutes(83) });
    const summary = gameSummary(ended);
    expect(summary.winner?.displayName).toBe('Cy');
    expect(summary.draw).toBe(false);
    expect(summary.durationMs).toBe(83 * 60_000);
    expect(formatDuration(summary.durationMs)).toBe('1 h 23 min');
    expect(summary.turns).toBe(2);
    expect(summary.biggestSwing).toMatchObject({ player: { displayName: 'Dee' }, from: 31, to: 0, turnNumber: 2 });
    // Bo's pair dealt 9 in all, as much as Kenrith: the earlier seat is named.
    expect(summary.mostCommanderDamage).toMatchObject({ player: { displayName: 'Bo' }, amount: 9 });
    expect(summary.firstOut?.displayName).toBe('Dee');
    expect(summary.lines.map((line) => [line.player.displayName, line.place, line.player.commanderName])).toEqual([
      ['Cy', 1, 'Kenrith'],
      ['Bo', 2, 'Tymna'],
      ['Ana', 3, 'Atraxa'],
      ['Dee', 4, 'Edgar Markov'],
    ]);
  });

  it('a draw has no places; a game in play runs its clock to now', () => {
    const draw = gameSummary(endGame(playedGame(), { winnerSeat: null }, { at: minutes(30) }));
    expect(draw).toMatchObject({ winner: null, draw: true, firstOut: { displayName: 'Dee' } });
    expect(draw.lines.every((line) => line.place === null)).toBe(true);

    const live = gameSummary(playedGame(), Date.parse(minutes(12)));
    expect(live).toMatchObject({ winner: null, draw: false, durationMs: 12 * 60_000, firstOut: null });
    expect(gameSummary(fourPlayerGame()).biggestSwing).toBeNull();
    expect(gameSummary(fourPlayerGame()).mostCommanderDamage).toBeNull();
  });
});

describe('clocks', () => {
  it('read like clocks', () => {
    expect([formatClock(0), formatClock(61_000), formatClock(3_723_000), formatClock(-5)]).toEqual(['0:00', '1:01', '1:02:03', '0:00']);
    expect([formatDuration(29_000), formatDuration(42 * 60_000), formatDuration(60 * 60_000)]).toEqual(['0 min', '42 min', '1 h 00 min']);
  });
});
