/**
 * pod.message.send: a message from a member, with the client's UUID as its id. It reaches the
 * pod's members as they are when it is committed (membership is read in the same transaction).
 */
import { and, eq, or } from 'drizzle-orm';
import { isForeignKeyViolation } from '../../db/errors';
import { podMembers, podMessages, pods } from '../../db/schema';
import { conflict, notFound } from '../../errors';
import { SocialText } from '../../social/text';
import { publicUsers, toPodMessage } from '../../social/views';
import { isUuid } from '../../validate';
import type { ServerMutator } from '../mutator';
import { ref } from '../refs';

export const podMessageSend: ServerMutator<'pod.message.send'> = {
  async apply({ tx, me, now, clientId, log, once }, args) {
    const { podId } = args;
    if (!isUuid(podId)) throw notFound(SocialText.podNotFound);
    // Every membership change holds the pod row FOR UPDATE; this KEY SHARE lock makes a removal
    // wait until the message is in (no message from someone no longer a member). Pod row first,
    // like every pod write, so the two never deadlock.
    const [pod] = await tx.select({ id: pods.id }).from(pods).where(eq(pods.id, podId)).for('key share');
    if (!pod) throw notFound(SocialText.podNotFound);
    const members = (await tx.select({ userId: podMembers.userId }).from(podMembers).where(eq(podMembers.podId, podId))).map((row) => row.userId);
    if (!members.includes(me.id)) throw notFound(SocialText.podNotFound);
    let created;
    try {
      [created] = await tx
        .insert(podMessages)
        .values({ id: args.id, clientId, podId, senderId: me.id, content: args.content, createdAt: now })
        .onConflictDoNothing()
        .returning();
    } catch (error) {
      if (isForeignKeyViolation(error)) throw notFound(SocialText.podNotFound);
      throw error;
    }
    const people = await once(`people:${me.id}`, () => publicUsers(tx, [me.id]));
    if (!created) {
      // The id (or this write's client id) exists: our own earlier message answers again; anyone else's is taken.
      const mine = clientId ? and(eq(podMessages.senderId, me.id), eq(podMessages.clientId, clientId)) : undefined;
      const [existing] = await tx.select().from(podMessages).where(or(eq(podMessages.id, args.id), mine)).limit(1);
      if (!existing || existing.senderId !== me.id || existing.podId !== podId) throw conflict(SocialText.messageIdTaken);
      return toPodMessage(existing, people);
    }
    const message = toPodMessage(created, people);
    log.emit(members, [ref('podMessage', message.id)], { type: 'POD_MESSAGE_NEW', podId, payload: message });
    return message;
  },
  async current({ tx, me }, args) {
    const [row] = await tx
      .select({ message: podMessages })
      .from(podMessages)
      .innerJoin(podMembers, and(eq(podMembers.podId, podMessages.podId), eq(podMembers.userId, me.id)))
      .where(eq(podMessages.id, args.id))
      .limit(1);
    return row ? toPodMessage(row.message, await publicUsers(tx, [row.message.senderId])) : null;
  },
};
