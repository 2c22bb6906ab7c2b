/** The server's apply of every mutation, by name (the app's optimistic side: src/sync/mutators). */
import type { ServerMutators } from './mutator';
import { userBlock, userUnblock } from './mutators/blocks';
import { deckDelete, deckSave } from './mutators/decks';
import { dmSend } from './mutators/directMessages';
import { friendAccept, friendReject, friendRemove, friendRequest } from './mutators/friends';
import { gameInviteAccept, gameInviteDecline, gameLeave } from './mutators/gameInvites';
import { gameCreate, gameDelete, gameIncrementMutator, gameUpdateMutator } from './mutators/games';
import { podInvitationAccept, podInvitationDecline, podInvitationWithdraw, podInvite } from './mutators/podInvitations';
import { podMessageSend } from './mutators/podMessages';
import { podCreate, podDelete, podLeave, podMemberRemove, podOwnerAssign, podRename } from './mutators/pods';
import { profileUpdate } from './mutators/profile';

export const serverMutators: ServerMutators = {
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
  'game.increment': gameIncrementMutator,
  'game.update': gameUpdateMutator,
  'game.delete': gameDelete,
  'game.invite.accept': gameInviteAccept,
  'game.invite.decline': gameInviteDecline,
  'game.leave': gameLeave,
};
