/**
 * Who is logged in on this device, for the UI and the route guards. The token itself lives
 * in localStorage 'token' (the spec's business constants) and is read synchronously, so guards work offline
 * and before IndexedDB has opened. The sync layer writes it on login; this store mirrors it.
 */
import { create } from 'zustand';
import { TOKEN_STORAGE_KEY } from '../contract/limits';
import { readStoredToken, storeToken } from '../sync/engine/token';

export interface SessionState {
  token: string | null;
  isLoggedIn: boolean;
  signIn(token: string): void;
  clear(): void;
  /** Re-reads localStorage (another tab may have logged in or out); returns isLoggedIn. */
  syncFromStorage(): boolean;
}

export function createSessionStore() {
  const initial = readStoredToken();
  return create<SessionState>()((set, get) => ({
    token: initial,
    isLoggedIn: initial !== null,
    signIn(token) {
      storeToken(token);
      set({ token, isLoggedIn: true });
    },
    clear() {
      storeToken(null);
      set({ token: null, isLoggedIn: false });
    },
    syncFromStorage() {
      const token = readStoredToken();
      if (token !== get().token) set({ token, isLoggedIn: token !== null });
      return token !== null;
    },
  }));
}

export const useSessionStore = createSessionStore();

/** For route guards: synchronous, reads the token where it is stored. */
export function isLoggedInNow(): boolean {
  return useSessionStore.getState().syncFromStorage();
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === TOKEN_STORAGE_KEY || event.key === null) useSessionStore.getState().syncFromStorage();
  });
}
