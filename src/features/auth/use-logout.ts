/**
 * Logout with a guard (docs/architecture.md, "Logout and the privacy of the mirror"): when the
 * outbox still holds writes the server has not accepted, the user confirms first, because
 * logging out wipes them.
 */
import { useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { actions } from '../../sync/app';
import { endSession } from './end-session';

export function useLogout() {
  const navigate = useNavigate();
  /** Unsent writes awaiting confirmation; null when no confirmation is open. */
  const [pendingCount, setPendingCount] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);

  async function logoutNow() {
    setBusy(true);
    try {
      await endSession();
    } finally {
      setBusy(false);
      setPendingCount(null);
      await navigate({ to: '/login' });
    }
  }

  async function requestLogout() {
    const unsent = await actions.countUnsent();
    if (unsent > 0) setPendingCount(unsent);
    else await logoutNow();
  }

  return { requestLogout, logoutNow, pendingCount, busy, cancel: () => setPendingCount(null) };
}
