/**
 * Pod chat: the latest messages of a pod (members only) and send. A message reaches every
 * socket of the pod's members as they are when it is sent (membership is read per message,
 * so a removed member hears nothing more at once).
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { and, desc, eq, lt } from 'drizzle-orm';
import { podMessagesQuery, sendPodMessageBody } from '../../src/contract/social';
import { requireUser } from '../auth/authenticate';
import { isForeignKeyViolation } from '../db/errors';
import { podMessages, pods } from '../db/schema';
import type { AppDeps } from '../deps';
import { conflict, notFound } from '../errors';
import { isUuid, parseBody, parseValue } from '../validate';
import { isPodMember, podForMember, podMemberIds } from './podsRepo';
import { SocialText } from './text';
import { publicUsers, toPodMessage, type PodMessageRow } from './views';
import { AUTH, IDEMPOTENT, clientIdFor } from './writes';

type IdParams = { Params: { id: string } };

export function registerPodMessageRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db, hub } = deps;

  /** The latest `limit` messages before `before`, oldest first. */
  app.get<IdParams>('/api/pods/:id/messages', AUTH, async (request) => {
    const me = requireUser(request).id;
    const query = parseValue(podMessagesQuery, request.query);
    const pod = await podForMember(db, request.params.id, me);
    const inPod = eq(podMessages.podId, pod.id);
    const rows = await db
      .select()
      .from(podMessages)
      .where(query.before ? and(inPod, lt(podMessages.createdAt, new Date(query.before))) : inPod)
      .orderBy(desc(podMessages.createdAt), desc(podMessages.id))
      .limit(query.limit);
    rows.reverse();
    const people = await publicUsers(db, rows.map((row) => row.senderId));
    return rows.map((row) => toPodMessage(row, people));
  });

  app.post<IdParams>('/api/pods/:id/messages', IDEMPOTENT, async (request, reply) => {
    const me = requireUser(request).id;
    const podId = request.params.id;
    if (!isUuid(podId)) throw notFound(SocialText.podNotFound);
    const body = parseBody(sendPodMessageBody, request.body);
    const clientId = clientIdFor(request, body.id);
    let created: PodMessageRow | undefined;
    try {
      created = await db.transaction(async (tx) => {
        // Every membership change holds the pod row FOR UPDATE; this KEY SHARE lock makes a
        // removal wait until the message is in (no message from someone no longer a member).
        // Pod row first, like every pod write, so the two never deadlock.
        const [pod] = await tx.select({ id: pods.id }).from(pods).where(eq(pods.id, podId)).for('key share');
        if (!pod || !(await isPodMember(tx, podId, me))) throw notFound(SocialText.podNotFound);
        const [row] = await tx
          .insert(podMessages)
          .values({ id: body.id ?? randomUUID(), clientId, podId, senderId: me, content: body.content, createdAt: deps.now() })
          .onConflictDoNothing()
          .returning();
        return row;
      });
    } catch (error) {
      // The pod was deleted between the check and the insert.
      if (isForeignKeyViolation(error)) throw notFound(SocialText.podNotFound);
      throw error;
    }
    const people = await publicUsers(db, [me]);
    if (created) {
      const message = toPodMessage(created, people);
      hub.publishToUsers(await podMemberIds(db, podId), { type: 'POD_MESSAGE_NEW', podId, payload: message });
      return reply.code(201).send(message);
    }
    // The id (or this write's client id) exists: our own earlier run answers again; anyone else's is taken.
    if (!body.id && !clientId) throw conflict(SocialText.messageIdTaken);
    const [existing] = await db
      .select()
      .from(podMessages)
      .where(body.id ? eq(podMessages.id, body.id) : and(eq(podMessages.senderId, me), eq(podMessages.clientId, clientId ?? '')))
      .limit(1);
    if (!existing || existing.senderId !== me || existing.podId !== podId) throw conflict(SocialText.messageIdTaken);
    return reply.code(201).send(toPodMessage(existing, people));
  });
}
