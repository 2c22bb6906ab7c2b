/**
 * Ends the session on this device: the sync layer revokes the token and wipes the mirror,
 * then the session store forgets the token. The store is cleared even if the wipe fails,
 * so the person is never left "half logged in".
 */
import { useSessionStore } from '../../stores/session';
import { actions } from '../../sync/app';

export async function endSession(): Promise<void> {
  try {
    await actions.logout();
  } finally {
    useSessionStore.getState().clear();
  }
}
