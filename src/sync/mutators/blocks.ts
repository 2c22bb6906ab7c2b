/**
 * Blocks on the mirror: blocking shows the person in Blocked users at once (their public fields
 * from the users table); the friendship the server ends with it leaves the mirror with the
 * server's FRIENDSHIP_REMOVED. Unblocking removes the row at once.
 */
import type { BlockedUserRow, UserRow } from '../../db/schema';
import type { ClientMutator } from './types';

export const userBlock: ClientMutator<'user.block'> = {
  target: (args) => ({ table: 'blockedUsers', id: args.userId }),
  reads: (args) => [{ table: 'users', id: args.userId }],
  apply(view, args, { at }) {
    const known = view.get<UserRow>('users', args.userId);
    const user = known ? { id: known.id, username: known.username, displayName: known.displayName, avatarUrl: known.avatarUrl } : { id: args.userId, username: '', displayName: null, avatarUrl: null };
    if (!view.get<BlockedUserRow>('blockedUsers', args.userId)) view.put('blockedUsers', args.userId, { userId: args.userId, user, createdAt: at } satisfies BlockedUserRow);
  },
};

export const userUnblock: ClientMutator<'user.unblock'> = {
  target: (args) => ({ table: 'blockedUsers', id: args.userId }),
  apply: (view, args) => view.delete('blockedUsers', args.userId),
};
