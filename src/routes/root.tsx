/** The root route: every page sits inside the toast provider; the session is checked once on start. */
import { createRootRoute, Outlet } from '@tanstack/react-router';
import { useSessionBootstrap } from '../features/auth/use-session-bootstrap';
import { Toaster } from '../features/shell/toaster';

function RootLayout() {
  useSessionBootstrap();
  return (
    <Toaster>
      <Outlet />
    </Toaster>
  );
}

export const rootRoute = createRootRoute({ component: RootLayout });
