// @vitest-environment happy-dom
// An account form whose checks could not be fetched (offline before the service worker had them)
// says so instead of doing nothing.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import type { ReactNode } from 'react';

vi.mock('../../../src/features/auth/submit-code', () => ({
  loadSubmitCode: vi.fn(async () => null),
  preloadSubmitCode: vi.fn(),
}));
vi.mock('../../../src/sync/app', () => ({ startSync: vi.fn(), actions: { login: vi.fn() } }));

import { ForgotPasswordPage } from '../../../src/features/auth/forgot-password-page';
import { LoginPage } from '../../../src/features/auth/login-page';
import { RegisterPage } from '../../../src/features/auth/register-page';
import { CANNOT_REACH_SERVER } from '../../../src/features/auth/texts';
import { actions } from '../../../src/sync/app';

function renderPage(Page: () => ReactNode) {
  const root = createRootRoute({ component: Outlet });
  const page = createRoute({ getParentRoute: () => root, path: '/', component: Page });
  const router = createRouter({ routeTree: root.addChildren([page]), history: createMemoryHistory({ initialEntries: ['/'] }) });
  render(<RouterProvider router={router} />);
}

describe('an account form without its checks', () => {
  afterEach(cleanup);

  it.each([
    ['login', () => <LoginPage />, 'Log in'],
    ['sign up', RegisterPage, 'Sign up'],
    ['forgot password', ForgotPasswordPage, 'Send reset instructions'],
  ] as const)('%s says the server cannot be reached and sends nothing', async (_name, Page, button) => {
    renderPage(Page);
    fireEvent.click(await screen.findByRole('button', { name: button }));
    expect((await screen.findByRole('alert')).textContent).toBe(CANNOT_REACH_SERVER);
    expect(actions.login).not.toHaveBeenCalled();
  });
});
