/**
 * Avatar upload is online only: the file is sent as it is and the answer replaces the user
 * (the spec's states and transitions); offline it fails with the spec's 'Failed to upload avatar.'. (Profile edits
 * are the profile.update mutation: src/sync/actions/writes.ts.)
 */
import { userSchema } from '../../contract/users';
import { applyServerData } from '../engine/apply-server';
import type { SyncContext } from '../engine/context';

export async function uploadAvatar(ctx: SyncContext, file: Blob, fileName = 'avatar'): Promise<void> {
  const form = new FormData();
  form.append('avatar', file, fileName);
  const user = userSchema.parse(await ctx.api.request('POST', '/api/users/avatar', { formData: form, timeoutMs: 0 }));
  await applyServerData(ctx.db, { puts: { users: [user] } });
}
