// @vitest-environment happy-dom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';

vi.mock('../../../src/sync/app', () => ({
  db: {},
  startSync: vi.fn(),
  actions: { login: vi.fn() },
}));

import { LoginPage } from '../../../src/features/auth/login-page';
import { loadSubmitCode } from '../../../src/features/auth/submit-code';
import { validateLoginSearch } from '../../../src/routes/guards';
import { useSessionStore } from '../../../src/stores/session';
import { ApiError, NetworkError } from '../../../src/sync/engine/api';
import { actions } from '../../../src/sync/app';

function renderLoginAt(path: string) {
  const root = createRootRoute({ component: Outlet });
  const login = createRoute({
    getParentRoute: () => root,
    path: '/login',
    validateSearch: validateLoginSearch,
    component: () => <LoginPage redirect={login.useSearch().redirect} />,
  });
  const page = (path: string, title: string) =>
    createRoute({ getParentRoute: () => root, path, component: () => <h1>{title}</h1> });
  const router = createRouter({
    routeTree: root.addChildren([
      login,
      page('/dashboard', 'Dashboard page'),
      page('/profile', 'Profile page'),
      page('/register', 'Register page'),
      page('/forgot-password', 'Forgot page'),
    ]),
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  render(<RouterProvider router={router} />);
  return router;
}

async function submit(username: string, password: string) {
  fireEvent.change(await screen.findByLabelText('Username'), { target: { value: username } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
}

describe('login page', () => {
  // The checks and account calls are fetched when the form gets focus; here they are loaded up front.
  beforeAll(() => loadSubmitCode(), 60_000);
  beforeEach(() => {
    localStorage.clear();
    useSessionStore.setState({ token: null, isLoggedIn: false });
    vi.mocked(actions.login).mockReset();
  });
  afterEach(cleanup);

  it('shows the title, the placeholders and the links of the spec', async () => {
    renderLoginAt('/login');
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeTruthy();
    expect(screen.getByPlaceholderText('Enter your username')).toBeTruthy();
    expect(screen.getByPlaceholderText('Enter your password')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe('/forgot-password');
    expect(screen.getByRole('link', { name: 'Create one' }).getAttribute('href')).toBe('/register');
  });

  it("shows the server's error text in an alert above the form", async () => {
    vi.mocked(actions.login).mockRejectedValue(new ApiError(401, { message: 'Invalid username or password.' }));
    renderLoginAt('/login');
    await submit('ana', 'wrong-password');
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid username or password.');
    expect(actions.login).toHaveBeenCalledWith('ana', 'wrong-password');
    expect(useSessionStore.getState().isLoggedIn).toBe(false);
  });

  it('explains that the server cannot be reached', async () => {
    vi.mocked(actions.login).mockRejectedValue(new NetworkError(new TypeError('Failed to fetch')));
    renderLoginAt('/login');
    await submit('ana', 'secret-password');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Cannot reach the server. Check your connection and try again.',
    );
  });

  it('requires both fields before calling the server', async () => {
    renderLoginAt('/login');
    await submit('', '');
    expect((await screen.findByRole('alert')).textContent).toContain('Username is required.');
    expect(actions.login).not.toHaveBeenCalled();
  });

  it('logs in and goes to the dashboard', async () => {
    vi.mocked(actions.login).mockResolvedValue({
      token: 'tok',
      user: { id: 'u1', username: 'ana', displayName: null, email: 'ana@example.com', avatarUrl: null, defaultDeckId: null },
    });
    const router = renderLoginAt('/login');
    await submit('ana', 'secret-password');
    expect(await screen.findByRole('heading', { name: 'Dashboard page' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(useSessionStore.getState()).toMatchObject({ token: 'tok', isLoggedIn: true });
    expect(localStorage.getItem('token')).toBe('tok');
  });

  it('follows a safe redirect and ignores an external one', async () => {
    vi.mocked(actions.login).mockResolvedValue({
      token: 'tok',
      user: { id: 'u1', username: 'ana', displayName: null, email: 'ana@example.com', avatarUrl: null, defaultDeckId: null },
    });
    renderLoginAt('/login?redirect=%2Fprofile');
    await submit('ana', 'secret-password');
    expect(await screen.findByRole('heading', { name: 'Profile page' })).toBeTruthy();
    cleanup();

    const router = renderLoginAt('/login?redirect=https%3A%2F%2Fevil.example%2F');
    await submit('ana', 'secret-password');
    expect(await screen.findByRole('heading', { name: 'Dashboard page' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard');
  });
});
