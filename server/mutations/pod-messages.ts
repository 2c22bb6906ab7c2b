/**
 * pod.message.send: a message from a member, with the client's UUID as its id. It reaches the
 * pod's members as they are when it is committed (membership is read in the same transaction).
 * Sent alone (every REST POST), the whole write is one statement (`applyAlone`).
 * pod.message.edit / pod.message.delete: only the sender changes their message, while a member
 * (another member is answered 403; anyone who cannot see it, or a path naming another pod, 404).
 * Both tell the pod's members at commit with the message's put event carrying the changed row
 * (`editedAt` / `deletedAt` set: the push rules, server/push/notifications.ts, never notify a
 * changed message). A delete blanks the stored text for good and keeps the row; a deleted
 * message is never edited (409).
 */
import { randomUUID } from 'node:crypto';
import { and, eq, or, sql } from 'drizzle-orm';
import { editMessageBody, podMessageSchema, sendPodMessageBody } from '../../src/contract/social';
import { isForeignKeyViolation } from '../db/errors';
import { rowsOf } from '../db/rows';
import { namedStatement } from '../db/statements';
import { podMembers, podMessages, pods, users } from '../db/schema';
import type { Tx } from '../db/types';
import { conflict, forbidden, notFound } from '../errors';
import { SocialText } from '../social/text';
import { publicUsers, toPodMessage, type UserMap } from '../social/views';
import type { PublicUser } from '../../src/contract/users';
import { isUuid } from '../validate';
import type { MutationContext, ServerMutator, ServerMutators } from '../sync/mutator';
import { loneOutcome, loneWriteStatement, runLoneWrite } from '../sync/lone-write';
import { ref } from '../sync/refs';
import { uuidParams } from '../http/params';
import { restRoute } from '../http/rest-route';
import { audienceOfPod, podMessagesVisibleTo } from '../visibility/pods';

/** The row of the send statement: the members, the sender's public fields, the message when inserted (nulls when not). */
interface SendRow {
  members: string[];
  sender_username: string;
  sender_display_name: string | null;
  sender_avatar_url: string | null;
  id: string | null;
  client_id: string | null;
  pod_id: string | null;
  sender_id: string | null;
  content: string | null;
  created_at: string | null;
}

const p = (name: string) => sql.placeholder(name);

const LOCK_POD = namedStatement('pod_message_lock_pod', sql`select id from ${pods} where id = ${p('podId')}::uuid for key share`);

const SEND = namedStatement(
  'pod_message_send',
  sql`
    with members as (select user_id from ${podMembers} where pod_id = ${p('podId')}::uuid),
    inserted as (
      insert into ${podMessages} (id, client_id, pod_id, sender_id, content, created_at)
      select ${p('id')}::uuid, ${p('clientId')}::text, ${p('podId')}::uuid, ${p('me')}::uuid, ${p('content')}::text, ${p('at')}::timestamptz
      where exists (select 1 from members where user_id = ${p('me')}::uuid)
      on conflict do nothing
      returning id, client_id, pod_id, sender_id, content, created_at
    )
    select
      (select coalesce(array_agg(user_id::text), '{}') from members) as members,
      u.username as sender_username, u.display_name as sender_display_name, u.avatar_url as sender_avatar_url,
      inserted.id, inserted.client_id, inserted.pod_id, inserted.sender_id, inserted.content, inserted.created_at
    from ${users} u left join inserted on true
    where u.id = ${p('me')}::uuid`,
);

/**
 * The whole send as ONE statement (`applyAlone`, lone-write.ts): the message and one change-log
 * entry per member.
 * Race with a membership change: every membership change holds the pod row FOR UPDATE and bumps
 * its `rev` (pods.ts, pod-invitation-routes.ts). The statement's snapshot is taken BEFORE it waits for
 * its KEY SHARE lock, so the members it reads could predate a change it waited for; a locked row
 * is returned as it is NOW (READ COMMITTED re-reads a row updated by a committed transaction),
 * the snapshot's row as it was. Equal `rev`s: no membership change committed since the snapshot
 * and none can before this commits, so the members read are the members at commit. Unequal (or
 * not a member, no pod): nothing is written and the transaction path judges the send.
 */
const SEND_ALONE = loneWriteStatement(
  'pod_message_send_alone',
  'pod.message.send',
  sql`
    locked as materialized (
      select rev from ${pods} where id = ${p('podId')}::uuid for key share
    ), seen as materialized (
      select rev from ${pods} where id = ${p('podId')}::uuid
    ), members as materialized (
      select user_id from ${podMembers} where pod_id = ${p('podId')}::uuid
    ), inserted as (
      insert into ${podMessages} (id, client_id, pod_id, sender_id, content, created_at)
      select ${p('id')}::uuid, ${p('clientId')}::text, ${p('podId')}::uuid, ${p('me')}::uuid, ${p('content')}::text, ${p('at')}::timestamptz
      where exists (select 1 from members where user_id = ${p('me')}::uuid)
        and (select rev from locked) = (select rev from seen)
      returning id
    )`,
  sql`select user_id from members`,
);

/** The REST answer of a repeat: the caller's own message as it is now, in a pod they are still in; null otherwise. */
async function ownMessageNow(tx: Tx, meId: string, id: string) {
  if (!isUuid(id)) return null;
  const [row] = await tx
    .select({ message: podMessages })
    .from(podMessages)
    .innerJoin(podMembers, and(eq(podMembers.podId, podMessages.podId), eq(podMembers.userId, meId)))
    .where(and(eq(podMessages.id, id), eq(podMessages.senderId, meId)))
    .limit(1);
  return row ? toPodMessage(row.message, await publicUsers(tx, [row.message.senderId])) : null;
}

export const podMessageSend: ServerMutator<'pod.message.send'> = {
  rest: [
    restRoute({
      method: 'POST',
      url: '/api/pods/:id/messages',
      schema: { params: uuidParams('id'), body: sendPodMessageBody, response: { 201: podMessageSchema } },
      status: 201,
      args: ({ params, body }) => ({ id: body.id ?? randomUUID(), podId: params.id, content: body.content }),
    }),
  ],
  async apply({ tx, me, now, clientId, log }, args) {
    const { podId } = args;
    if (!isUuid(podId)) throw notFound(SocialText.podNotFound);
    // Every membership change holds the pod row FOR UPDATE; this KEY SHARE lock makes a removal
    // wait until the message is in (no message from someone no longer a member). Pod row first,
    // like every pod write, so the two never deadlock. The members are read by the NEXT
    // statement, whose snapshot is taken after the lock is held (one statement that locked and
    // read would read the members from before a removal it waited for).
    const [pod] = rowsOf<{ id: string }>(await LOCK_POD.run(tx, { podId }));
    if (!pod) throw notFound(SocialText.podNotFound);
    // One statement: the members, the message inserted only when the sender is one of them, and
    // the sender's public fields the answer carries.
    let row: SendRow | undefined;
    try {
      [row] = rowsOf<SendRow>(
        await SEND.run(tx, { id: args.id, clientId, podId, me: me.id, content: args.content, at: now.toISOString() }),
      );
    } catch (error) {
      if (isForeignKeyViolation(error)) throw notFound(SocialText.podNotFound);
      throw error;
    }
    if (!row) throw new Error(`user ${me.id} missing`);
    const members = row.members;
    if (!members.includes(me.id)) throw notFound(SocialText.podNotFound);
    const people: UserMap = new Map([[me.id, { id: me.id, username: row.sender_username, displayName: row.sender_display_name, avatarUrl: row.sender_avatar_url }]]);
    if (row.id === null) {
      // The id (or this write's client id) exists: our own earlier message answers again; anyone else's is taken.
      const mine = clientId ? and(eq(podMessages.senderId, me.id), eq(podMessages.clientId, clientId)) : undefined;
      const [existing] = await tx.select().from(podMessages).where(or(eq(podMessages.id, args.id), mine)).limit(1);
      if (!existing || existing.senderId !== me.id || existing.podId !== podId) throw conflict(SocialText.messageIdTaken);
      return toPodMessage(existing, people);
    }
    const created = { id: row.id, clientId: row.client_id, podId: row.pod_id!, senderId: row.sender_id!, content: row.content!, createdAt: new Date(row.created_at!) };
    const message = toPodMessage(created, people);
    log.emit(members, [ref('podMessage', message.id)], { type: 'POD_MESSAGE_NEW', podId, payload: message });
    return message;
  },
  async applyAlone(ctx, args) {
    const { podId } = args;
    if (!isUuid(podId)) return null;
    const created = { id: args.id, clientId: ctx.clientId, podId, senderId: ctx.me.id, content: args.content, createdAt: ctx.now };
    const refs = [ref('podMessage', args.id)];
    const answer = (sender: PublicUser) => toPodMessage(created, new Map([[sender.id, sender]]));
    const written = await runLoneWrite(SEND_ALONE, ctx, { podId, id: args.id, clientId: ctx.clientId, content: args.content }, refs, answer);
    if (!written) return null;
    const message = answer(written.sender);
    return loneOutcome(ctx, written, refs, { type: 'POD_MESSAGE_NEW', podId, payload: message }, message);
  },
  current: ({ tx, me }, args) => ownMessageNow(tx, me.id, args.id),
};

/**
 * The caller's own message `id` in pod `podId`, locked until commit. The pod row is locked first
 * (KEY SHARE, like the send: a membership change waits, and pod row before message row, as every
 * pod write), then the message FOR UPDATE (an edit and a delete of one message wait for each
 * other, so an edit never writes over a deletion). 404 when the caller cannot see it in that
 * pod, 403 (`notOwn`) when another member sent it.
 */
async function ownPodMessage({ tx, me }: Pick<MutationContext, 'tx' | 'me'>, args: { id: string; podId: string }, notOwn: string) {
  if (!isUuid(args.id) || !isUuid(args.podId)) throw notFound(SocialText.messageNotFound);
  const [pod] = rowsOf<{ id: string }>(await LOCK_POD.run(tx, { podId: args.podId }));
  if (!pod) throw notFound(SocialText.messageNotFound);
  const [row] = await tx
    .select()
    .from(podMessages)
    .where(and(eq(podMessages.id, args.id), eq(podMessages.podId, args.podId), podMessagesVisibleTo(tx, me.id)))
    .limit(1)
    .for('update');
  if (!row) throw notFound(SocialText.messageNotFound);
  if (row.senderId !== me.id) throw forbidden(notOwn);
  return row;
}

const messageParams = uuidParams('id', 'messageId');

export const podMessageEdit: ServerMutator<'pod.message.edit'> = {
  rest: [
    restRoute({
      method: 'PATCH',
      url: '/api/pods/:id/messages/:messageId',
      schema: { params: messageParams, body: editMessageBody, response: { 200: podMessageSchema } },
      status: 200,
      args: ({ params, body }) => ({ id: params.messageId, podId: params.id, content: body.content }),
    }),
  ],
  async apply(ctx, args) {
    const { tx, me, now, log, once } = ctx;
    const row = await ownPodMessage(ctx, args, SocialText.editOwnOnly);
    if (row.deletedAt) throw conflict(SocialText.messageDeleted);
    const people = await once(`people:${me.id}`, () => publicUsers(tx, [me.id]));
    // The same text again is no edit: nothing changes, nobody hears of it.
    if (row.content === args.content) return toPodMessage(row, people);
    const [updated] = await tx.update(podMessages).set({ content: args.content, editedAt: now }).where(eq(podMessages.id, row.id)).returning();
    const message = toPodMessage(updated!, people);
    log.emit(await audienceOfPod(tx, row.podId), [ref('podMessage', message.id)], { type: 'POD_MESSAGE_NEW', podId: row.podId, payload: message });
    return message;
  },
  current: ({ tx, me }, args) => ownMessageNow(tx, me.id, args.id),
};

export const podMessageDelete: ServerMutator<'pod.message.delete'> = {
  rest: [
    restRoute({
      method: 'DELETE',
      url: '/api/pods/:id/messages/:messageId',
      schema: { params: messageParams },
      status: 204,
      args: ({ params }) => ({ id: params.messageId, podId: params.id }),
    }),
  ],
  async apply(ctx, args) {
    const { tx, me, now, log, once } = ctx;
    const row = await ownPodMessage(ctx, args, SocialText.deleteOwnOnly);
    // Deleted already (another device of the sender): nothing more to do.
    if (row.deletedAt) return null;
    const [updated] = await tx.update(podMessages).set({ content: '', deletedAt: now }).where(eq(podMessages.id, row.id)).returning();
    const people = await once(`people:${me.id}`, () => publicUsers(tx, [me.id]));
    const message = toPodMessage(updated!, people);
    log.emit(await audienceOfPod(tx, row.podId), [ref('podMessage', message.id)], { type: 'POD_MESSAGE_NEW', podId: row.podId, payload: message });
    return null;
  },
};

/** This entity's write kinds, registered by server/mutations/index.ts. */
export const podMessageMutators = {
  'pod.message.send': podMessageSend,
  'pod.message.edit': podMessageEdit,
  'pod.message.delete': podMessageDelete,
} satisfies Partial<ServerMutators>;
