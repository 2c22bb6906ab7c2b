/**
 * Offline logout: the device forgets the session at once; the token is revoked on the server
 * when it next answers — by the page or the service worker, whichever runs first.
 */
import type { PodTableDB } from '../../db/schema';
import { readPendingRevocations, writePendingRevocations } from '../../db/session';
import { ApiError, type ApiClient } from './api';

/** Revokes every pending token it can; the rest wait for the next try. */
export async function flushRevocations(db: PodTableDB, api: ApiClient): Promise<void> {
  const tokens = await readPendingRevocations(db);
  if (tokens.length === 0) return;
  const left: string[] = [];
  for (const token of tokens) {
    try {
      await api.request('POST', '/api/users/logout', { bearer: token });
    } catch (error) {
      // 401: the token is already invalid (expired, revoked): nothing left to do.
      if (!(error instanceof ApiError && error.status < 500 && error.status !== 408 && error.status !== 429)) left.push(token);
    }
  }
  await db.transaction('rw', db.meta, async () => {
    const now = await readPendingRevocations(db);
    await writePendingRevocations(db, now.filter((token) => !tokens.includes(token) || left.includes(token)));
  });
}

export async function addPendingRevocation(db: PodTableDB, token: string): Promise<void> {
  await db.transaction('rw', db.meta, async () => {
    await writePendingRevocations(db, [...(await readPendingRevocations(db)), token]);
  });
}
