/**
 * Blocks on the mirror: blocking shows the person in Blocked users at once (their public fields
 * from the users table) and drops the friendship it ends when the app names it (`friendshipId`);
 * the server ends any friendship or request between the two. Unblocking removes the row at once.
 */
import * as z from 'zod/mini';
import type { BlockedUserRow, UserRow } from '../db/schema';
import { defineMutation, ref } from './types';

export const blockMutations = {
  'user.block': defineMutation({
    // `friendshipId`: the friendship the block ends, when the app knows it (the mirror drops it at once; the server ends any).
    args: z.object({ userId: ref, friendshipId: z.optional(ref) }),
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
  }),

  'user.unblock': defineMutation({
    args: z.object({ userId: ref }),
    target: (args) => ({ table: 'blockedUsers', id: args.userId }),
    apply: (view, args) => view.delete('blockedUsers', args.userId),
  }),
};
