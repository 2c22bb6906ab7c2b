/** Account actions (the spec's "Users and auth" calls). They persist the session; screens only call them. */
import {
  loginResponse,
  messageResponse,
  userSchema,
  type LoginResponse,
  type RegisterBody,
  type User,
} from '../../contract/users';
import { readSession, wipeMirror, writeSession } from '../../db/session';
import { ApiError, NetworkError, TimeoutError } from '../engine/api';
import { applyServerData } from '../engine/apply-server';
import { applyRecordedVerdicts } from '../engine/apply-server';
import type { SyncContext } from '../engine/context';
import { addPendingRevocation } from '../engine/revocations';
import { readStoredToken, storeToken } from '../engine/token';

/** Logout does not wait long for the server: the device forgets the session either way. */
const LOGOUT_TIMEOUT_MS = 5000;

export async function applyServerUser(ctx: Pick<SyncContext, 'db'>, raw: unknown): Promise<User> {
  const user = userSchema.parse(raw);
  await applyServerData(ctx.db, { puts: { users: [user] } });
  return user;
}

export async function login(ctx: SyncContext, username: string, password: string): Promise<LoginResponse> {
  const answer = loginResponse.parse(await ctx.api.request('POST', '/api/users/login', { body: { username, password } }));
  const previous = await readSession(ctx.db);
  // Another person's leftovers (a session that was never logged out) must not leak into this one.
  if (previous.userId && previous.userId !== answer.user.id) await wipeMirror(ctx.db);
  storeToken(answer.token);
  await writeSession(ctx.db, { userId: answer.user.id, token: answer.token, paused: false, updateRequired: undefined });
  // The signed-in user's row first: every write and every server row is read as "mine" by it.
  await ctx.db.users.put(answer.user);
  await applyServerUser(ctx, answer.user);
  ctx.kick();
  return answer;
}

/** The server's neutral answer (the same whether or not the e-mail already had an account). */
export async function register(ctx: Pick<SyncContext, 'api'>, body: RegisterBody): Promise<string> {
  return messageResponse.parse(await ctx.api.request('POST', '/api/users', { body })).message;
}

/** Number of writes the server has not accepted yet; logout warns when it is not zero. */
export async function countUnsent(ctx: SyncContext): Promise<number> {
  // Writes the service worker got a verdict for are counted as the verdict says.
  await applyRecordedVerdicts(ctx.db).catch((error: unknown) => console.warn('Recorded verdicts were not applied.', error));
  return ctx.db.outbox.count();
}

/**
 * Revokes the token, then wipes the mirror. Without an answer from the server (offline, down,
 * slow) the token is kept for revocation when the server answers again (src/sync/engine/revocations.ts).
 */
export async function logout(ctx: SyncContext): Promise<void> {
  const token = readStoredToken() ?? (await readSession(ctx.db)).token;
  try {
    if (token) await ctx.api.request('POST', '/api/users/logout', { bearer: token, timeoutMs: LOGOUT_TIMEOUT_MS });
  } catch (error) {
    const unanswered = error instanceof NetworkError || error instanceof TimeoutError || (error instanceof ApiError && (error.status >= 500 || error.status === 429));
    if (token && unanswered) await addPendingRevocation(ctx.db, token);
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
    const user = userSchema.parse(await ctx.api.request('GET', '/api/users/me'));
    const session = await readSession(ctx.db);
    // The mirror may have been wiped (or never written) while localStorage kept the token:
    // the service worker's sender needs its copy.
    const token = readStoredToken();
    if (session.userId !== user.id || (token && session.token !== token)) await writeSession(ctx.db, { userId: user.id, token });
    if (!(await ctx.db.users.get(user.id))) await ctx.db.users.put(user);
    await applyServerUser(ctx, user);
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

export async function forgotPassword(ctx: Pick<SyncContext, 'api'>, email: string): Promise<string> {
  return messageResponse.parse(await ctx.api.request('POST', '/api/auth/forgot-password', { body: { email } })).message;
}

export async function resetPassword(ctx: Pick<SyncContext, 'api'>, token: string, newPassword: string): Promise<string> {
  const path = `/api/auth/reset-password/${encodeURIComponent(token)}`;
  return messageResponse.parse(await ctx.api.request('PATCH', path, { body: { newPassword } })).message;
}
