/**
 * Pod mutations on the mirror. Leave and delete hide the pod (`pendingRemoval`) until the server
 * agrees. Invitations: pod-invitations.ts.
 */
import * as z from 'zod/mini';
import { podDescription, podName } from '../contract/social';
import type { PodRow } from '../db/schema';
import { defineMutation, ref, uuid, type RowView } from './types';

function patchPod(view: RowView, podId: string, patch: (pod: PodRow) => Partial<PodRow>): void {
  const pod = view.get<PodRow>('pods', podId);
  if (pod) view.put('pods', podId, { ...pod, ...patch(pod) });
}

const onPod = (args: { podId: string }) => ({ table: 'pods', id: args.podId });

export const podMutations = {
  'pod.create': defineMutation({
    args: z.object({ id: uuid, name: podName }),
    mutationId: (args) => args.id,
    target: (args) => ({ table: 'pods', id: args.id }),
    apply(view, args, { me, at }) {
      if (view.get('pods', args.id)) return;
      view.put('pods', args.id, { id: args.id, name: args.name, description: null, ownerId: me.id, createdById: me.id, members: [me], createdAt: at } satisfies PodRow);
    },
  }),

  'pod.rename': defineMutation({
    args: z.object({ podId: ref, name: podName }),
    target: onPod,
    apply: (view, args) => patchPod(view, args.podId, () => ({ name: args.name })),
  }),

  // Owner only (the server refuses anyone else): the description shows under the pod's name.
  'pod.describe': defineMutation({
    args: z.object({ podId: ref, description: podDescription }),
    target: onPod,
    apply: (view, args) => patchPod(view, args.podId, () => ({ description: args.description })),
  }),

  'pod.member.remove': defineMutation({
    args: z.object({ podId: ref, userId: ref }),
    target: onPod,
    apply: (view, args) => patchPod(view, args.podId, (pod) => ({ members: pod.members.filter((member) => member.id !== args.userId) })),
  }),

  'pod.owner.assign': defineMutation({
    args: z.object({ podId: ref, newOwnerId: ref }),
    target: onPod,
    apply: (view, args) => patchPod(view, args.podId, () => ({ ownerId: args.newOwnerId })),
  }),

  'pod.leave': defineMutation({
    args: z.object({ podId: ref }),
    target: onPod,
    apply: (view, args) => patchPod(view, args.podId, () => ({ pendingRemoval: true })),
  }),

  'pod.delete': defineMutation({
    args: z.object({ podId: ref }),
    target: onPod,
    apply: (view, args) => patchPod(view, args.podId, () => ({ pendingRemoval: true })),
  }),
};
