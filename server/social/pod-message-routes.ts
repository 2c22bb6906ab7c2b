/**
 * Pod chat: the latest messages of a pod (members only); send, edit and delete are declared
 * with their mutations (server/mutations/pod-messages.ts).
 */
import type { FastifyInstance } from 'fastify';
import { and, desc, eq, exists, lt, sql } from 'drizzle-orm';
import * as z from 'zod/mini';
import { podMessageSchema, podMessagesQuery, type PodMessage } from '../../src/contract/social';
import { requireUser } from '../auth/authenticate';
import { podMembers, podMessages, users } from '../db/schema';
import type { AppDeps } from '../deps';
import { notFound } from '../errors';
import { uuidParams } from '../http/params';
import { typed } from '../http/zod-validation';
import { isUuid } from '../validate';
import { isPodMember } from './pods-repo';
import { SocialText } from './text';
import { messageStamps } from './views';

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
        editedAt: podMessages.editedAt,
        deletedAt: podMessages.deletedAt,
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
        ...messageStamps(row),
      }),
    );
  });
}
