/**
 * user.block / user.unblock (src/contract/blocks.ts). Blocking inserts the row (twice is the
 * same block), ends the friendship or pending request of the pair (both hear FRIENDSHIP_REMOVED,
 * as for an unfriend: the friend list shows it either way), and withdraws the blocked person's
 * pending game invitations to the blocker. Only the blocker hears BLOCK_ADDED / BLOCK_REMOVED.
 * Blocking an account that does not exist is 404; unblocking someone not blocked is a no-op.
 */
import { and, eq, or } from 'drizzle-orm';
import { BlockText, blockUserBody } from '../../src/contract/blocks';
import { blocks, friendships, gameInvites } from '../db/schema';
import { badRequest, notFound } from '../errors';
import { blockViews } from '../social/blocks';
import { SocialText } from '../social/text';
import { findUserById } from '../users/repo';
import { isUuid } from '../validate';
import type { ServerMutator, ServerMutators } from '../sync/mutator';
import { ref } from '../sync/refs';
import { audienceOfBlock } from '../visibility/blocks';
import { audienceOfFriendship } from '../visibility/friendships';
import { audienceOfGameInvite } from '../visibility/game-invites';
import { uuidParams } from '../http/params';
import { restRoute } from '../http/rest-route';

export const userBlock: ServerMutator<'user.block'> = {
  rest: [restRoute({ method: 'POST', url: '/api/blocks', schema: { body: blockUserBody }, status: 201, args: ({ body }) => ({ userId: body.userId }) })],
  async apply({ tx, me, now, log }, { userId }) {
    if (userId === me.id) throw badRequest(BlockText.blockSelf);
    if (!isUuid(userId) || !(await findUserById(tx, userId))) throw notFound(SocialText.userNotFound);
    await tx.insert(blocks).values({ blockerId: me.id, blockedId: userId, createdAt: now }).onConflictDoNothing();
    const [row] = await tx.select().from(blocks).where(and(eq(blocks.blockerId, me.id), eq(blocks.blockedId, userId)));
    const pair = or(
      and(eq(friendships.requesterId, me.id), eq(friendships.addresseeId, userId)),
      and(eq(friendships.requesterId, userId), eq(friendships.addresseeId, me.id)),
    );
    for (const ended of await tx.delete(friendships).where(pair).returning({ id: friendships.id })) {
      log.emit(audienceOfFriendship({ requesterId: me.id, addresseeId: userId }), [ref('friendship', ended.id)], { type: 'FRIENDSHIP_REMOVED', friendshipId: ended.id });
    }
    const withdrawn = await tx
      .delete(gameInvites)
      .where(and(eq(gameInvites.inviteeId, me.id), eq(gameInvites.invitedById, userId)))
      .returning({ id: gameInvites.id, inviteeId: gameInvites.inviteeId });
    for (const invite of withdrawn) log.emit(audienceOfGameInvite(invite), [ref('gameInvite', invite.id)], { type: 'GAME_INVITE_REMOVED', inviteId: invite.id });
    const [view] = await blockViews(tx, [row!]);
    log.emit(audienceOfBlock({ blockerId: me.id }), [ref('block', userId)], { type: 'BLOCK_ADDED', payload: view! });
    return view;
  },
  async current({ tx, me }, { userId }) {
    if (!isUuid(userId)) return null;
    const rows = await tx.select().from(blocks).where(and(eq(blocks.blockerId, me.id), eq(blocks.blockedId, userId)));
    return (await blockViews(tx, rows))[0] ?? null;
  },
};

export const userUnblock: ServerMutator<'user.unblock'> = {
  rest: [
    restRoute({ method: 'DELETE', url: '/api/blocks/:userId', schema: { params: uuidParams('userId') }, status: 204, args: ({ params }) => ({ userId: params.userId }) }),
  ],
  async apply({ tx, me, log }, { userId }) {
    if (!isUuid(userId)) return undefined;
    const removed = await tx.delete(blocks).where(and(eq(blocks.blockerId, me.id), eq(blocks.blockedId, userId))).returning();
    if (removed.length > 0) log.emit(audienceOfBlock({ blockerId: me.id }), [ref('block', userId)], { type: 'BLOCK_REMOVED', userId });
    return undefined;
  },
};

/** This entity's write kinds, registered by server/mutations/index.ts. */
export const blockMutators = {
  'user.block': userBlock,
  'user.unblock': userUnblock,
} satisfies Partial<ServerMutators>;
