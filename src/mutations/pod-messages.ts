/** pod.message.send: the message shows at once in the pod's chat, with the time it was written. */
import * as z from 'zod/mini';
import { messageContent } from '../contract/social';
import type { PodMessageRow } from '../db/schema';
import { defineMutation, ref, uuid } from './types';

export const podMessageMutations = {
  'pod.message.send': defineMutation({
    args: z.object({ id: uuid, podId: ref, content: messageContent }),
    mutationId: (args) => args.id,
    target: (args) => ({ table: 'podMessages', id: args.id }),
    apply(view, args, { me, at }) {
      if (view.get('podMessages', args.id)) return;
      view.put('podMessages', args.id, {
        id: args.id,
        clientId: args.id,
        podId: args.podId,
        content: args.content,
        createdAt: at,
        sender: { id: me.id, username: me.username, displayName: me.displayName },
      } satisfies PodMessageRow);
    },
  }),
};
