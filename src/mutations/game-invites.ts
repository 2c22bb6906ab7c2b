/**
 * Game invitations and leaving a game, on the mirror. Answering removes the invitation at once
 * (an accepted game arrives with the server's answer: the mirror cannot build it, the invitee
 * never saw it); leaving removes the game from this user's lists at once.
 */
import * as z from 'zod/mini';
import { defineMutation, ref, type RowView } from './types';

const answerInvite = {
  args: z.object({ inviteId: ref }),
  target: (args: { inviteId: string }) => ({ table: 'gameInvites', id: args.inviteId }),
  apply(view: RowView, args: { inviteId: string }) {
    if (view.get('gameInvites', args.inviteId)) view.delete('gameInvites', args.inviteId);
  },
};

export const gameInviteMutations = {
  'game.invite.accept': defineMutation(answerInvite),
  'game.invite.decline': defineMutation(answerInvite),

  'game.leave': defineMutation({
    args: z.object({ gameId: ref }),
    target: (args) => ({ table: 'games', id: args.gameId }),
    apply: (view, args) => view.delete('games', args.gameId),
  }),
};
