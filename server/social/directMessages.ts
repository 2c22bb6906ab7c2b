/**
 * Direct messages (spec section 7): the conversation list, the messages with one person and
 * send. Only the two participants ever read a message; both get it live (every socket of
 * sender and receiver). A message sent with the client's UUID keeps it as its id, so a replay
 * whose stored answer was lost finds the row instead of making a second one.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { and, desc, eq, lt, or, sql } from 'drizzle-orm';
import { MESSAGES_PAGE_MAX, podMessagesQuery, sendDirectMessageBody } from '../../src/contract/social';
import type { Conversation } from '../../src/contract/social';
import { requireUser } from '../auth/authenticate';
import { isForeignKeyViolation } from '../db/errors';
import { directMessages } from '../db/schema';
import type { AppDeps } from '../deps';
import { badRequest, conflict, notFound } from '../errors';
import { findUserById } from '../users/repo';
import { isUuid, parseBody, parseValue } from '../validate';
import { SocialText } from './text';
import { publicUsers, toDirectMessage, type DirectMessageRow } from './views';
import { AUTH, IDEMPOTENT, clientIdFor } from './writes';

/** Same paging as pod messages, but a conversation opens with its latest MESSAGES_PAGE_MAX. */
const directMessagesQuery = podMessagesQuery.extend({ limit: podMessagesQuery.shape.limit.unwrap().default(MESSAGES_PAGE_MAX) });

const dm = directMessages;

export function registerDirectMessageRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db, hub } = deps;

  /** One entry per person the caller has exchanged messages with, newest conversation first. */
  app.get('/api/direct-messages', AUTH, async (request) => {
    const me = requireUser(request).id;
    const peer = sql<string>`CASE WHEN ${dm.senderId} = ${me} THEN ${dm.receiverId} ELSE ${dm.senderId} END`;
    // DISTINCT ON over a subquery's column: the same CASE written twice would be two different parameters.
    const mine = db
      .select({ peerId: peer.as('peer_id'), content: dm.content, createdAt: dm.createdAt, id: dm.id })
      .from(dm)
      .where(or(eq(dm.senderId, me), eq(dm.receiverId, me)))
      .as('mine');
    const latest = await db
      .selectDistinctOn([mine.peerId], { peerId: mine.peerId, content: mine.content, createdAt: mine.createdAt })
      .from(mine)
      .orderBy(mine.peerId, desc(mine.createdAt), desc(mine.id));
    const people = await publicUsers(db, latest.map((row) => row.peerId));
    const conversations: Conversation[] = [];
    for (const row of latest.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())) {
      const participant = people.get(row.peerId);
      if (participant) conversations.push({ participant, lastMessage: { content: row.content, createdAt: row.createdAt.toISOString() } });
    }
    return conversations;
  });

  /** The latest `limit` (default 200) messages with that person before `before`, oldest first. */
  app.get<{ Params: { userId: string } }>('/api/direct-messages/:userId', AUTH, async (request) => {
    const me = requireUser(request).id;
    const { userId } = request.params;
    const query = parseValue(directMessagesQuery, request.query);
    if (!isUuid(userId) || !(await findUserById(db, userId))) throw notFound(SocialText.userNotFound);
    const between = or(and(eq(dm.senderId, me), eq(dm.receiverId, userId)), and(eq(dm.senderId, userId), eq(dm.receiverId, me)));
    const rows = await db
      .select()
      .from(dm)
      .where(query.before ? and(between, lt(dm.createdAt, new Date(query.before))) : between)
      .orderBy(desc(dm.createdAt), desc(dm.id))
      .limit(query.limit);
    rows.reverse();
    const people = await publicUsers(db, [me, userId]);
    return rows.map((row) => toDirectMessage(row, people));
  });

  app.post('/api/direct-messages/send', IDEMPOTENT, async (request, reply) => {
    const me = requireUser(request).id;
    const body = parseBody(sendDirectMessageBody, request.body);
    if (body.receiverId === me) throw badRequest(SocialText.messageSelf);
    if (!isUuid(body.receiverId) || !(await findUserById(db, body.receiverId))) throw notFound(SocialText.userNotFound);
    const clientId = clientIdFor(request, body.id);
    let created: DirectMessageRow | undefined;
    try {
      [created] = await db
        .insert(dm)
        .values({ id: body.id ?? randomUUID(), clientId, senderId: me, receiverId: body.receiverId, content: body.content, createdAt: deps.now() })
        .onConflictDoNothing()
        .returning();
    } catch (error) {
      if (isForeignKeyViolation(error)) throw notFound(SocialText.userNotFound);
      throw error;
    }
    const people = await publicUsers(db, [me]);
    if (created) {
      const message = toDirectMessage(created, people);
      hub.publishToUsers([me, body.receiverId], { type: 'DIRECT_MESSAGE', payload: message });
      return reply.code(201).send(message);
    }
    // The id (or this write's client id) exists: our own earlier run answers again; anyone else's is taken.
    if (!body.id && !clientId) throw conflict(SocialText.messageIdTaken);
    const [existing] = await db
      .select()
      .from(dm)
      .where(body.id ? eq(dm.id, body.id) : and(eq(dm.senderId, me), eq(dm.clientId, clientId ?? '')))
      .limit(1);
    if (!existing || existing.senderId !== me) throw conflict(SocialText.messageIdTaken);
    return reply.code(201).send(toDirectMessage(existing, people));
  });
}
