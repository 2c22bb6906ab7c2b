/** Account actions (spec sections 4 and 7). They persist the session; screens only call them. */
import {
  loginResponse,
  messageResponse,
  userSchema,
  type LoginResponse,
  type RegisterBody,
  type User,
} from '../contract/users';
import { readSession, wipeMirror, writeSession } from '../db/session';
import { ApiError } from './api';
import type { SyncContext } from './context';
import { applyServerUser } from './current-user';
import { readStoredToken, storeToken } from './token';

export async function login(ctx: SyncContext, username: string, password: string): Promise<LoginResponse> {
  const answer = loginResponse.parse(await ctx.api.request('POST', '/api/users/login', { body: { username, password } }));
  const previous = await readSession(ctx.db);
  // Another person's leftovers (a session that was never logged out) must not leak into this one.
  if (previous.userId && previous.userId !== answer.user.id) await wipeMirror(ctx.db);
  storeToken(answer.token);
  await writeSession(ctx.db, { userId: answer.user.id, token: answer.token, paused: false });
  await applyServerUser(ctx.db, answer.user);
  ctx.kick();
  return answer;
}

export async function register(ctx: SyncContext, body: RegisterBody): Promise<User> {
  return userSchema.parse(await ctx.api.request('POST', '/api/users', { body }));
}

/** Number of writes the server has not accepted yet; logout warns when it is not zero. */
export function countUnsent(ctx: SyncContext): Promise<number> {
  return ctx.db.outbox.count();
}

/** Revokes the token (best effort: offline logout still works locally), then wipes the mirror. */
export async function logout(ctx: SyncContext): Promise<void> {
  try {
    await ctx.api.request('POST', '/api/users/logout');
  } catch {
    // The server copy of the token expires on its own; the device forgets it either way.
  }
  storeToken(null);
  await wipeMirror(ctx.db);
}

export type RefreshResult = 'ok' | 'offline' | 'logged-out';

/**
 * Re-reads the current user. An answer of 401/403/404 means the session is gone: the caller
 * logs out (spec: a failing current-user load logs out). No answer at all keeps the mirror:
 * offline is not a reason to log anyone out.
 */
export async function refreshCurrentUser(ctx: SyncContext): Promise<RefreshResult> {
  try {
    const user = await applyServerUser(ctx.db, await ctx.api.request('GET', '/api/users/me'));
    const session = await readSession(ctx.db);
    // The mirror may have been wiped (or never written) while localStorage kept the token:
    // the service worker's sender needs its copy.
    const token = readStoredToken();
    if (session.userId !== user.id || (token && session.token !== token)) await writeSession(ctx.db, { userId: user.id, token });
    if (session.paused) {
      await writeSession(ctx.db, { paused: false });
      ctx.kick();
    }
    return 'ok';
  } catch (error) {
    if (error instanceof ApiError && [401, 403, 404].includes(error.status)) return 'logged-out';
    if (error instanceof ApiError) throw error;
    return 'offline';
  }
}

export async function forgotPassword(ctx: SyncContext, email: string): Promise<string> {
  return messageResponse.parse(await ctx.api.request('POST', '/api/auth/forgot-password', { body: { email } })).message;
}

export async function resetPassword(ctx: SyncContext, token: string, newPassword: string): Promise<string> {
  const path = `/api/auth/reset-password/${encodeURIComponent(token)}`;
  return messageResponse.parse(await ctx.api.request('PATCH', path, { body: { newPassword } })).message;
}
