/**
 * dm.send: a direct message, with the client's UUID as its id (a replay whose answer was lost
 * finds the row instead of making a second one). Only the two participants ever read it; both
 * hear of it (DIRECT_MESSAGE). Refused between people where one blocks the other (social/blocks.ts).
 * Sent alone (every REST POST), the whole write is one statement (`applyAlone`).
 * dm.edit / dm.delete: only the sender changes their message (the receiver is answered 403,
 * anyone else 404, as for a message they cannot see). Both tell both participants with the
 * message's put event carrying the changed row (`editedAt` / `deletedAt` set: the push rules,
 * server/push/notifications.ts, never notify a changed message). A delete blanks the stored text
 * for good and keeps the row; a deleted message is never edited (409). An edit is refused like
 * a send across a block; a delete never is (taking one's words back reaches nobody).
 */
import { randomUUID } from 'node:crypto';
import { and, eq, or, sql } from 'drizzle-orm';
import { directMessageSchema, editMessageBody, sendDirectMessageBody } from '../../src/contract/social';
import type { PublicUser } from '../../src/contract/users';
import { blocks, directMessages } from '../db/schema';
import type { Tx } from '../db/types';
import { isForeignKeyViolation } from '../db/errors';
import { badRequest, conflict, forbidden, notFound } from '../errors';
import { assertNotBlocked } from '../social/blocks';
import { SocialText } from '../social/text';
import { publicUsers, toDirectMessage } from '../social/views';
import { isUuid } from '../validate';
import { loneOutcome, loneWriteStatement, runLoneWrite } from '../sync/lone-write';
import type { MutationContext, ServerMutator, ServerMutators } from '../sync/mutator';
import { ref } from '../sync/refs';
import { audienceOfDirectMessage, directMessagesVisibleTo } from '../visibility/direct-messages';
import { restRoute } from '../http/rest-route';
import { uuidParams } from '../http/params';

const p = (name: string) => sql.placeholder(name);

/**
 * The whole send as ONE statement (`applyAlone`, lone-write.ts): the message, unless a block
 * stands between the two (then nothing is written and the transaction path answers it), and an
 * entry for each of the two. An unknown receiver fails the insert's foreign key (the same).
 */
const SEND_ALONE = loneWriteStatement(
  'dm_send_alone',
  'dm.send',
  sql`
    inserted as (
      insert into ${directMessages} (id, client_id, sender_id, receiver_id, content, created_at)
      select ${p('id')}::uuid, ${p('clientId')}::text, ${p('me')}::uuid, ${p('receiverId')}::uuid, ${p('content')}::text, ${p('at')}::timestamptz
      where not exists (
        select 1 from ${blocks}
        where (blocker_id = ${p('me')}::uuid and blocked_id = ${p('receiverId')}::uuid)
           or (blocker_id = ${p('receiverId')}::uuid and blocked_id = ${p('me')}::uuid)
      )
      returning id
    )`,
  sql`select unnest(array[${p('me')}::uuid, ${p('receiverId')}::uuid])`,
);

/** The REST answer of a repeat: the caller's own message as it is now; null otherwise. */
async function ownMessageNow(tx: Tx, meId: string, id: string) {
  if (!isUuid(id)) return null;
  const [row] = await tx
    .select()
    .from(directMessages)
    .where(and(eq(directMessages.id, id), eq(directMessages.senderId, meId)))
    .limit(1);
  return row ? toDirectMessage(row, await publicUsers(tx, [row.senderId])) : null;
}

export const dmSend: ServerMutator<'dm.send'> = {
  rest: [
    restRoute({
      method: 'POST',
      url: '/api/direct-messages/send',
      schema: { body: sendDirectMessageBody, response: { 201: directMessageSchema } },
      status: 201,
      args: ({ body }) => ({ ...body, id: body.id ?? randomUUID() }),
    }),
  ],
  async apply({ tx, me, now, clientId, log, once }, args) {
    if (args.receiverId === me.id) throw badRequest(SocialText.messageSelf);
    // An unknown receiver is found by the insert's foreign key (one round trip fewer per message).
    if (!isUuid(args.receiverId)) throw notFound(SocialText.userNotFound);
    // Blocked by the receiver: answered as an unknown receiver (the block stays hidden).
    await assertNotBlocked(tx, me.id, args.receiverId, () => notFound(SocialText.userNotFound));
    let created;
    try {
      [created] = await tx
        .insert(directMessages)
        .values({ id: args.id, clientId, senderId: me.id, receiverId: args.receiverId, content: args.content, createdAt: now })
        .onConflictDoNothing()
        .returning();
    } catch (error) {
      if (isForeignKeyViolation(error)) throw notFound(SocialText.userNotFound);
      throw error;
    }
    const people = await once(`people:${me.id}`, () => publicUsers(tx, [me.id]));
    if (!created) {
      // The id (or this write's client id) exists: our own earlier message answers again; anyone else's is taken.
      const mine = clientId ? and(eq(directMessages.senderId, me.id), eq(directMessages.clientId, clientId)) : undefined;
      const [existing] = await tx.select().from(directMessages).where(or(eq(directMessages.id, args.id), mine)).limit(1);
      if (!existing || existing.senderId !== me.id) throw conflict(SocialText.messageIdTaken);
      return toDirectMessage(existing, people);
    }
    const message = toDirectMessage(created, people);
    log.emit(audienceOfDirectMessage({ senderId: me.id, receiverId: args.receiverId }), [ref('dm', message.id)], { type: 'DIRECT_MESSAGE', payload: message });
    return message;
  },
  async applyAlone(ctx, args) {
    if (args.receiverId === ctx.me.id || !isUuid(args.receiverId)) return null;
    const created = { id: args.id, clientId: ctx.clientId, senderId: ctx.me.id, receiverId: args.receiverId, content: args.content, createdAt: ctx.now };
    const refs = [ref('dm', args.id)];
    const answer = (sender: PublicUser) => toDirectMessage(created, new Map([[sender.id, sender]]));
    const written = await runLoneWrite(SEND_ALONE, ctx, { id: args.id, clientId: ctx.clientId, receiverId: args.receiverId, content: args.content }, refs, answer);
    if (!written) return null;
    const message = answer(written.sender);
    return loneOutcome(ctx, written, refs, { type: 'DIRECT_MESSAGE', payload: message }, message);
  },
  /** Only the caller's own message: a repeat's arguments are the repeat's, not the first send's. */
  current: ({ tx, me }, args) => ownMessageNow(tx, me.id, args.id),
};

/**
 * The caller's own message `id`, locked until commit (an edit and a delete of one message wait
 * for each other, so an edit never writes over a deletion). 404 when they cannot see it, 403
 * (`notOwn`) when they received it.
 */
async function ownMessage({ tx, me }: Pick<MutationContext, 'tx' | 'me'>, id: string, notOwn: string) {
  if (!isUuid(id)) throw notFound(SocialText.messageNotFound);
  const [row] = await tx
    .select()
    .from(directMessages)
    .where(and(eq(directMessages.id, id), directMessagesVisibleTo(me.id)))
    .limit(1)
    .for('update');
  if (!row) throw notFound(SocialText.messageNotFound);
  if (row.senderId !== me.id) throw forbidden(notOwn);
  return row;
}

const messageParams = uuidParams('id');

export const dmEdit: ServerMutator<'dm.edit'> = {
  rest: [
    restRoute({
      method: 'PATCH',
      url: '/api/direct-messages/:id',
      schema: { params: messageParams, body: editMessageBody, response: { 200: directMessageSchema } },
      status: 200,
      args: ({ params, body }) => ({ id: params.id, content: body.content }),
    }),
  ],
  async apply(ctx, args) {
    const { tx, me, now, log, once } = ctx;
    const row = await ownMessage(ctx, args.id, SocialText.editOwnOnly);
    if (row.deletedAt) throw conflict(SocialText.messageDeleted);
    await assertNotBlocked(tx, me.id, row.receiverId, () => notFound(SocialText.userNotFound));
    const people = await once(`people:${me.id}`, () => publicUsers(tx, [me.id]));
    // The same text again is no edit: nothing changes, nobody hears of it.
    if (row.content === args.content) return toDirectMessage(row, people);
    const [updated] = await tx.update(directMessages).set({ content: args.content, editedAt: now }).where(eq(directMessages.id, row.id)).returning();
    const message = toDirectMessage(updated!, people);
    log.emit(audienceOfDirectMessage(row), [ref('dm', message.id)], { type: 'DIRECT_MESSAGE', payload: message });
    return message;
  },
  /** The caller's own message as it is now. */
  current: ({ tx, me }, args) => ownMessageNow(tx, me.id, args.id),
};

export const dmDelete: ServerMutator<'dm.delete'> = {
  rest: [
    restRoute({ method: 'DELETE', url: '/api/direct-messages/:id', schema: { params: messageParams }, status: 204, args: ({ params }) => ({ id: params.id }) }),
  ],
  async apply(ctx, args) {
    const { tx, me, now, log, once } = ctx;
    const row = await ownMessage(ctx, args.id, SocialText.deleteOwnOnly);
    // Deleted already (another device of the sender): nothing more to do.
    if (row.deletedAt) return null;
    const [updated] = await tx.update(directMessages).set({ content: '', deletedAt: now }).where(eq(directMessages.id, row.id)).returning();
    const people = await once(`people:${me.id}`, () => publicUsers(tx, [me.id]));
    const message = toDirectMessage(updated!, people);
    log.emit(audienceOfDirectMessage(row), [ref('dm', message.id)], { type: 'DIRECT_MESSAGE', payload: message });
    return null;
  },
};

/** This entity's write kinds, registered by server/mutations/index.ts. */
export const directMessageMutators = {
  'dm.send': dmSend,
  'dm.edit': dmEdit,
  'dm.delete': dmDelete,
} satisfies Partial<ServerMutators>;
