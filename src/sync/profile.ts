/**
 * Profile edits go through the outbox like every write: the mirror changes at once (the
 * screen shows it, also offline) and the server gets the patch when it can.
 * Avatar upload is online only: the file is sent as it is and the answer replaces the user
 * (spec section 4); offline it fails with the spec's 'Failed to upload avatar.'.
 */
import type { UpdateMeBody } from '../contract/users';
import { readSession } from '../db/session';
import type { SyncContext } from './context';
import { applyServerUser, patchUser, PROFILE_UPDATE_KIND } from './current-user';
import { enqueueWrite } from './outbox';

export async function saveProfile(ctx: SyncContext, patch: UpdateMeBody): Promise<void> {
  const { userId } = await readSession(ctx.db);
  if (!userId) throw new Error('Not logged in.');
  await enqueueWrite(
    ctx.db,
    { kind: PROFILE_UPDATE_KIND, method: 'PUT', path: '/api/users/me', body: patch, target: { table: 'users', id: userId } },
    async () => {
      const row = await ctx.db.users.get(userId);
      if (row) await ctx.db.users.put(patchUser(row, patch));
    },
  );
  ctx.kick();
}

export async function uploadAvatar(ctx: SyncContext, file: Blob, fileName = 'avatar'): Promise<void> {
  const form = new FormData();
  form.append('avatar', file, fileName);
  const user = await ctx.api.request('POST', '/api/users/avatar', { formData: form });
  await applyServerUser(ctx.db, user);
}
