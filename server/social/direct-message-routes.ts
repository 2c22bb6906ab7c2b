/**
 * Direct messages (the spec's "Direct messages" calls): the conversation list, the messages with one person. Send is
 * declared with the dm.send mutation (server/mutations/direct-messages.ts). Only the two
 * participants ever read a message.
 */
import type { FastifyInstance } from 'fastify';
import { and, desc, eq, lt, or, type SQL } from 'drizzle-orm';
import * as z from 'zod/mini';
import { conversationSchema, directMessageSchema, directMessagesQuery } from '../../src/contract/social';
import { requireUser } from '../auth/authenticate';
import { directMessages } from '../db/schema';
import type { AppDeps } from '../deps';
import { notFound } from '../errors';
import { listConversations } from '../sync/reads';
import { findUserOrTombstone } from '../users/repo';
import { uuidParams } from '../http/params';
import { typed } from '../http/zod-validation';
import { isUuid } from '../validate';
import { SocialText } from './text';
import { publicUsers, toDirectMessage } from './views';

const dm = directMessages;

export function registerDirectMessageRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  const api = typed(app);

  /** One entry per person the caller has exchanged messages with, newest conversation first. */
  api.get('/api/direct-messages', { schema: { response: { 200: z.array(conversationSchema) } } }, async (request) => listConversations(db, requireUser(request).id));

  /**
   * The latest `limit` (default 200) messages with that person before a position, oldest first:
   * before the instant `before`, or with `beforeId` before that message in (createdAt, id) order.
   */
  const dmSchema = { params: uuidParams('userId'), querystring: directMessagesQuery, response: { 200: z.array(directMessageSchema) } };
  api.get('/api/direct-messages/:userId', { schema: dmSchema }, async (request) => {
    const me = requireUser(request).id;
    const { userId } = request.params;
    const query = request.query;
    // A deleted account's messages stay readable by the other side of the conversation.
    if (!isUuid(userId) || !(await findUserOrTombstone(db, userId))) throw notFound(SocialText.userNotFound);
    const between = or(and(eq(dm.senderId, me), eq(dm.receiverId, userId)), and(eq(dm.senderId, userId), eq(dm.receiverId, me)));
    const rows = await db
      .select()
      .from(dm)
      .where(and(between, beforePosition(query)))
      .orderBy(desc(dm.createdAt), desc(dm.id))
      .limit(query.limit);
    rows.reverse();
    const people = await publicUsers(db, [me, userId]);
    return rows.map((row) => toDirectMessage(row, people));
  });
}

/** Rows strictly before the page's position in (createdAt, id) order; none without `before`. */
function beforePosition(query: { before?: string; beforeId?: string }): SQL | undefined {
  if (!query.before) return undefined;
  const at = new Date(query.before);
  if (!query.beforeId) return lt(dm.createdAt, at);
  return or(lt(dm.createdAt, at), and(eq(dm.createdAt, at), lt(dm.id, query.beforeId)));
}
