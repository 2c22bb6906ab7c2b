/**
 * Pod chat: the latest messages of a pod (members only); send, edit and delete are declared
 * with their mutations (server/mutations/pod-messages.ts).
 */
import type { FastifyInstance } from 'fastify';
import { and, desc, eq, exists, lt, or, sql } from 'drizzle-orm';
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
   * query (built once per kind of position; a named prepared statement on PostgreSQL). With no
   * row, a second query tells an empty page (200 []) from a pod the reader may not see (404).
   * Positions: none (the latest), an instant (`before`), or a message (`before` + `beforeId`:
   * strictly before it in (createdAt, id) order, the order of the page).
   */
  const positions = {
    latest: undefined,
    before: lt(podMessages.createdAt, sql.placeholder('before')),
    beforeMessage: or(
      lt(podMessages.createdAt, sql.placeholder('before')),
      and(eq(podMessages.createdAt, sql.placeholder('before')), lt(podMessages.id, sql.placeholder('beforeId'))),
    ),
  };
  const names = { latest: 'pod_messages_latest', before: 'pod_messages_before', beforeMessage: 'pod_messages_before_message' } as const;
  const page = (position: keyof typeof positions) =>
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
          positions[position],
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
      .prepare(names[position]);
  const latest = page('latest');
  const before = page('before');
  const beforeMessage = page('beforeMessage');

  /** The latest `limit` messages before the position (`before`, `beforeId`), oldest first. */
  api.get('/api/pods/:id/messages', { schema: { params, querystring: podMessagesQuery, response: { 200: z.array(podMessageSchema) } } }, async (request) => {
    const me = requireUser(request).id;
    const query = request.query;
    const podId = request.params.id;
    if (!isUuid(podId)) throw notFound(SocialText.podNotFound);
    const values = { podId, me, limit: query.limit };
    const at = query.before ? new Date(query.before).toISOString() : undefined;
    const rows = !at
      ? await latest.execute(values)
      : query.beforeId
        ? await beforeMessage.execute({ ...values, before: at, beforeId: query.beforeId })
        : await before.execute({ ...values, before: at });
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
