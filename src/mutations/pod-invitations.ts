/**
 * Pod invitations on the mirror: an invitation being sent writes no row (the invite dialog reads
 * its outbox entry by the pseudo row 'podInvites:<podId>:<userId>'); accepting, declining or
 * withdrawing removes the invitation.
 */
import * as z from 'zod/mini';
import type { PodInvitationRow } from '../db/schema';
import { defineMutation, ref, uuid, type RowView } from './types';

const answerInvitation = {
  target: (args: { invitationId: string }) => ({ table: 'podInvitations', id: args.invitationId }),
  apply(view: RowView, args: { invitationId: string }) {
    if (view.get<PodInvitationRow>('podInvitations', args.invitationId)) view.delete('podInvitations', args.invitationId);
  },
};

export const podInvitationMutations = {
  'pod.invite': defineMutation({
    args: z.object({ id: uuid, podId: ref, userId: ref }),
    target: (args) => ({ table: 'podInvites', id: `${args.podId}:${args.userId}` }),
    apply() {},
  }),
  'pod.invitation.accept': defineMutation({ args: z.object({ invitationId: ref }), ...answerInvitation }),
  'pod.invitation.decline': defineMutation({ args: z.object({ invitationId: ref }), ...answerInvitation }),
  // The pod's owner withdraws any pending invitation of the pod; another member one they sent.
  'pod.invitation.withdraw': defineMutation({ args: z.object({ podId: ref, invitationId: ref }), ...answerInvitation }),
};
