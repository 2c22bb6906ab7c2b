// @vitest-environment happy-dom
/** /games: past games of the user and of each pod, newest first, from the mirror (offline), each opening its game. */
import { pullKey } from '../../../src/sync/engine/pull';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';

vi.mock('../../../src/sync/app', () => import('./app-mock'));

import type { Game } from '../../../src/contract/game';
import { actions, db, GAME_ID, pod, resetApp, seedGame } from './app-mock';
import { renderAt } from './render';

const at = (day: number) => `2026-03-${String(day).padStart(2, '0')}T20:00:00.000Z`;

async function seedHistory() {
  const live = await seedGame();
  const ended = (id: string, day: number, patch: Partial<Game>): Game => ({
    ...live,
    id,
    status: 'FINISHED',
    startTime: at(day),
    updatedAt: at(day),
    result: { winnerSeat: 1, draw: false, outOrder: [3, 2, 0], endedAt: at(day) },
    ...patch,
  });
  await db.pods.put(pod({ id: 'p-thu', name: 'Thursday pod' }));
  await db.games.bulkPut([
    ended('00000000-0000-4000-8000-000000000101', 3, {}),
    ended('00000000-0000-4000-8000-000000000102', 9, { podId: 'p-thu', result: { winnerSeat: null, draw: true, outOrder: [0, 1, 2, 3], endedAt: at(9) } }),
    ended('00000000-0000-4000-8000-000000000103', 6, { podId: 'p-thu', result: { winnerSeat: 2, draw: false, outOrder: [3, 1, 0], endedAt: at(6) } }),
  ]);
}

const items = (section: string) =>
  within(screen.getByRole('heading', { name: section }).parentElement!)
    .getAllByRole('link')
    .map((link) => [link.querySelector('.history-title')!.textContent, link.querySelector('.history-outcome')!.textContent]);

beforeEach(async () => {
  await resetApp();
});
afterEach(cleanup);

describe('game history', () => {
  it('lists the games in progress, then the past ones newest first, each with its outcome and a link', async () => {
    await seedHistory();
    renderAt('/games');
    expect(await screen.findByRole('heading', { level: 1, name: 'Game history' })).toBeTruthy();
    await waitFor(() => expect(items('Past games')).toHaveLength(3));
    expect(items('In progress')).toEqual([['Custom table', 'Turn 1 · in progress']]);
    // The pod's name, never a placeholder, from the first paint of the list.
    expect(items('Past games')).toEqual([
      ['Thursday pod', 'A draw'],
      ['Thursday pod', 'Cy won'],
      ['Custom table', 'Bo won'],
    ]);
    const first = within(screen.getByRole('heading', { name: 'Past games' }).parentElement!).getAllByRole('link')[0]!;
    expect(first.getAttribute('href')).toBe('/game/00000000-0000-4000-8000-000000000102');
    expect(actions.pullList).toHaveBeenCalled();
  });

  it("shows one pod's games", async () => {
    await seedHistory();
    const { router } = renderAt('/games');
    // The pod's option comes from the mirror: choosing it before it is there would change nothing.
    await screen.findByRole('option', { name: 'Thursday pod' });
    fireEvent.change(await screen.findByLabelText('Games of'), { target: { value: 'p-thu' } });
    await waitFor(() => expect(router.state.location.search).toEqual({ pod: 'p-thu' }));
    await waitFor(() => expect(items('Past games')).toHaveLength(2));
    expect(screen.queryByRole('heading', { name: 'In progress' })).toBeNull();
  });

  it("says when there are no games yet", async () => {
    await db.meta.put({ key: pullKey('games'), value: { loadedAt: Date.now(), error: null } });
    renderAt('/games');
    expect(await screen.findByText('No games yet.')).toBeTruthy();
  });

  it('the dashboard leads back to a game in progress and to the history', async () => {
    await seedGame();
    renderAt('/dashboard');
    const card = (await screen.findByRole('heading', { name: 'Games' })).parentElement!;
    await waitFor(() => expect(within(card).getByRole('link', { name: 'Return to the table' }).getAttribute('href')).toBe(`/game/${GAME_ID}`));
    expect(within(card).getByText('A game is in progress: turn 1, Ana to play.')).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Game history' }).getAttribute('href')).toBe('/games');
  });
});
