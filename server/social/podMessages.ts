/**
 * Pod chat: the latest messages of a pod (members only) and send (the pod.message.send
 * mutation, server/sync/mutators/podMessages.ts).
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { and, desc, eq, lt } from 'drizzle-orm';
import { podMessagesQuery, sendPodMessageBody } from '../../src/contract/social';
import { requireUser } from '../auth/authenticate';
import { podMessages } from '../db/schema';
import type { AppDeps } from '../deps';
import { restMutation } from '../sync/rest';
import { parseBody, parseValue } from '../validate';
import { podForMember } from './podsRepo';
import { publicUsers, toPodMessage } from './views';
import { AUTH } from './writes';

type IdParams = { Params: { id: string } };

export function registerPodMessageRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;

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

  app.post<IdParams>('/api/pods/:id/messages', AUTH, async (request, reply) => {
    const body = parseBody(sendPodMessageBody, request.body);
    const message = await restMutation(request, reply, 'pod.message.send', { id: body.id ?? randomUUID(), podId: request.params.id, content: body.content });
    return reply.code(201).send(message);
  });
}
