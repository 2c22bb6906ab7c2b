/**
 * Game invitations and leaving a game, on the mirror. Answering removes the invitation at once
 * (an accepted game arrives with the server's answer: the mirror cannot build it, the invitee
 * never saw it); leaving removes the game from this user's lists at once.
 */
import type { ClientMutator, RowView } from './types';

const answerInvite = {
  target: (args: { inviteId: string }) => ({ table: 'gameInvites', id: args.inviteId }),
  apply(view: RowView, args: { inviteId: string }) {
    if (view.get('gameInvites', args.inviteId)) view.delete('gameInvites', args.inviteId);
  },
};
export const gameInviteAccept: ClientMutator<'game.invite.accept'> = answerInvite;
export const gameInviteDecline: ClientMutator<'game.invite.decline'> = answerInvite;

export const gameLeave: ClientMutator<'game.leave'> = {
  target: (args) => ({ table: 'games', id: args.gameId }),
  apply: (view, args) => view.delete('games', args.gameId),
};
