/** Direct messages: optimistic send through the outbox, and how server records land. */
import { directMessageSchema, sendDirectMessageBody, type DirectMessage } from '../../contract/social';
import type { DirectMessageRow, PodTableDB } from '../../db/schema';
import { readSession } from '../../db/session';
import type { SyncContext } from '../context';
import { upsertPublicUsers } from '../merge';
import { enqueueWrite, newId } from '../outbox';
import type { Applier } from '../sender';
import { currentPublicUser } from './me';

export const DM_SEND_KIND = 'dm.send';

function rowFor(message: DirectMessage, myId: string): DirectMessageRow {
  return { ...message, peerId: message.senderId === myId ? message.receiverId : message.senderId };
}

/** Stores a server message (from an answer, a pull or the socket) and moves its conversation forward. */
export async function storeDirectMessages(db: PodTableDB, raw: unknown[]): Promise<void> {
  const messages = raw.map((item) => directMessageSchema.parse(item));
  const { userId } = await readSession(db);
  if (!userId) return;
  await db.transaction('rw', [db.directMessages, db.conversations, db.users], async () => {
    await db.directMessages.bulkPut(messages.map((message) => rowFor(message, userId)));
    await upsertPublicUsers(db, messages.map((message) => message.sender));
    for (const message of messages) {
      const row = rowFor(message, userId);
      const conversation = await db.conversations.get(row.peerId);
      const last = conversation?.lastMessage;
      if (!last || last.createdAt <= message.createdAt) {
        const participant = conversation?.participant ?? (await db.users.get(row.peerId));
        if (participant) {
          await db.conversations.put({
            participantId: row.peerId,
            participant: { id: participant.id, username: participant.username, displayName: participant.displayName, avatarUrl: participant.avatarUrl },
            lastMessage: { content: message.content, createdAt: message.createdAt },
          });
        }
      }
    }
  });
}

export async function sendDirectMessage(ctx: SyncContext, receiverId: string, content: string): Promise<string> {
  const body = sendDirectMessageBody.parse({ id: newId(), receiverId, content });
  const me = await currentPublicUser(ctx.db);
  const id = body.id!;
  await enqueueWrite(
    ctx.db,
    { id, kind: DM_SEND_KIND, method: 'POST', path: '/api/direct-messages/send', body, target: { table: 'directMessages', id } },
    async () => {
      await ctx.db.directMessages.put({
        id,
        clientId: id,
        senderId: me.id,
        receiverId,
        content: body.content,
        createdAt: new Date().toISOString(),
        sender: me,
        peerId: receiverId,
        syncState: 'queued',
      });
    },
  );
  ctx.kick();
  return id;
}

export const directMessageAppliers: Record<string, Applier> = {
  [DM_SEND_KIND]: {
    async applied(db, _entry, body) {
      await storeDirectMessages(db, [body]);
    },
    async failed(db, entry, message) {
      await db.directMessages.update(entry.id, { syncState: 'failed', syncError: message });
    },
  },
};
