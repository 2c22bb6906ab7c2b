/**
 * Account-security actions. Online only, never queued: each needs the current
 * password checked now, and its answer (a message, or the changed user) is shown at once.
 * Offline they fail with NetworkError and the dialog says so.
 */
import { messageResponse, userSchema, type ChangeEmailBody, type ChangePasswordBody } from '../../contract/users';
import type { SyncContext } from '../engine/context';
import { applyServerUser } from './auth';

export async function changeEmail(ctx: SyncContext, body: ChangeEmailBody): Promise<string> {
  return messageResponse.parse(await ctx.api.request('POST', '/api/users/me/email', { body })).message;
}

export async function changePassword(ctx: SyncContext, body: ChangePasswordBody): Promise<string> {
  return messageResponse.parse(await ctx.api.request('POST', '/api/users/me/password', { body })).message;
}

/** Opened from the new mailbox, possibly on a device that is signed in as someone else: the mirror is updated only when it is this user. */
export async function confirmEmailChange(ctx: SyncContext, token: string): Promise<string> {
  const user = userSchema.parse(await ctx.api.request('POST', `/api/users/email-change/${encodeURIComponent(token)}`));
  const mine = await ctx.db.users.get(user.id);
  if (mine) await applyServerUser(ctx, user);
  return user.email;
}

export async function undoEmailChange(ctx: SyncContext, token: string): Promise<string> {
  return messageResponse.parse(await ctx.api.request('POST', `/api/users/email-change/${encodeURIComponent(token)}/undo`)).message;
}
