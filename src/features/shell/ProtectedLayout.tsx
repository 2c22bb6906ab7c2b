/**
 * Wraps every protected page. The route guard checks the token before entering; this also
 * leaves for /login when the session ends while a page is open (logout, another tab logged
 * out, or the server said the session is gone).
 */
import { Outlet, useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useSessionStore } from '../../stores/session';
import { BottomNav } from './BottomNav';

export function ProtectedLayout() {
  const isLoggedIn = useSessionStore((state) => state.isLoggedIn);
  const navigate = useNavigate();

  useEffect(() => {
    if (!isLoggedIn) void navigate({ to: '/login', replace: true });
  }, [isLoggedIn, navigate]);

  return <Outlet />;
}

/** Pages with the bottom navigation: every protected page except /game/* (spec section 2). */
export function ShellLayout() {
  return (
    <div className="app-shell">
      <Outlet />
      <BottomNav />
    </div>
  );
}

/** /game/* pages: full screen, no bottom navigation. */
export function GameLayout() {
  return (
    <div className="game-shell">
      <Outlet />
    </div>
  );
}
