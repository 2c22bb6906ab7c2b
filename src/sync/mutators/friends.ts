/** Friend mutations on the mirror: requests keyed by the friendship's id, which the client chose. */
import type { FriendRequestRow, FriendshipRow, UserRow } from '../../db/schema';
import type { ClientMutator } from './types';

export const friendRequest: ClientMutator<'friend.request'> = {
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
};

export const friendAccept: ClientMutator<'friend.accept'> = {
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
};

export const friendReject: ClientMutator<'friend.reject'> = {
  dropWhenRefused: true,
  target: (args) => ({ table: 'friendRequests', id: args.friendshipId }),
  apply: (view, args) => view.delete('friendRequests', args.friendshipId),
};

export const friendRemove: ClientMutator<'friend.remove'> = {
  dropWhenRefused: true,
  target: (args) => ({ table: 'friendships', id: args.friendshipId }),
  apply: (view, args) => view.delete('friendships', args.friendshipId),
};
