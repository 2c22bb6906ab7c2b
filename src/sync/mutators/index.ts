/** The app's optimistic side of every mutation, by name (the server's apply: server/sync/registry.ts). */
import { userBlock, userUnblock } from './blocks';
import { deckDelete, deckSave } from './decks';
import { friendAccept, friendReject, friendRemove, friendRequest } from './friends';
import { gameInviteAccept, gameInviteDecline, gameLeave } from './gameInvites';
import { gameCreate, gameDelete, gameIncrement, gameUpdate } from './games';
import { dmSend, podMessageSend } from './messages';
import { podCreate, podDelete, podInvitationAccept, podInvitationDecline, podInvitationWithdraw, podInvite, podLeave, podMemberRemove, podOwnerAssign, podRename } from './pods';
import { profileUpdate } from './profile';
import type { ClientMutators } from './types';

export const clientMutators: ClientMutators = {
  'profile.update': profileUpdate,
  'dm.send': dmSend,
  'pod.create': podCreate,
  'pod.rename': podRename,
  'pod.message.send': podMessageSend,
  'pod.invite': podInvite,
  'pod.invitation.accept': podInvitationAccept,
  'pod.invitation.decline': podInvitationDecline,
  'pod.invitation.withdraw': podInvitationWithdraw,
  'pod.member.remove': podMemberRemove,
  'pod.owner.assign': podOwnerAssign,
  'pod.leave': podLeave,
  'pod.delete': podDelete,
  'friend.request': friendRequest,
  'friend.accept': friendAccept,
  'friend.reject': friendReject,
  'friend.remove': friendRemove,
  'user.block': userBlock,
  'user.unblock': userUnblock,
  'deck.save': deckSave,
  'deck.delete': deckDelete,
  'game.create': gameCreate,
  'game.increment': gameIncrement,
  'game.update': gameUpdate,
  'game.delete': gameDelete,
  'game.invite.accept': gameInviteAccept,
  'game.invite.decline': gameInviteDecline,
  'game.leave': gameLeave,
};
