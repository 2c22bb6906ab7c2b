/** A game's length in stats is the game clock the summary shows: the pauses are left out. */
import { describe, expect, it } from 'vitest';
import { pauseClock, resumeClock } from '../../../src/game/clocks';
import { endGame } from '../../../src/game/ending';
import { gameSummary } from '../../../src/game/summary';
import { formatDuration, outcomesFor, personalStats } from '../../../src/stats';
import { fourPlayerGame, T0 } from '../game/helpers';

const min = (n: number) => new Date(Date.parse(T0) + n * 60_000).toISOString();

describe('game length', () => {
  it('leaves a pause out, as the summary does', () => {
    // Started at T0, paused from minute 20 to minute 50, ended at minute 90: 60 minutes played.
    let game = pauseClock(fourPlayerGame(), { at: min(20) });
    game = resumeClock(game, { at: min(50) });
    game = endGame(game, { winnerSeat: 0 }, { at: min(90) });

    const [outcome] = outcomesFor([game], 'u-ana');
    expect(outcome!.durationMs).toBe(60 * 60_000);
    expect(outcome!.durationMs).toBe(gameSummary(game).durationMs);
    expect(formatDuration(personalStats([game], 'u-ana').highlights.averageGameMs)).toBe('1 h 00 min');
  });

  it('a game ended while paused stops at the pause', () => {
    const paused = pauseClock(fourPlayerGame(), { at: min(45) });
    const game = endGame(paused, { winnerSeat: 1 }, { at: min(70) });
    expect(formatDuration(personalStats([game], 'u-bo').highlights.averageGameMs)).toBe('45 min');
  });
});
