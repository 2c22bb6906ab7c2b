/**
 * Pod mutations on the mirror. Leave and delete hide the pod (`pendingRemoval`) until the server
 * agrees; an invitation being sent writes no row (the invite dialog reads its outbox entry by
 * the pseudo row 'podInvites:<podId>:<userId>'); accepting, declining or withdrawing removes the invitation.
 */
import type { PodInvitationRow, PodRow } from '../../db/schema';
import type { ClientMutator, RowView } from './types';

function patchPod(view: RowView, podId: string, patch: (pod: PodRow) => Partial<PodRow>): void {
  const pod = view.get<PodRow>('pods', podId);
  if (pod) view.put('pods', podId, { ...pod, ...patch(pod) });
}

const onPod = (args: { podId: string }) => ({ table: 'pods', id: args.podId });

export const podCreate: ClientMutator<'pod.create'> = {
  target: (args) => ({ table: 'pods', id: args.id }),
  apply(view, args, { me, at }) {
    if (view.get('pods', args.id)) return;
    view.put('pods', args.id, { id: args.id, name: args.name, ownerId: me.id, createdById: me.id, members: [me], createdAt: at } satisfies PodRow);
  },
};

export const podRename: ClientMutator<'pod.rename'> = {
  target: onPod,
  apply: (view, args) => patchPod(view, args.podId, () => ({ name: args.name })),
};

export const podInvite: ClientMutator<'pod.invite'> = {
  target: (args) => ({ table: 'podInvites', id: `${args.podId}:${args.userId}` }),
  apply() {},
};

const answerInvitation = {
  target: (args: { invitationId: string }) => ({ table: 'podInvitations', id: args.invitationId }),
  apply(view: RowView, args: { invitationId: string }) {
    if (view.get<PodInvitationRow>('podInvitations', args.invitationId)) view.delete('podInvitations', args.invitationId);
  },
};
export const podInvitationAccept: ClientMutator<'pod.invitation.accept'> = answerInvitation;
export const podInvitationDecline: ClientMutator<'pod.invitation.decline'> = answerInvitation;
export const podInvitationWithdraw: ClientMutator<'pod.invitation.withdraw'> = answerInvitation;

export const podMemberRemove: ClientMutator<'pod.member.remove'> = {
  target: onPod,
  apply: (view, args) => patchPod(view, args.podId, (pod) => ({ members: pod.members.filter((member) => member.id !== args.userId) })),
};

export const podOwnerAssign: ClientMutator<'pod.owner.assign'> = {
  target: onPod,
  apply: (view, args) => patchPod(view, args.podId, () => ({ ownerId: args.newOwnerId })),
};

export const podLeave: ClientMutator<'pod.leave'> = {
  target: onPod,
  apply: (view, args) => patchPod(view, args.podId, () => ({ pendingRemoval: true })),
};

export const podDelete: ClientMutator<'pod.delete'> = {
  target: onPod,
  apply: (view, args) => patchPod(view, args.podId, () => ({ pendingRemoval: true })),
};
