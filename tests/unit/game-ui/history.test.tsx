// @vitest-environment happy-dom
/**
 * /games: past games of the user and of each pod, newest first, from the mirror (offline), each
 * opening its game; below them the row about older games (load, loading, failed, offline, the end).
 */
import { pullKey } from '../../../src/sync/engine/pull';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';

vi.mock('../../../src/sync/app', () => import('./app-mock'));

import type { Game } from '../../../src/contract/game';
import { finishedPosition } from '../../../src/contract/game-history';
import { gameHistoryKey } from '../../../src/db/queries/game-history';
import { OlderGamesText } from '../../../src/features/history/older-games-row';
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

describe('older games', () => {
  const older = (n: number, podId: string | null = null): Game => ({
    ...(liveGame as Game),
    id: `00000000-0000-4000-8000-0000000002${String(n).padStart(2, '0')}`,
    podId,
    status: 'FINISHED',
    startTime: at(n),
    updatedAt: at(n),
    result: { winnerSeat: 1, draw: false, outOrder: [3, 2, 0], endedAt: at(n) },
  });
  let liveGame: Game | undefined;
  const pastCount = () => within(screen.getByRole('heading', { name: 'Past games' }).parentElement!).getAllByRole('link').length;

  beforeEach(async () => {
    liveGame = await seedGame();
    await db.games.bulkPut([older(20), older(21)]);
    await db.meta.put({ key: pullKey('games'), value: { loadedAt: Date.now(), error: null } });
  });

  it('reaching the end of the past games asks for the next page once, shows it, then "No older games." (focus follows)', async () => {
    let answer: (outcome: string) => void = () => undefined;
    actions.loadOlderGames.mockImplementation(() => new Promise<string>((resolve) => (answer = resolve)));
    renderAt('/games');
    const button = await screen.findByRole('button', { name: OlderGamesText.loadOlder });
    await waitFor(() => expect(pastCount()).toBe(2));
    button.focus();
    fireEvent.click(button);
    fireEvent.click(button);
    expect(await screen.findByText(OlderGamesText.loadingOlder)).toBeTruthy();
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(actions.loadOlderGames).toHaveBeenCalledTimes(1);
    expect(actions.loadOlderGames).toHaveBeenCalledWith(undefined);

    // The sync layer stores the page and where the history ends, then answers.
    await act(async () => {
      await db.games.bulkPut([older(5), older(4)]);
      await db.meta.put({ key: gameHistoryKey(), value: { reached: finishedPosition(older(4)), end: true } });
      answer('end');
    });
    const end = await screen.findByText(OlderGamesText.noOlder);
    await waitFor(() => expect(pastCount()).toBe(4));
    expect(items('Past games').map(([, outcome]) => outcome)).toEqual(['Bo won', 'Bo won', 'Bo won', 'Bo won']);
    const links = within(screen.getByRole('heading', { name: 'Past games' }).parentElement!).getAllByRole('link');
    expect(links.at(-1)!.getAttribute('href')).toBe(`/game/${older(4).id}`);
    expect(screen.queryByRole('button', { name: OlderGamesText.loadOlder })).toBeNull();
    expect(screen.queryByText(OlderGamesText.loadingOlder)).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(end));
  });

  it('"No older games." comes from the mirror alone, offline too, and only while the mirror still holds the last game read', async () => {
    actions.loadOlderGames.mockResolvedValue('offline');
    await db.meta.put({ key: gameHistoryKey(), value: { reached: finishedPosition(older(20)), end: true } });
    renderAt('/games');
    expect(await screen.findByText(OlderGamesText.noOlder)).toBeTruthy();
    expect(screen.queryByRole('button', { name: OlderGamesText.loadOlder })).toBeNull();

    // A snapshot dropped that game: the end is not claimed over a gap.
    await act(async () => {
      await db.games.delete(older(20).id);
    });
    expect(await screen.findByRole('button', { name: OlderGamesText.loadOlder })).toBeTruthy();
    expect(screen.queryByText(OlderGamesText.noOlder)).toBeNull();
  });

  it('offline: what the device holds, and a quiet line instead of the button until the connection is back', async () => {
    actions.loadOlderGames.mockResolvedValue('offline');
    renderAt('/games');
    fireEvent.click(await screen.findByRole('button', { name: OlderGamesText.loadOlder }));
    expect(await screen.findByText(OlderGamesText.olderOffline)).toBeTruthy();
    expect(screen.queryByRole('button', { name: OlderGamesText.loadOlder })).toBeNull();
    expect(pastCount()).toBe(2);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(await screen.findByRole('button', { name: OlderGamesText.loadOlder })).toBeTruthy();
  });

  it("a failed page says so and keeps the button; a pod's history asks for that pod's games", async () => {
    actions.loadOlderGames.mockResolvedValue('failed');
    await db.pods.put(pod({ id: 'p-thu', name: 'Thursday pod' }));
    await db.games.put(older(22, 'p-thu'));
    renderAt('/games?pod=p-thu');
    fireEvent.click(await screen.findByRole('button', { name: OlderGamesText.loadOlder }));
    expect(await screen.findByText(OlderGamesText.olderFailed)).toBeTruthy();
    expect(screen.getByRole('button', { name: OlderGamesText.loadOlder })).toBeTruthy();
    expect(actions.loadOlderGames).toHaveBeenCalledWith('p-thu');
  });
});
