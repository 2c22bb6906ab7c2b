// @vitest-environment happy-dom
/**
 * Stats screens: the spec's placeholder while the user has no finished game; the
 * real figures once they have one — on the dashboard and on Profile → Stats — live from the mirror.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';

vi.mock('../../../src/sync/app', () => import('./app-mock'));

import type { Game } from '../../../src/contract/game';
import { active, ended } from '../stats/games';
import { pullKey } from '../../../src/sync/engine/pull';
import { StatsText } from '../../../src/features/stats/texts';
import { db, deck, loaded, pod, resetApp } from './app-mock';
import { renderAt } from './render';

/** Ana: a win, a loss, a draw (Thursday pod), and a game still played. */
function games(): Game[] {
  return [
    ended(1, { winnerSeat: 0 }, { podId: 'p-thu' }, 60),
    ended(2, { winnerSeat: 1 }, { podId: 'p-thu' }, 90),
    ended(3, { winnerSeat: null }, { podId: 'p-thu' }, 30),
    active(4),
  ];
}

async function seedStats() {
  await db.pods.put(pod({ id: 'p-thu', name: 'Thursday pod' }));
  await db.decks.put(deck({ id: 'd-ana', name: 'Superfriends', commander: 'Atraxa' }));
  await db.games.bulkPut(games());
}

const statsPanel = async () => (await screen.findByRole('heading', { name: 'Stats Highlights' })).parentElement!;

/** The figures as [label, value] pairs, as a person reads them. */
function figures(container: HTMLElement): Array<[string, string]> {
  return [...container.querySelectorAll('.stat')].map((stat) => [stat.querySelector('dt')!.textContent!, stat.querySelector('dd')!.textContent!]);
}

beforeEach(async () => {
  await resetApp();
  // The games list has loaded once (a device past its first sync); one test takes it back.
  await db.meta.put({ key: pullKey('games'), value: loaded() });
});
afterEach(cleanup);

describe('dashboard: Stats Highlights', () => {
  it("keeps the spec's placeholder and overlay for a user with no finished game", async () => {
    await db.games.put(active(1));
    await db.games.put(ended(2, 'no result'));
    renderAt('/dashboard');
    const panel = await statsPanel();
    await waitFor(() => expect(within(panel).getByText('Stats Under Construction')).toBeTruthy());
    expect(within(panel).getByText('This feature is coming soon!')).toBeTruthy();
    // The sample figures, dimmed and hidden from assistive technology.
    expect(figures(panel)).toContainEqual(['Games played', '42']);
    expect(panel.querySelector('.stats-grid')!.getAttribute('aria-hidden')).toBe('true');
    expect(within(panel).queryByRole('link', { name: 'All stats' })).toBeNull();
  });

  it("says loading, not the placeholder, while a new device's games list has not arrived", async () => {
    await db.meta.delete(pullKey('games'));
    await db.games.put(active(1));
    renderAt('/dashboard');
    const panel = await statsPanel();
    await waitFor(() => expect(within(panel).getByRole('status').textContent).toBe(StatsText.loading));
    expect(within(panel).queryByText('Stats Under Construction')).toBeNull();
    await db.meta.put({ key: pullKey('games'), value: loaded() });
    await waitFor(() => expect(within(panel).getByText('Stats Under Construction')).toBeTruthy());
  });

  it('shows the real figures once the user has a finished game', async () => {
    await seedStats();
    renderAt('/dashboard');
    const panel = await statsPanel();
    await waitFor(() => expect(figures(panel)).toContainEqual(['Games played', '3']));
    expect(figures(panel)).toEqual([
      ['Games played', '3'],
      ['Win rate', '33% 1 of 3'],
      ['Most played commander', 'Atraxa 3 games'],
      ['Average game length', '1 h 00 min'],
      ['Longest win streak', '1'],
      ['Pod rank', '#1 of 3 in Thursday pod'],
    ]);
    expect(within(panel).queryByText('Stats Under Construction')).toBeNull();
    expect(panel.querySelector('[aria-hidden="true"]')).toBeNull();
    expect(within(panel).getByRole('link', { name: 'All stats' }).getAttribute('href')).toBe('/profile#stats');
  });

  it('turns from the placeholder into the figures when a game ends, without a reload', async () => {
    renderAt('/dashboard');
    const panel = await statsPanel();
    await waitFor(() => expect(within(panel).getByText('Stats Under Construction')).toBeTruthy());
    await db.games.put(ended(1, { winnerSeat: 0 }));
    await waitFor(() => expect(figures(panel)).toContainEqual(['Games played', '1']));
    expect(figures(panel)).toContainEqual(['Win rate', '100% 1 of 1']);
    expect(figures(panel)).toContainEqual(['Pod rank', '— No pod games yet']);
  });
});

describe('Profile → Stats', () => {
  it("reads 'Coming soon.' for a user with no finished game", async () => {
    renderAt('/profile#stats');
    expect(await screen.findByText('Coming soon.')).toBeTruthy();
  });

  it('shows the figures, the wins chart with its text, and the tables with headers', async () => {
    await seedStats();
    renderAt('/profile');
    fireEvent.mouseDown(await screen.findByRole('tab', { name: 'Stats' }));
    const chart = await screen.findByRole('img', { name: /^Wins over time/ }, { timeout: 5000 });
    expect(chart.textContent).toContain('1 win in 3 games');
    const byCommander = screen.getByRole('table', { name: 'By commander' });
    expect(within(byCommander).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Commander', 'Games', 'Wins', 'Win rate', 'Average finish']);
    expect(within(byCommander).getAllByRole('row')[1]!.textContent).toBe('Atraxa3133%2.5');
    const byDeck = screen.getByRole('table', { name: 'By deck' });
    expect(within(byDeck).getByRole('rowheader', { name: 'Superfriends' })).toBeTruthy();
    const h2h = screen.getByRole('table', { name: 'Head-to-head' });
    expect(within(h2h).getAllByRole('row').slice(1).map((row) => row.textContent)).toEqual(['Bo311', 'Cy310']);
    const data = screen.getByRole('table', { name: /Wins over time, oldest game first/ });
    expect(within(data).getAllByRole('row').slice(1).map((row) => row.querySelectorAll('td')[2]!.textContent)).toEqual(['Won', 'Lost', 'Draw']);
  });
});
