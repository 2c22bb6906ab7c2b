/**
 * Friends: request (the friendship takes the client's UUID), accept, reject and unfriend. A pair
 * of people has at most one row, whichever side asked; only the addressee accepts; either side
 * may reject a pending request or end a friendship. Both people hear of every change.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, or } from 'drizzle-orm';
import { acceptFriendRequestBody, sendFriendRequestBody } from '../../src/contract/social';
import { friendships } from '../db/schema';
import type { DbOrTx } from '../db/types';
import { badRequest, conflict, forbidden, notFound } from '../errors';
import { assertNotBlocked } from '../social/blocks';
import { SocialText } from '../social/text';
import { publicUsers, toFriendRequest, toFriendship, type FriendshipRow } from '../social/views';
import { findUserById } from '../users/repo';
import { isUuid } from '../validate';
import type { MutationContext, ServerMutator, ServerMutators } from '../sync/mutator';
import { ref } from '../sync/refs';
import { audienceOfFriendship } from '../visibility/friendships';
import { uuidParams } from '../http/params';
import { restRoute } from '../http/rest-route';

const friendshipParams = uuidParams('id');

const involves = (userId: string) => or(eq(friendships.requesterId, userId), eq(friendships.addresseeId, userId));

async function findPair(db: DbOrTx, a: string, b: string): Promise<FriendshipRow | undefined> {
  const [row] = await db
    .select()
    .from(friendships)
    .where(
      or(
        and(eq(friendships.requesterId, a), eq(friendships.addresseeId, b)),
        and(eq(friendships.requesterId, b), eq(friendships.addresseeId, a)),
      ),
    )
    .limit(1);
  return row;
}

async function requestView(db: DbOrTx, row: FriendshipRow) {
  return toFriendRequest(row, await publicUsers(db, [row.requesterId, row.addresseeId]));
}

export const friendRequest: ServerMutator<'friend.request'> = {
  rest: [
    restRoute({
      method: 'POST',
      url: '/api/friends/send-request',
      schema: { body: sendFriendRequestBody },
      status: 201,
      args: ({ body }) => ({ id: randomUUID(), addresseeId: body.addresseeId }),
    }),
  ],
  async apply({ tx, me, now, clientId, log }, { id, addresseeId }) {
    if (addresseeId === me.id) throw badRequest(SocialText.friendSelf);
    if (!isUuid(addresseeId) || !(await findUserById(tx, addresseeId))) throw notFound(SocialText.userNotFound);
    await assertNotBlocked(tx, me.id, addresseeId, () => notFound(SocialText.userNotFound));
    const existing = await findPair(tx, me.id, addresseeId);
    if (existing) {
      if (existing.status === 'ACCEPTED') throw conflict(SocialText.alreadyFriends);
      // Our own request made under another key answers again.
      const ours = existing.id === id || (clientId !== null && existing.clientId === clientId);
      if (existing.requesterId === me.id && ours) return requestView(tx, existing);
      throw conflict(SocialText.requestPending);
    }
    // The pair is unique either way: the other person asking at the same moment makes this insert
    // wait for theirs, and then it finds nothing to insert (answered as "pending").
    const [created] = await tx
      .insert(friendships)
      .values({ id, requesterId: me.id, addresseeId, status: 'PENDING', clientId, createdAt: now })
      .onConflictDoNothing()
      .returning();
    if (!created) throw conflict(SocialText.requestPending);
    const view = await requestView(tx, created);
    log.emit(audienceOfFriendship({ requesterId: me.id, addresseeId }), [ref('friendship', created.id)], { type: 'FRIEND_REQUEST', payload: view });
    return view;
  },
};

export const friendAccept: ServerMutator<'friend.accept'> = {
  rest: [
    restRoute({
      method: 'PUT',
      url: '/api/friends/:id/accept',
      schema: { params: friendshipParams, body: acceptFriendRequestBody },
      status: 200,
      args: ({ params }) => ({ friendshipId: params.id }),
    }),
  ],
  async apply({ tx, me, now, log }, { friendshipId }) {
    if (!isUuid(friendshipId)) throw notFound(SocialText.requestNotFound);
    const [found] = await tx.select().from(friendships).where(eq(friendships.id, friendshipId)).for('update');
    if (!found || (found.requesterId !== me.id && found.addresseeId !== me.id)) throw notFound(SocialText.requestNotFound);
    if (found.addresseeId !== me.id) throw forbidden(SocialText.onlyAddresseeAccepts);
    const people = await publicUsers(tx, [found.requesterId, found.addresseeId]);
    // Accepting twice (a repeat under another key) answers the friendship as it is.
    if (found.status === 'ACCEPTED') return toFriendship(found, me.id, people);
    const [row] = await tx.update(friendships).set({ status: 'ACCEPTED', acceptedAt: now }).where(eq(friendships.id, friendshipId)).returning();
    for (const viewer of audienceOfFriendship(row!)) {
      log.emit([viewer], [ref('friendship', friendshipId)], { type: 'FRIENDSHIP_UPDATED', payload: toFriendship(row!, viewer, people) });
    }
    return toFriendship(row!, me.id, people);
  },
};

async function removeFriendship({ tx, me, log }: MutationContext, id: string, status: 'PENDING' | 'ACCEPTED', missing: string): Promise<undefined> {
  if (!isUuid(id)) throw notFound(missing);
  const [deleted] = await tx
    .delete(friendships)
    .where(and(eq(friendships.id, id), eq(friendships.status, status), involves(me.id)))
    .returning();
  if (!deleted) throw notFound(missing);
  log.emit(audienceOfFriendship(deleted), [ref('friendship', id)], { type: 'FRIENDSHIP_REMOVED', friendshipId: id });
  return undefined;
}

/** Either side of a pending request: the addressee declines, the requester withdraws. */
export const friendReject: ServerMutator<'friend.reject'> = {
  /** Either side of a pending request: the addressee declines, the requester withdraws. */
  rest: [restRoute({ method: 'DELETE', url: '/api/friends/:id/reject', schema: { params: friendshipParams }, status: 204, args: ({ params }) => ({ friendshipId: params.id }) })],
  apply: (ctx, { friendshipId }) => removeFriendship(ctx, friendshipId, 'PENDING', SocialText.requestNotFound),
};

/** Unfriend (the spec's "unfriend or block" delete). */
export const friendRemove: ServerMutator<'friend.remove'> = {
  /** Unfriend (the spec's "unfriend or block"; a real block is POST /api/blocks). */
  rest: [restRoute({ method: 'DELETE', url: '/api/friends/:id', schema: { params: friendshipParams }, status: 204, args: ({ params }) => ({ friendshipId: params.id }) })],
  apply: (ctx, { friendshipId }) => removeFriendship(ctx, friendshipId, 'ACCEPTED', SocialText.friendshipNotFound),
};

/** This entity's write kinds, registered by server/mutations/index.ts. */
export const friendMutators = {
  'friend.request': friendRequest,
  'friend.accept': friendAccept,
  'friend.reject': friendReject,
  'friend.remove': friendRemove,
} satisfies Partial<ServerMutators>;
