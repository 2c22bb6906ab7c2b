// @vitest-environment happy-dom
// The join page (/join/$code, src/features/game/join/join-page.tsx) against a stubbed sync layer:
// what it shows offline, for a wrong code, for a seat someone else took first, and where it lands.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import type { JoinPreview } from '../../../src/contract/game-join';

const gameJoins = vi.hoisted(() => ({ preview: vi.fn(), join: vi.fn() }));
vi.mock('../../../src/sync/app', () => ({ actions: { gameJoins } }));

import { GameJoinText } from '../../../src/contract/game-join';
import { JoinPage } from '../../../src/features/game/join/join-page';
import { ApiError, NetworkError } from '../../../src/sync/engine/api';

const table = (gus: 'open' | 'taken', seated = false): JoinPreview => ({
  gameId: 'game-1',
  hostName: 'Hana',
  startTime: '2026-11-22T18:00:00Z',
  seated,
  seats: [
    { seatNumber: 0, displayName: 'Hana', commanderName: 'Atraxa', partnerCommanderName: null, status: 'taken' },
    { seatNumber: 1, displayName: gus === 'open' ? 'Gus' : 'Bo', commanderName: 'Tymna', partnerCommanderName: 'Thrasios', status: gus },
  ],
});

function show(path: string) {
  const root = createRootRoute({ component: Outlet });
  const join = createRoute({ getParentRoute: () => root, path: '/join/$code', component: () => <JoinPage code={(join.useParams() as { code: string }).code} /> });
  const dashboard = createRoute({ getParentRoute: () => root, path: '/dashboard', component: () => <p>Dashboard</p> });
  const game = createRoute({ getParentRoute: () => root, path: '/game/$id', component: () => <p>Playmat {(game.useParams() as { id: string }).id}</p> });
  const router = createRouter({ routeTree: root.addChildren([join, dashboard, game]), history: createMemoryHistory({ initialEntries: [path] }) });
  render(<RouterProvider router={router} />);
  return router;
}

describe('the join page', () => {
  beforeEach(() => {
    gameJoins.preview.mockReset();
    gameJoins.join.mockReset();
  });
  afterEach(cleanup);

  it('shows the table and lands on the playmat after taking a free seat', async () => {
    gameJoins.preview.mockResolvedValue(table('open'));
    gameJoins.join.mockResolvedValue('game-1');
    const router = show('/join/k7m-4qx');
    expect(await screen.findByRole('heading', { name: "Hana's game" })).toBeTruthy();
    // One look on arrival (each spends the join budget).
    expect(gameJoins.preview).toHaveBeenCalledTimes(1);
    expect(gameJoins.preview).toHaveBeenCalledWith('K7M4QX');
    expect(screen.getByText('Tymna // Thrasios')).toBeTruthy();
    // Hana's seat is shown, not offered.
    expect(screen.queryByRole('button', { name: /Hana/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Take seat 2: Gus' }));
    expect(await screen.findByText('Playmat game-1')).toBeTruthy();
    expect(gameJoins.join).toHaveBeenCalledWith('K7M4QX', 1);
    expect(router.state.location.pathname).toBe('/game/game-1');
  });

  it('a seat taken first: says so and shows the table again', async () => {
    gameJoins.preview.mockResolvedValueOnce(table('open')).mockResolvedValueOnce(table('taken'));
    gameJoins.join.mockRejectedValue(new ApiError(409, { message: GameJoinText.seatTaken }));
    show('/join/K7M4QX');
    fireEvent.click(await screen.findByRole('button', { name: 'Take seat 2: Gus' }));
    expect((await screen.findByRole('alert')).textContent).toBe(GameJoinText.seatTaken);
    expect(await screen.findByText('Seat 2: Bo')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Take seat/ })).toBeNull();
    expect(screen.getByText('Every seat already has a player. Ask the table to add you to a new game.')).toBeTruthy();
  });

  it('offline: says joining needs a connection, and looks again on Try again', async () => {
    gameJoins.preview.mockRejectedValueOnce(new NetworkError(new TypeError('Failed to fetch'))).mockResolvedValueOnce(table('open'));
    show('/join/K7M4QX');
    expect((await screen.findByRole('alert')).textContent).toBe(GameJoinText.offlineJoin);
    expect(gameJoins.preview).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Take seat 2: Gus' })).toBeTruthy();
  });

  it('a dead code says so and offers a field for another; a malformed one costs no request', async () => {
    gameJoins.preview.mockRejectedValue(new ApiError(404, { message: GameJoinText.invalid }));
    show('/join/K7M4QX');
    expect((await screen.findByRole('alert')).textContent).toBe(GameJoinText.invalid);
    expect(screen.getByLabelText('Game code')).toBeTruthy();
    cleanup();
    gameJoins.preview.mockClear();
    show('/join/K7M-0Q');
    expect((await screen.findByRole('alert')).textContent).toBe(GameJoinText.badFormat);
    expect(gameJoins.preview).not.toHaveBeenCalled();
  });

  it('someone already seated goes straight to the playmat', async () => {
    gameJoins.preview.mockResolvedValue(table('taken', true));
    const router = show('/join/K7M4QX');
    expect(await screen.findByText('Playmat game-1')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/game/game-1');
    expect(gameJoins.join).not.toHaveBeenCalled();
  });
});
