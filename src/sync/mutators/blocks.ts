/**
 * Blocks on the mirror: blocking shows the person in Blocked users at once (their public fields
 * from the users table) and drops the friendship it ends when the app names it (`friendshipId`);
 * the server ends any friendship or request between the two. Unblocking removes the row at once.
 */
import type { BlockedUserRow, UserRow } from '../../db/schema';
import type { ClientMutator } from './types';

export const userBlock: ClientMutator<'user.block'> = {
  target: (args) => ({ table: 'blockedUsers', id: args.userId }),
  writes: (args) => [{ table: 'blockedUsers', id: args.userId }, ...(args.friendshipId ? [{ table: 'friendships', id: args.friendshipId }] : [])],
  reads: (args) => [{ table: 'users', id: args.userId }],
  apply(view, args, { at }) {
    const known = view.get<UserRow>('users', args.userId);
    const user = known ? { id: known.id, username: known.username, displayName: known.displayName, avatarUrl: known.avatarUrl } : { id: args.userId, username: '', displayName: null, avatarUrl: null };
    if (!view.get<BlockedUserRow>('blockedUsers', args.userId)) view.put('blockedUsers', args.userId, { userId: args.userId, user, createdAt: at } satisfies BlockedUserRow);
    // Offline too, the blocked friend leaves the friends list at once.
    if (args.friendshipId) view.delete('friendships', args.friendshipId);
  },
};

export const userUnblock: ClientMutator<'user.unblock'> = {
  target: (args) => ({ table: 'blockedUsers', id: args.userId }),
  apply: (view, args) => view.delete('blockedUsers', args.userId),
};
