// @vitest-environment happy-dom
// Own file: the bootstrap runs once per page load (module state), so each scenario needs a fresh module.
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';

vi.mock('../../../src/sync/app', async () => {
  const { openDatabase } = await import('../../../src/db/schema');
  return {
    db: openDatabase(`bootstrap-test-${crypto.randomUUID()}`),
    startSync: vi.fn(),
    api: { request: vi.fn(async () => undefined) },
    actions: {
      refreshCurrentUser: vi.fn(async () => 'logged-out'),
      countUnsent: vi.fn(async () => 0),
      logout: vi.fn(async () => undefined),
    },
  };
});

import { writeSession } from '../../../src/db/session';
import { createAppRouter } from '../../../src/routes/router';
import { useSessionStore } from '../../../src/stores/session';
import { actions, db } from '../../../src/sync/app';
import { loadEveryRouteChunk } from './route-chunks';

describe('session check on app start', () => {
  beforeAll(() => loadEveryRouteChunk(createAppRouter(createMemoryHistory())), 60_000);
  beforeEach(() => localStorage.clear());
  afterEach(cleanup);

  it('logs out and goes to /login when the server says the session is gone', async () => {
    useSessionStore.getState().signIn('stale-token');
    await writeSession(db, { userId: 'u1', token: 'stale-token' });
    await db.users.put({ id: 'u1', username: 'ana', email: 'ana@example.com', displayName: null, avatarUrl: null, defaultDeckId: null });
    const router = createAppRouter(createMemoryHistory({ initialEntries: ['/dashboard'] }));
    render(<RouterProvider router={router} />);

    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(actions.refreshCurrentUser).toHaveBeenCalledOnce();
    await waitFor(() => expect(actions.logout).toHaveBeenCalledOnce());
    expect(localStorage.getItem('token')).toBeNull();
  });
});
