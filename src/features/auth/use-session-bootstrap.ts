/**
 * On app start, when a token exists, re-read the current user (the spec's states and transitions). The server
 * saying the session is gone logs out; no answer (offline) or a server error keeps the
 * mirror, because an offline-first app must open with what it has.
 */
import { useEffect } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useSessionStore } from '../../stores/session';
import { loadSync } from '../../sync/load';
import { endSession } from './end-session';

/** Once per page load, also under StrictMode's double effects. */
let started = false;

export function useSessionBootstrap(): void {
  const navigate = useNavigate();
  useEffect(() => {
    if (started || !useSessionStore.getState().isLoggedIn) return;
    started = true;
    loadSync()
      .then(({ actions }) => actions.refreshCurrentUser())
      .then(async (result) => {
        if (result !== 'logged-out') return;
        await endSession();
        await navigate({ to: '/login' });
      })
      .catch((error: unknown) => {
        console.warn('Could not refresh the current user; keeping the local copy.', error);
      });
  }, [navigate]);
}
