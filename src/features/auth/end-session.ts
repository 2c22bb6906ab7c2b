/**
 * Ends the session on this device: the sync layer revokes the token and wipes the mirror,
 * then the session store forgets the token. The store is cleared even if the wipe fails,
 * so the person is never left "half logged in". This device leaves push notifications first,
 * while the token still works, so the next person here gets none of this account's.
 */
import { useSessionStore } from '../../stores/session';
import { loadSync } from '../../sync/load';

export async function endSession(): Promise<void> {
  try {
    const [{ actions, api }, { forgetPushDevice }] = await Promise.all([loadSync(), import('../../pwa/push-device')]);
    await forgetPushDevice(api);
    await actions.logout();
  } finally {
    useSessionStore.getState().clear();
  }
}
