/**
 * Wraps every protected page. The route guard checks the token before entering; this also
 * leaves for /login when the session ends while a page is open (logout, another tab logged
 * out, or the server said the session is gone).
 */
import { Outlet, useNavigate } from '@tanstack/react-router';
import { lazy, Suspense, useEffect } from 'react';
import { useSessionStore } from '../../stores/session';

// Its own chunk: it reads the mirror, and this layout is in the first page's chunk (no Dexie there).
const UpdateRequiredBanner = lazy(() => import('./update-required-banner').then((module) => ({ default: module.UpdateRequiredBanner })));
const SlowDownNotice = lazy(() => import('./slow-down-notice').then((module) => ({ default: module.SlowDownNotice })));

export function ProtectedLayout() {
  const isLoggedIn = useSessionStore((state) => state.isLoggedIn);
  const navigate = useNavigate();

  useEffect(() => {
    if (!isLoggedIn) void navigate({ to: '/login', replace: true });
  }, [isLoggedIn, navigate]);

  return (
    <>
      <Suspense fallback={null}>
        <UpdateRequiredBanner />
        <SlowDownNotice />
      </Suspense>
      <Outlet />
    </>
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
