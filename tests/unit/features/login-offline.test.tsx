// @vitest-environment happy-dom
// Logging in needs the sync layer (it writes the session into the mirror); when its code cannot be
// fetched, the form says the server cannot be reached instead of showing a loader's error text.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';

vi.mock('../../../src/sync/load', () => ({
  loadSync: vi.fn(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/app.js'))),
}));

import { LoginPage } from '../../../src/features/auth/login-page';
import { loadSubmitCode } from '../../../src/features/auth/submit-code';
import { CANNOT_REACH_SERVER } from '../../../src/features/auth/texts';
import { useSessionStore } from '../../../src/stores/session';

describe('login without the sync layer', () => {
  beforeAll(() => loadSubmitCode(), 60_000);
  afterEach(cleanup);

  it('says the server cannot be reached and stays logged out', async () => {
    const root = createRootRoute({ component: Outlet });
    const login = createRoute({ getParentRoute: () => root, path: '/', component: () => <LoginPage /> });
    const router = createRouter({ routeTree: root.addChildren([login]), history: createMemoryHistory({ initialEntries: ['/'] }) });
    render(<RouterProvider router={router} />);
    fireEvent.change(await screen.findByLabelText('Username'), { target: { value: 'ana' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret-password' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect((await screen.findByRole('alert')).textContent).toBe(CANNOT_REACH_SERVER);
    expect(useSessionStore.getState().isLoggedIn).toBe(false);
    expect((screen.getByRole('button', { name: 'Log in' }) as HTMLButtonElement).disabled).toBe(false);
  });
});
