/**
 * Direct messages (the spec's "Direct messages" calls): the conversation list, the messages with one person and
 * send (the dm.send mutation, server/sync/mutators/directMessages.ts). Only the two
 * participants ever read a message.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { and, desc, eq, lt, or } from 'drizzle-orm';
import { directMessagesQuery, sendDirectMessageBody } from '../../src/contract/social';
import { requireUser } from '../auth/authenticate';
import { directMessages } from '../db/schema';
import type { AppDeps } from '../deps';
import { notFound } from '../errors';
import { listConversations } from '../sync/reads';
import { restMutation } from '../sync/rest';
import { findUserOrTombstone } from '../users/repo';
import { isUuid, parseBody, parseValue } from '../validate';
import { SocialText } from './text';
import { publicUsers, toDirectMessage } from './views';
import { AUTH } from './writes';

const dm = directMessages;

export function registerDirectMessageRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;

  /** One entry per person the caller has exchanged messages with, newest conversation first. */
  app.get('/api/direct-messages', AUTH, async (request) => listConversations(db, requireUser(request).id));

  /** The latest `limit` (default 200) messages with that person before `before`, oldest first. */
  app.get<{ Params: { userId: string } }>('/api/direct-messages/:userId', AUTH, async (request) => {
    const me = requireUser(request).id;
    const { userId } = request.params;
    const query = parseValue(directMessagesQuery, request.query);
    // A deleted account's messages stay readable by the other side of the conversation.
    if (!isUuid(userId) || !(await findUserOrTombstone(db, userId))) throw notFound(SocialText.userNotFound);
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

  app.post('/api/direct-messages/send', AUTH, async (request, reply) => {
    const body = parseBody(sendDirectMessageBody, request.body);
    const message = await restMutation(request, reply, 'dm.send', { ...body, id: body.id ?? randomUUID() });
    return reply.code(201).send(message);
  });
}
