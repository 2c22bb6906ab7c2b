/**
 * pod.message.send: the message shows at once in the pod's chat, with the time it was written.
 * pod.message.edit / pod.message.delete: the sender's own message changes in place (new text and
 * `editedAt`, or blank text and `deletedAt`); its row stays in the chat. A deleted message is
 * never edited (the server refuses it), and the same text again changes nothing. They name the
 * pod too, so a REST path naming another pod than the message's is refused.
 */
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
  'pod.message.edit': defineMutation({
    args: z.object({ id: ref, podId: ref, content: messageContent }),
    target: (args) => ({ table: 'podMessages', id: args.id }),
    apply(view, args, { me, at }) {
      const message = view.get<PodMessageRow>('podMessages', args.id);
      if (!message || message.podId !== args.podId || message.sender.id !== me.id || message.deletedAt || message.content === args.content) return;
      view.put('podMessages', args.id, { ...message, content: args.content, editedAt: at } satisfies PodMessageRow);
    },
  }),
  'pod.message.delete': defineMutation({
    args: z.object({ id: ref, podId: ref }),
    target: (args) => ({ table: 'podMessages', id: args.id }),
    apply(view, args, { me, at }) {
      const message = view.get<PodMessageRow>('podMessages', args.id);
      if (!message || message.podId !== args.podId || message.sender.id !== me.id || message.deletedAt) return;
      view.put('podMessages', args.id, { ...message, content: '', deletedAt: at } satisfies PodMessageRow);
    },
  }),
};
