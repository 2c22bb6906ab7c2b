/**
 * Pod chat: the latest messages of a pod (members only) and send (the pod.message.send
 * mutation, server/mutations/pod-messages.ts).
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { and, desc, eq, exists, lt, sql } from 'drizzle-orm';
import * as z from 'zod/mini';
import { podMessageSchema, podMessagesQuery, sendPodMessageBody, type PodMessage } from '../../src/contract/social';
import { requireUser } from '../auth/authenticate';
import { podMembers, podMessages, users } from '../db/schema';
import type { AppDeps } from '../deps';
import { notFound } from '../errors';
import { restMutation } from '../sync/rest';
import { uuidParams } from '../http/params';
import { typed } from '../http/zod-validation';
import { isUuid } from '../validate';
import { isPodMember } from './pods-repo';
import { SocialText } from './text';

export function registerPodMessageRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  const api = typed(app);
  const params = uuidParams('id');

  /**
   * The latest messages of a pod with their senders, only when the reader is a member: ONE
   * query (built once; a named prepared statement on PostgreSQL). With no row, a second query
   * tells an empty page (200 []) from a pod the reader may not see (404).
   */
  const page = (withBefore: boolean) =>
    db
      .select({
        id: podMessages.id,
        clientId: podMessages.clientId,
        podId: podMessages.podId,
        content: podMessages.content,
        createdAt: podMessages.createdAt,
        senderId: podMessages.senderId,
        senderUsername: users.username,
        senderDisplayName: users.displayName,
      })
      .from(podMessages)
      .innerJoin(users, eq(users.id, podMessages.senderId))
      .where(
        and(
          eq(podMessages.podId, sql.placeholder('podId')),
          withBefore ? lt(podMessages.createdAt, sql.placeholder('before')) : undefined,
          exists(
            db
              .select({ one: sql`1` })
              .from(podMembers)
              .where(and(eq(podMembers.podId, podMessages.podId), eq(podMembers.userId, sql.placeholder('me')))),
          ),
        ),
      )
      .orderBy(desc(podMessages.createdAt), desc(podMessages.id))
      .limit(sql.placeholder('limit'))
      .prepare(withBefore ? 'pod_messages_before' : 'pod_messages_latest');
  const latest = page(false);
  const before = page(true);

  /** The latest `limit` messages before `before`, oldest first. */
  api.get('/api/pods/:id/messages', { schema: { params, querystring: podMessagesQuery, response: { 200: z.array(podMessageSchema) } } }, async (request) => {
    const me = requireUser(request).id;
    const query = request.query;
    const podId = request.params.id;
    if (!isUuid(podId)) throw notFound(SocialText.podNotFound);
    const values = { podId, me, limit: query.limit };
    const rows = query.before ? await before.execute({ ...values, before: new Date(query.before).toISOString() }) : await latest.execute(values);
    if (rows.length === 0 && !(await isPodMember(db, podId, me))) throw notFound(SocialText.podNotFound);
    rows.reverse();
    return rows.map(
      (row): PodMessage => ({
        id: row.id,
        clientId: row.clientId,
        podId: row.podId,
        content: row.content,
        createdAt: row.createdAt.toISOString(),
        sender: { id: row.senderId, displayName: row.senderDisplayName, username: row.senderUsername },
      }),
    );
  });

  api.post('/api/pods/:id/messages', { schema: { params, body: sendPodMessageBody, response: { 201: podMessageSchema } } }, async (request, reply) => {
    const body = request.body;
    const message = await restMutation(request, reply, 'pod.message.send', { id: body.id ?? randomUUID(), podId: request.params.id, content: body.content });
    return reply.code(201).send(message);
  });
}
