/** The token in localStorage key 'token' (the spec's business constants); absent in the service worker. */
import { TOKEN_STORAGE_KEY } from '../../contract/limits';
import { localStore as storage } from './local-storage';

export function readStoredToken(): string | null {
  return storage()?.getItem(TOKEN_STORAGE_KEY) ?? null;
}

export function storeToken(token: string | null): void {
  const store = storage();
  if (!store) return;
  if (token) store.setItem(TOKEN_STORAGE_KEY, token);
  else store.removeItem(TOKEN_STORAGE_KEY);
}
