/**
 * Friends (spec section 7): accepted friendships, pending requests both ways, send, accept,
 * reject and unfriend/block (one delete). A pair of people has at most one row, whichever
 * side asked; only the addressee accepts; either side may reject a pending request or end a
 * friendship. Both people's devices hear of every change.
 */
import type { FastifyInstance } from 'fastify';
import { and, desc, eq, or } from 'drizzle-orm';
import { acceptFriendRequestBody, sendFriendRequestBody } from '../../src/contract/social';
import { requireUser } from '../auth/authenticate';
import { friendships } from '../db/schema';
import type { Db, DbOrTx } from '../db/types';
import type { AppDeps } from '../deps';
import { badRequest, conflict, forbidden, notFound } from '../errors';
import { findUserById } from '../users/repo';
import { isUuid, parseBody } from '../validate';
import { SocialText } from './text';
import { publicUsers, toFriendRequest, toFriendship, type FriendshipRow } from './views';
import { AUTH, IDEMPOTENT } from './writes';

type IdParams = { Params: { id: string } };

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

export function registerFriendRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db, hub } = deps;

  async function requestView(database: Db, row: FriendshipRow) {
    return toFriendRequest(row, await publicUsers(database, [row.requesterId, row.addresseeId]));
  }

  app.get('/api/friends', AUTH, async (request) => {
    const me = requireUser(request).id;
    const rows = await db
      .select()
      .from(friendships)
      .where(and(eq(friendships.status, 'ACCEPTED'), involves(me)));
    const people = await publicUsers(db, rows.flatMap((row) => [row.requesterId, row.addresseeId]));
    return rows
      .map((row) => toFriendship(row, me, people))
      .sort((a, b) => a.friend.username.toLowerCase().localeCompare(b.friend.username.toLowerCase()));
  });

  app.get('/api/friends/pending', AUTH, async (request) => {
    const me = requireUser(request).id;
    const rows = await db
      .select()
      .from(friendships)
      .where(and(eq(friendships.status, 'PENDING'), involves(me)))
      .orderBy(desc(friendships.createdAt), desc(friendships.id));
    const people = await publicUsers(db, rows.flatMap((row) => [row.requesterId, row.addresseeId]));
    return rows.map((row) => toFriendRequest(row, people));
  });

  app.post('/api/friends/send-request', IDEMPOTENT, async (request, reply) => {
    const me = requireUser(request).id;
    const { addresseeId } = parseBody(sendFriendRequestBody, request.body);
    if (addresseeId === me) throw badRequest(SocialText.friendSelf);
    if (!isUuid(addresseeId) || !(await findUserById(db, addresseeId))) throw notFound(SocialText.userNotFound);
    const key = request.idempotencyKey;

    /** A row for this pair exists: a replay of this very request gets its answer again, anything else is a 409. */
    const answerExisting = async (row: FriendshipRow) => {
      if (row.status === 'ACCEPTED') throw conflict(SocialText.alreadyFriends);
      if (row.requesterId === me && key !== null && row.clientId === key) return reply.code(201).send(await requestView(db, row));
      throw conflict(SocialText.requestPending);
    };

    let created: FriendshipRow | undefined;
    // Two rounds: the other person may ask at the same moment (the pair is unique either way).
    for (let attempt = 0; attempt < 2 && !created; attempt += 1) {
      const existing = await findPair(db, me, addresseeId);
      if (existing) return answerExisting(existing);
      [created] = await db
        .insert(friendships)
        .values({ requesterId: me, addresseeId, status: 'PENDING', clientId: key, createdAt: deps.now() })
        .onConflictDoNothing()
        .returning();
    }
    if (!created) throw conflict(SocialText.requestPending);
    const view = await requestView(db, created);
    hub.publishToUsers([me, addresseeId], { type: 'FRIEND_REQUEST', payload: view });
    return reply.code(201).send(view);
  });

  app.put<IdParams>('/api/friends/:id/accept', IDEMPOTENT, async (request) => {
    const me = requireUser(request).id;
    const { id } = request.params;
    if (!isUuid(id)) throw notFound(SocialText.requestNotFound);
    parseBody(acceptFriendRequestBody, request.body);
    const { row, changed } = await db.transaction(async (tx) => {
      const [found] = await tx.select().from(friendships).where(eq(friendships.id, id)).for('update');
      if (!found || (found.requesterId !== me && found.addresseeId !== me)) throw notFound(SocialText.requestNotFound);
      if (found.addresseeId !== me) throw forbidden(SocialText.onlyAddresseeAccepts);
      // Accepting twice (a replay whose answer was lost) answers the friendship as it is.
      if (found.status === 'ACCEPTED') return { row: found, changed: false };
      const [updated] = await tx
        .update(friendships)
        .set({ status: 'ACCEPTED', acceptedAt: deps.now() })
        .where(eq(friendships.id, id))
        .returning();
      return { row: updated!, changed: true };
    });
    const people = await publicUsers(db, [row.requesterId, row.addresseeId]);
    if (changed) {
      for (const viewer of [row.requesterId, row.addresseeId]) {
        hub.publishToUsers([viewer], { type: 'FRIENDSHIP_UPDATED', payload: toFriendship(row, viewer, people) });
      }
    }
    return toFriendship(row, me, people);
  });

  async function remove(me: string, id: string, status: 'PENDING' | 'ACCEPTED', missing: string): Promise<void> {
    if (!isUuid(id)) throw notFound(missing);
    const [deleted] = await db
      .delete(friendships)
      .where(and(eq(friendships.id, id), eq(friendships.status, status), involves(me)))
      .returning();
    if (!deleted) throw notFound(missing);
    hub.publishToUsers([deleted.requesterId, deleted.addresseeId], { type: 'FRIENDSHIP_REMOVED', friendshipId: deleted.id });
  }

  /** Either side of a pending request: the addressee declines, the requester withdraws. */
  app.delete<IdParams>('/api/friends/:id/reject', IDEMPOTENT, async (request, reply) => {
    await remove(requireUser(request).id, request.params.id, 'PENDING', SocialText.requestNotFound);
    return reply.code(204).send();
  });

  /** Unfriend or block (the spec uses this one call for both). */
  app.delete<IdParams>('/api/friends/:id', IDEMPOTENT, async (request, reply) => {
    await remove(requireUser(request).id, request.params.id, 'ACCEPTED', SocialText.friendshipNotFound);
    return reply.code(204).send();
  });
}
