/**
 * dm.send and pod.message.send: the message shows at once, with the time it was written. A
 * conversation's preview is not written here: the conversation list reads the latest message
 * (sent or waiting) itself (src/db/queries/messages.ts), so a queue of messages to one person
 * shares no row that would be rebased with each answer.
 */
import type { DirectMessageRow, PodMessageRow } from '../../db/schema';
import type { ClientMutator } from './types';

export const dmSend: ClientMutator<'dm.send'> = {
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
};

export const podMessageSend: ClientMutator<'pod.message.send'> = {
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
};
