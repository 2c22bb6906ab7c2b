/**
 * The page's composition root of the sync layer: one mirror, one API client, one sender,
 * and the actions screens call. Screens import from here; nothing here imports React.
 */
import type { RegisterBody, UpdateMeBody } from '../contract/users';
import { openDatabase } from '../db/schema';
import { readSession } from '../db/session';
import { createApiClient } from './api';
import { appliers } from './appliers';
import * as auth from './auth';
import type { SyncContext } from './context';
import { createDrainLoop } from './drain-loop';
import { retryEntry } from './outbox';
import * as profile from './profile';
import { createSender } from './sender';
import { askServiceWorkerToDrain } from './sw-bridge';
import { readStoredToken } from './token';

export const db = openDatabase();
export const api = createApiClient({ getToken: readStoredToken });

const sender = createSender({
  db,
  api: createApiClient({ getToken: async () => (await readSession(db)).token }),
  appliers,
});
const drainLoop = createDrainLoop(sender);

const ctx: SyncContext = {
  db,
  api,
  kick() {
    drainLoop.kick();
    askServiceWorkerToDrain();
  },
};

let started = false;
/** Starts sending: now, whenever the browser says it is online again, and on focus. */
export function startSync(): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  window.addEventListener('online', ctx.kick);
  window.addEventListener('focus', ctx.kick);
  ctx.kick();
}

export const actions = {
  login: (username: string, password: string) => auth.login(ctx, username, password),
  register: (body: RegisterBody) => auth.register(ctx, body),
  countUnsent: () => auth.countUnsent(ctx),
  async logout() {
    await drainLoop.idle();
    await auth.logout(ctx);
  },
  refreshCurrentUser: () => auth.refreshCurrentUser(ctx),
  forgotPassword: (email: string) => auth.forgotPassword(ctx, email),
  resetPassword: (token: string, newPassword: string) => auth.resetPassword(ctx, token, newPassword),
  saveProfile: (patch: UpdateMeBody) => profile.saveProfile(ctx, patch),
  uploadAvatar: (file: Blob, fileName?: string) => profile.uploadAvatar(ctx, file, fileName),
  async retryWrite(id: string) {
    await retryEntry(db, id);
    ctx.kick();
  },
  async discardWrite(id: string) {
    const entry = await db.outbox.where('id').equals(id).first();
    await db.outbox.where('id').equals(id).delete();
    if (entry?.target?.table === 'users') await auth.refreshCurrentUser(ctx);
  },
};
