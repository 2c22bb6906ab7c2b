// @vitest-environment happy-dom
/** A pod's leaderboard on its page: from the pod's finished games in the mirror, live. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';

vi.mock('../../../src/sync/app', () => import('./app-mock'));
vi.mock('@tanstack/react-router', async (original) => ({ ...(await original<object>()), ...(await import('./router-mock')) }));

import type { Game } from '../../../src/contract/game';
import { PodChatsTab } from '../../../src/features/pods/pod-chats-tab';
import { ended } from '../stats/games';
import { pullKey } from '../../../src/sync/engine/pull';
import { bo, cy, db, loaded, me, pod, resetApp } from './app-mock';

/** The stats fixtures' Ana is this mock's signed-in user. */
const asMe = (game: Game): Game => ({ ...game, participants: game.participants.map((p) => (p.userId === 'u-ana' ? { ...p, userId: me.id } : p)) });

beforeEach(async () => {
  await resetApp();
  await db.meta.put({ key: pullKey('games'), value: loaded() });
  await db.pods.put(pod({ id: 'p1', name: 'Thursday pod', members: [me, bo, cy] }));
});
afterEach(cleanup);

async function openLeaderboard() {
  render(<PodChatsTab myId={me.id} podId="p1" onOpen={vi.fn()} />);
  // The leaderboard is in the pod info sheet, opened from the chat's header.
  fireEvent.click(await screen.findByRole('button', { name: 'Pod info' }));
  fireEvent.click(await screen.findByText('Leaderboard'));
}

describe('pod leaderboard', () => {
  it('says so while the pod has no finished game', async () => {
    await openLeaderboard();
    expect(await screen.findByText('No finished games in this pod yet.')).toBeTruthy();
  });

  it("ranks the pod's players by wins, with win rate and games, and follows a new game live", async () => {
    await db.games.bulkPut([
      asMe(ended(1, { winnerSeat: 1 }, { podId: 'p1' })),
      asMe(ended(2, { winnerSeat: 1 }, { podId: 'p1' })),
      asMe(ended(3, { winnerSeat: 0 }, { podId: 'p1' })),
      asMe(ended(4, { winnerSeat: 0 }, { podId: 'another pod' })),
    ]);
    await openLeaderboard();
    const table = await screen.findByRole('table', { name: 'Leaderboard of Thursday pod' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Rank', 'Player', 'Wins', 'Win rate', 'Games']);
    const rows = () => within(table).getAllByRole('row').slice(1).map((row) => [...row.children].map((cell) => cell.textContent));
    expect(rows()).toEqual([
      ['1', 'Bo', '2', '67%', '3'],
      ['2', 'Ana', '1', '33%', '3'],
      ['3', 'Cy', '0', '0%', '3'],
    ]);
    expect(within(table).getByRole('rowheader', { name: 'Ana' }).closest('tr')!.getAttribute('aria-current')).toBe('true');
    await db.games.put(asMe(ended(5, { winnerSeat: 0 }, { podId: 'p1' })));
    // A tie shares the rank; the table then goes by name.
    await waitFor(() => expect(rows()[0]).toEqual(['1', 'Ana', '2', '50%', '4']));
    expect(rows()[1]).toEqual(['1', 'Bo', '2', '50%', '4']);
  });
});
