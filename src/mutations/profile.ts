/** profile.update: the signed-in user's row, patched as the server will patch it. */
import { updateMeBody, type UpdateMeBody } from '../contract/users';
import type { UserRow } from '../db/schema';
import { defineMutation } from './types';

export function patchUser(row: UserRow, patch: UpdateMeBody): UserRow {
  const next = { ...row };
  if (patch.displayName !== undefined) next.displayName = patch.displayName?.trim() ? patch.displayName.trim() : null;
  if (patch.email !== undefined) next.email = patch.email;
  if (patch.defaultDeckId !== undefined) next.defaultDeckId = patch.defaultDeckId?.trim() ? patch.defaultDeckId.trim() : null;
  return next;
}

export const profileMutations = {
  'profile.update': defineMutation({
    args: updateMeBody,
    target: (_args, { me }) => ({ table: 'users', id: me.id }),
    apply(view, args, { me }) {
      const row = view.get<UserRow>('users', me.id);
      if (row) view.put('users', me.id, patchUser(row, args));
    },
  }),
};
