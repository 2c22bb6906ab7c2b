/**
 * dm.send: the message shows at once, with the time it was written. A conversation's preview is
 * not written here: the conversation list reads the latest message (sent or waiting) itself
 * (src/db/queries/messages.ts), so a queue of messages to one person shares no row that would be
 * rebased with each answer.
 * dm.edit / dm.delete: the sender's own message changes in place (new text and `editedAt`, or
 * blank text and `deletedAt`); its row stays in the thread. A deleted message is never edited
 * (the server refuses it), and the same text again changes nothing.
 */
import * as z from 'zod/mini';
import { messageContent } from '../contract/social';
import type { DirectMessageRow } from '../db/schema';
import { defineMutation, ref, uuid } from './types';

export const directMessageMutations = {
  'dm.send': defineMutation({
    args: z.object({ id: uuid, receiverId: ref, content: messageContent }),
    mutationId: (args) => args.id,
    target: (args) => ({ table: 'directMessages', id: args.id }),
    apply(view, args, { me, at }) {
      if (view.get('directMessages', args.id)) return;
      view.put('directMessages', args.id, {
        id: args.id,
        clientId: args.id,
        senderId: me.id,
        receiverId: args.receiverId,
        content: args.content,
        createdAt: at,
        sender: me,
        peerId: args.receiverId,
      } satisfies DirectMessageRow);
    },
  }),
  'dm.edit': defineMutation({
    args: z.object({ id: ref, content: messageContent }),
    target: (args) => ({ table: 'directMessages', id: args.id }),
    apply(view, args, { me, at }) {
      const message = view.get<DirectMessageRow>('directMessages', args.id);
      if (!message || message.senderId !== me.id || message.deletedAt || message.content === args.content) return;
      view.put('directMessages', args.id, { ...message, content: args.content, editedAt: at } satisfies DirectMessageRow);
    },
  }),
  'dm.delete': defineMutation({
    args: z.object({ id: ref }),
    target: (args) => ({ table: 'directMessages', id: args.id }),
    apply(view, args, { me, at }) {
      const message = view.get<DirectMessageRow>('directMessages', args.id);
      if (!message || message.senderId !== me.id || message.deletedAt) return;
      view.put('directMessages', args.id, { ...message, content: '', deletedAt: at } satisfies DirectMessageRow);
    },
  }),
};
