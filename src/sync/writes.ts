/**
 * The writes screens make, as mutations (src/contract/mutations.ts): each shows at once on the
 * mirror and waits in the outbox until the server has it. Games: src/sync/table/games.ts.
 */
import type { DeckInput } from '../contract/decks';
import type { UpdateMeBody } from '../contract/users';
import type { SyncContext } from './context';
import { mutate, newId } from './mutate';

async function send(ctx: SyncContext, write: Promise<unknown>): Promise<void> {
  await write;
  ctx.kick();
}

export const writes = {
  saveProfile: (ctx: SyncContext, patch: UpdateMeBody) => send(ctx, mutate(ctx.db, 'profile.update', patch)),

  async sendDirectMessage(ctx: SyncContext, receiverId: string, content: string): Promise<string> {
    const id = newId();
    await send(ctx, mutate(ctx.db, 'dm.send', { id, receiverId, content }, { id }));
    return id;
  },
  async createPod(ctx: SyncContext, name: string): Promise<string> {
    const id = newId();
    await send(ctx, mutate(ctx.db, 'pod.create', { id, name }, { id }));
    return id;
  },
  async sendPodMessage(ctx: SyncContext, podId: string, content: string): Promise<string> {
    const id = newId();
    await send(ctx, mutate(ctx.db, 'pod.message.send', { id, podId, content }, { id }));
    return id;
  },
  inviteToPod: (ctx: SyncContext, podId: string, userId: string) => send(ctx, mutate(ctx.db, 'pod.invite', { id: newId(), podId, userId })),
  acceptPodInvitation: (ctx: SyncContext, invitationId: string) => send(ctx, mutate(ctx.db, 'pod.invitation.accept', { invitationId })),
  declinePodInvitation: (ctx: SyncContext, invitationId: string) => send(ctx, mutate(ctx.db, 'pod.invitation.decline', { invitationId })),
  withdrawPodInvitation: (ctx: SyncContext, podId: string, invitationId: string) =>
    send(ctx, mutate(ctx.db, 'pod.invitation.withdraw', { podId, invitationId })),
  removePodMember: (ctx: SyncContext, podId: string, userId: string) => send(ctx, mutate(ctx.db, 'pod.member.remove', { podId, userId })),
  assignPodOwner: (ctx: SyncContext, podId: string, newOwnerId: string) => send(ctx, mutate(ctx.db, 'pod.owner.assign', { podId, newOwnerId })),
  leavePod: (ctx: SyncContext, podId: string) => send(ctx, mutate(ctx.db, 'pod.leave', { podId })),
  deletePod: (ctx: SyncContext, podId: string) => send(ctx, mutate(ctx.db, 'pod.delete', { podId })),

  async sendFriendRequest(ctx: SyncContext, addresseeId: string): Promise<void> {
    const id = newId();
    await send(ctx, mutate(ctx.db, 'friend.request', { id, addresseeId }, { id }));
  },
  acceptFriendRequest: (ctx: SyncContext, friendshipId: string) => send(ctx, mutate(ctx.db, 'friend.accept', { friendshipId })),
  rejectFriendRequest: (ctx: SyncContext, friendshipId: string) => send(ctx, mutate(ctx.db, 'friend.reject', { friendshipId })),
  removeFriend: (ctx: SyncContext, friendshipId: string) => send(ctx, mutate(ctx.db, 'friend.remove', { friendshipId })),
  blockUser: (ctx: SyncContext, userId: string, friendshipId?: string) => send(ctx, mutate(ctx.db, 'user.block', friendshipId ? { userId, friendshipId } : { userId })),
  unblockUser: (ctx: SyncContext, userId: string) => send(ctx, mutate(ctx.db, 'user.unblock', { userId })),

  /** Creates a deck (a new client-chosen id) or replaces one; returns its id. */
  async saveDeck(ctx: SyncContext, input: DeckInput, existingId?: string): Promise<string> {
    const id = existingId ?? newId();
    const create = existingId === undefined;
    await send(ctx, mutate(ctx.db, 'deck.save', { ...input, id, create }, create ? { id } : {}));
    return id;
  },
  deleteDeck: (ctx: SyncContext, id: string) => send(ctx, mutate(ctx.db, 'deck.delete', { id })),

  acceptGameInvite: (ctx: SyncContext, inviteId: string) => send(ctx, mutate(ctx.db, 'game.invite.accept', { inviteId })),
  declineGameInvite: (ctx: SyncContext, inviteId: string) => send(ctx, mutate(ctx.db, 'game.invite.decline', { inviteId })),
  leaveGame: (ctx: SyncContext, gameId: string) => send(ctx, mutate(ctx.db, 'game.leave', { gameId })),
};
