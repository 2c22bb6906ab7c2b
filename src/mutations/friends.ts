/** Friend mutations on the mirror: requests keyed by the friendship's id, which the client chose. */
import * as z from 'zod/mini';
import type { FriendRequestRow, FriendshipRow, UserRow } from '../db/schema';
import { defineMutation, ref, uuid } from './types';

export const friendMutations = {
  'friend.request': defineMutation({
    args: z.object({ id: uuid, addresseeId: ref }),
    mutationId: (args) => args.id,
    target: (args) => ({ table: 'friendRequests', id: args.id }),
    reads: (args) => [{ table: 'users', id: args.addresseeId }],
    apply(view, args, { me, at }) {
      if (view.get('friendRequests', args.id)) return;
      const addressee = view.get<UserRow>('users', args.addresseeId);
      if (!addressee) return;
      view.put('friendRequests', args.id, {
        friendshipId: args.id,
        status: 'PENDING',
        requester: me,
        addressee: { id: addressee.id, username: addressee.username, displayName: addressee.displayName, avatarUrl: addressee.avatarUrl },
        createdAt: at,
        direction: 'outgoing',
      } satisfies FriendRequestRow);
    },
  }),

  'friend.accept': defineMutation({
    args: z.object({ friendshipId: ref }),
    dropWhenRefused: true,
    target: (args) => ({ table: 'friendRequests', id: args.friendshipId }),
    writes: (args) => [
      { table: 'friendRequests', id: args.friendshipId },
      { table: 'friendships', id: args.friendshipId },
    ],
    apply(view, args) {
      const request = view.get<FriendRequestRow>('friendRequests', args.friendshipId);
      if (!request) return;
      view.delete('friendRequests', args.friendshipId);
      view.put('friendships', args.friendshipId, {
        friendshipId: args.friendshipId,
        status: 'ACCEPTED',
        friend: request.direction === 'incoming' ? request.requester : request.addressee,
        requester: request.requester,
        createdAt: request.createdAt,
      } satisfies FriendshipRow);
    },
  }),

  'friend.reject': defineMutation({
    args: z.object({ friendshipId: ref }),
    dropWhenRefused: true,
    target: (args) => ({ table: 'friendRequests', id: args.friendshipId }),
    apply: (view, args) => view.delete('friendRequests', args.friendshipId),
  }),

  'friend.remove': defineMutation({
    args: z.object({ friendshipId: ref }),
    dropWhenRefused: true,
    target: (args) => ({ table: 'friendships', id: args.friendshipId }),
    apply: (view, args) => view.delete('friendships', args.friendshipId),
  }),
};
