// @vitest-environment happy-dom
/** The summary's life chart: a line per player in their colour, a legend, a one-sentence description and the figures as a table. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';

vi.mock('../../../src/sync/app', () => import('./app-mock'));

import type { Game } from '../../../src/contract/game';
import { playerColor } from '../../../src/features/game/playmat/table/colors';
import { applyIncrement } from '../../../src/game/counters';
import { endGame } from '../../../src/game/ending';
import { passTurn } from '../../../src/game/turns';
import { useTaps } from '../../../src/stores/tap-overlay';
import { db, GAME_ID, resetApp, seedGame } from './app-mock';
import { renderAt } from './render';

let next = 1;
function hit(game: Game, seat: number, delta: number): Game {
  return applyIncrement(game, { id: `00000000-0000-4000-8000-0000000003${String(next++).padStart(2, '0')}`, seat, counter: 'life', delta });
}

async function showSummary(play: (game: Game) => Game) {
  const game = await seedGame();
  await db.games.put(play(game));
  renderAt(`/game/${GAME_ID}`);
  await screen.findByRole('heading', { level: 1, name: /wins|draw|No winner/ });
}

beforeEach(async () => {
  localStorage.clear();
  useTaps.setState({ taps: [] });
  await resetApp();
});
afterEach(cleanup);

describe('the life chart on the summary', () => {
  it('draws a line per player in their colour, named in a legend and summed up in words', async () => {
    await showSummary((game) => {
      let g = hit(passTurn(game), 0, -15); // turn 2
      g = passTurn(hit(g, 3, -12)); // turn 3
      g = hit(g, 0, -25);
      return endGame(g, { winnerSeat: 1 });
    });
    const section = screen.getByRole('heading', { name: 'Life by turn' }).closest('section')!;
    const chart = within(section).getByRole('img', { name: 'Life by turn: Ana 40 → 0, Bo 40 → 40, Cy 40 → 40, Dee 40 → 28.' });
    const lines = Array.from(chart.querySelectorAll('.life-chart-series'));
    expect(lines.map((line) => (line as HTMLElement).style.getPropertyValue('--player'))).toEqual([0, 1, 2, 3].map(playerColor));
    // Turn 1, 2, 3 and the end: four points a line.
    expect(lines.map((line) => line.querySelector('polyline')!.getAttribute('points')!.split(' ').length)).toEqual([4, 4, 4, 4]);
    expect(within(chart).getByText('Turn 1')).toBeTruthy();
    expect(within(chart).getByText('End')).toBeTruthy();
    expect(Array.from(section.querySelectorAll('.life-chart-legend li')).map((item) => item.textContent)).toEqual([
      'Ana 40 → 0',
      'Bo 40 → 40',
      'Cy 40 → 40',
      'Dee 40 → 28',
    ]);

    fireEvent.click(within(section).getByText('Show the life totals'));
    const rows = within(section).getAllByRole('row').map((row) => Array.from(row.children).map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['Turn', 'Ana', 'Bo', 'Cy', 'Dee'],
      ['1', '40', '40', '40', '40'],
      ['2', '40', '40', '40', '40'],
      ['3', '25', '40', '40', '28'],
      ['End', '0', '40', '40', '28'],
    ]);
  });

  it('is not drawn for a game stored before the series existed', async () => {
    await showSummary((game) => {
      const ended = endGame(passTurn(game), { winnerSeat: 0 });
      const table = { ...ended.table! };
      delete table.lifeByTurn;
      return { ...ended, table };
    });
    expect(screen.getByRole('heading', { name: 'The game' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Life by turn' })).toBeNull();
    expect(screen.queryByRole('img', { name: /Life by turn/ })).toBeNull();
  });
});
