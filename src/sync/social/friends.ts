/**
 * Friends: requests, accept, reject, unfriend/block (spec: both use the same delete call).
 * Requests are stored with their direction from the signed-in user's side.
 */
import { friendRequestSchema, friendshipSchema, sendFriendRequestBody } from '../../contract/social';
import type { PodTableDB } from '../../db/schema';
import { readSession } from '../../db/session';
import type { SyncContext } from '../context';
import { upsertPublicUsers } from '../merge';
import { enqueueWrite, newId } from '../outbox';
import type { Applier } from '../sender';
import { currentPublicUser } from './me';

export const FriendKinds = {
  request: 'friend.request',
  accept: 'friend.accept',
  reject: 'friend.reject',
  remove: 'friend.remove',
} as const;

export async function storeFriendRequests(db: PodTableDB, raw: unknown[]): Promise<void> {
  const requests = raw.map((item) => friendRequestSchema.parse(item));
  const { userId } = await readSession(db);
  await db.transaction('rw', [db.friendRequests, db.users], async () => {
    await db.friendRequests.bulkPut(requests.map((request) => ({ ...request, direction: request.requester.id === userId ? 'outgoing' : 'incoming' })));
    await upsertPublicUsers(db, requests.flatMap((request) => [request.requester, request.addressee]));
  });
}

export async function storeFriendships(db: PodTableDB, raw: unknown[]): Promise<void> {
  const friendships = raw.map((item) => friendshipSchema.parse(item));
  await db.transaction('rw', [db.friendships, db.friendRequests, db.users], async () => {
    await db.friendships.bulkPut(friendships);
    await db.friendRequests.bulkDelete(friendships.map((friendship) => friendship.friendshipId));
    await upsertPublicUsers(db, friendships.map((friendship) => friendship.friend));
  });
}

export async function forgetFriendship(db: PodTableDB, friendshipId: string): Promise<void> {
  await db.transaction('rw', [db.friendships, db.friendRequests], async () => {
    await db.friendships.delete(friendshipId);
    await db.friendRequests.delete(friendshipId);
  });
}

/** The optimistic request is keyed by the outbox entry's id until the server's record replaces it. */
export async function sendFriendRequest(ctx: SyncContext, addresseeId: string): Promise<void> {
  const body = sendFriendRequestBody.parse({ addresseeId });
  const me = await currentPublicUser(ctx.db);
  const id = newId();
  await enqueueWrite(
    ctx.db,
    { id, kind: FriendKinds.request, method: 'POST', path: '/api/friends/send-request', body, target: { table: 'friendRequests', id } },
    async () => {
      const addressee = await ctx.db.users.get(addresseeId);
      if (!addressee) return;
      await ctx.db.friendRequests.put({
        friendshipId: id,
        status: 'PENDING',
        requester: me,
        addressee: { id: addressee.id, username: addressee.username, displayName: addressee.displayName, avatarUrl: addressee.avatarUrl },
        createdAt: new Date().toISOString(),
        direction: 'outgoing',
        syncState: 'queued',
      });
    },
  );
  ctx.kick();
}

export async function acceptFriendRequest(ctx: SyncContext, friendshipId: string): Promise<void> {
  await enqueueWrite(
    ctx.db,
    {
      kind: FriendKinds.accept,
      method: 'PUT',
      path: `/api/friends/${encodeURIComponent(friendshipId)}/accept`,
      body: { status: 'ACCEPTED' },
      target: { table: 'friendRequests', id: friendshipId },
    },
    async () => {
      const request = await ctx.db.friendRequests.get(friendshipId);
      if (!request) return;
      await ctx.db.friendRequests.delete(friendshipId);
      await ctx.db.friendships.put({
        friendshipId,
        status: 'ACCEPTED',
        friend: request.direction === 'incoming' ? request.requester : request.addressee,
        requester: request.requester,
        createdAt: request.createdAt,
        syncState: 'queued',
      });
    },
  );
  ctx.kick();
}

/** Reject a request, or unfriend/block a friend: the spec uses one delete call for the last two. */
export async function removeFriendship(ctx: SyncContext, friendshipId: string, mode: 'reject' | 'remove'): Promise<void> {
  await enqueueWrite(
    ctx.db,
    {
      kind: mode === 'reject' ? FriendKinds.reject : FriendKinds.remove,
      method: 'DELETE',
      path: mode === 'reject' ? `/api/friends/${encodeURIComponent(friendshipId)}/reject` : `/api/friends/${encodeURIComponent(friendshipId)}`,
      target: { table: mode === 'reject' ? 'friendRequests' : 'friendships', id: friendshipId },
    },
    async () => forgetFriendship(ctx.db, friendshipId),
  );
  ctx.kick();
}

// Accept, reject and unfriend failures are only logged (spec section 8); the next pull
// restores whatever the server still holds.
const logFailure: Applier['failed'] = async (db, entry, message) => {
  console.warn(`${entry.kind} refused: ${message}`);
  if (entry.kind === FriendKinds.accept && entry.target) await db.friendships.delete(entry.target.id);
};

export const friendAppliers: Record<string, Applier> = {
  [FriendKinds.request]: {
    async applied(db, entry, body) {
      await db.friendRequests.delete(entry.id);
      await storeFriendRequests(db, [body]);
    },
    async failed(db, entry, message) {
      await db.friendRequests.update(entry.id, { syncState: 'failed', syncError: message });
    },
  },
  [FriendKinds.accept]: {
    async applied(db, _entry, body) {
      await storeFriendships(db, [body]);
    },
    failed: logFailure,
  },
  [FriendKinds.reject]: { async applied() {}, failed: logFailure },
  [FriendKinds.remove]: { async applied() {}, failed: logFailure },
};
