/** Live pod events: who hears a pod message, what a removed or leaving member hears, JOIN_POD. */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Pod, PodMessage } from '../../../src/contract/social';
import { withDefaultUser, type Database } from '../../../server/db/open';
import { liveEvents } from '../../../server/db/schema';
import { RESYNC_CLOSE_CODE } from '../../../server/live/pg-transport';
import { TEST_DATABASE_URL, createTestDatabase } from '../db';
import { startServer, type TestServer } from '../helpers';
import { closeAll, connect, makePod, ofType, people, received, settle, waitFor, nextEvent } from './support';
import type { RedisTransport } from '../../../server/live/redis-transport';
import { TEST_REDIS_URL, dropPrefix, killRedisConnection, testPrefix } from '../redis';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.close();
});

const post = (podId: string, token: string, content: string) =>
  server.request<PodMessage>('POST', `/api/pods/${podId}/messages`, { token, body: { content } });

describe('pod events', () => {
  it('POD_MESSAGE_NEW reaches every socket of every member, and no one else', async () => {
    const [ann, bob, eve] = await people(server, 3, 'lm');
    const pod = await makePod(server, ann!, [bob!]);
    const sockets = [await connect(server, ann!), await connect(server, bob!), await connect(server, bob!), await connect(server, eve!)];
    const [annSocket, bobPhone, bobLaptop, eveSocket] = sockets;
    const answer = await post(pod.id, ann!.token, 'anyone up for a game?');
    expect(answer.status).toBe(201);
    const event = { type: 'POD_MESSAGE_NEW', podId: pod.id, payload: answer.body };
    for (const socket of [annSocket!, bobPhone!, bobLaptop!]) expect(await nextEvent(socket, ofType('POD_MESSAGE_NEW'))).toEqual(event);
    await Promise.all(sockets.map(settle));
    expect(received(eveSocket!)).toEqual([]);
    expect(received(bobPhone!)).toEqual([event]);
    closeAll(...sockets);
  });

  it('a removed member gets POD_REMOVED, the others POD_UPDATED; then the removed member hears no more pod messages', async () => {
    const [ann, bob, cid] = await people(server, 3, 'lr');
    const pod = await makePod(server, ann!, [bob!, cid!]);
    const [annSocket, bobSocket, cidSocket] = [await connect(server, ann!), await connect(server, bob!), await connect(server, cid!)];
    cidSocket.socket.send(JSON.stringify({ type: 'JOIN_POD', podId: pod.id }));
    await post(pod.id, bob!.token, 'before');
    await cidSocket.next(ofType('POD_MESSAGE_NEW'));

    const removed = await server.request<Pod>('DELETE', `/api/pods/${pod.id}/members/${cid!.user.id}`, { token: ann!.token });
    expect(removed.status).toBe(200);
    expect(await nextEvent(cidSocket, ofType('POD_REMOVED'))).toEqual({ type: 'POD_REMOVED', podId: pod.id });
    for (const socket of [annSocket, bobSocket]) expect(await nextEvent(socket, ofType('POD_UPDATED'))).toEqual({ type: 'POD_UPDATED', payload: removed.body });

    const after = await post(pod.id, bob!.token, 'after');
    expect(await nextEvent(annSocket, (m) => (m as { payload?: { id?: string } }).payload?.id === after.body.id)).toBeTruthy();
    await Promise.all([annSocket, bobSocket, cidSocket].map(settle));
    expect(received(cidSocket, 'POD_MESSAGE_NEW').map((m) => (m as { payload: PodMessage }).payload.content)).toEqual(['before']);
    expect(received(cidSocket, 'POD_UPDATED')).toEqual([]);
    // Re-joining the pod's channel is refused now.
    cidSocket.socket.send(JSON.stringify({ type: 'JOIN_POD', podId: pod.id }));
    expect(await nextEvent(cidSocket, ofType('ERROR'))).toEqual({ type: 'ERROR', message: 'You are not a member of this pod.' });
    closeAll(annSocket, bobSocket, cidSocket);
  });

  it('leaving: POD_REMOVED to the leaver, POD_UPDATED to the rest; ownership and rename reach every member', async () => {
    const [ann, bob, cid] = await people(server, 3, 'll');
    const pod = await makePod(server, ann!, [bob!, cid!]);
    const [annSocket, bobSocket, cidSocket] = [await connect(server, ann!), await connect(server, bob!), await connect(server, cid!)];
    expect((await server.request('POST', `/api/pods/${pod.id}/leave`, { token: cid!.token })).status).toBe(204);
    expect(await nextEvent(cidSocket, ofType('POD_REMOVED'))).toEqual({ type: 'POD_REMOVED', podId: pod.id });
    const afterLeave = (await annSocket.next(ofType('POD_UPDATED'))) as { payload: Pod };
    expect(afterLeave.payload.members.map((m) => m.id)).toEqual([ann!.user.id, bob!.user.id]);

    const assigned = await server.request<Pod>('POST', `/api/pods/${pod.id}/assign-owner`, { token: ann!.token, body: { newOwnerId: bob!.user.id } });
    const renamed = await server.request<Pod>('PUT', `/api/pods/${pod.id}`, { token: bob!.token, body: { name: 'Bob’s table' } });
    for (const socket of [annSocket, bobSocket]) {
      await socket.next((m) => ofType('POD_UPDATED')(m) && (m as { payload: Pod }).payload.name === 'Bob’s table');
      const updates = received(socket, 'POD_UPDATED').map((m) => (m as { payload: Pod }).payload);
      expect(updates.slice(-2)).toEqual([assigned.body, renamed.body]);
    }
    await settle(cidSocket);
    expect(received(cidSocket, 'POD_UPDATED')).toEqual([]);
    closeAll(annSocket, bobSocket, cidSocket);
  });

  it('deleting a pod sends POD_REMOVED to every member', async () => {
    const [ann, bob] = await people(server, 2, 'ld');
    const pod = await makePod(server, ann!, [bob!]);
    const [annSocket, bobSocket] = [await connect(server, ann!), await connect(server, bob!)];
    expect((await server.request('DELETE', `/api/pods/${pod.id}`, { token: ann!.token })).status).toBe(204);
    for (const socket of [annSocket, bobSocket]) expect(await nextEvent(socket, ofType('POD_REMOVED'))).toEqual({ type: 'POD_REMOVED', podId: pod.id });
    closeAll(annSocket, bobSocket);
  });

  it('creating a pod tells the creator’s other devices', async () => {
    const [ann] = await people(server, 1, 'lc');
    const laptop = await connect(server, ann!);
    const created = await server.request<Pod>('POST', '/api/pods', { token: ann!.token, body: { name: 'New' } });
    expect(await nextEvent(laptop, ofType('POD_UPDATED'))).toEqual({ type: 'POD_UPDATED', payload: created.body });
    closeAll(laptop);
  });
});

describe('JOIN_POD / LEAVE_POD', () => {
  it('a stranger’s JOIN_POD gets ERROR; a member’s is accepted silently; LEAVE_POD needs no answer', async () => {
    const [ann, eve] = await people(server, 2, 'lj');
    const pod = await makePod(server, ann!);
    const [annSocket, eveSocket] = [await connect(server, ann!), await connect(server, eve!)];
    for (const podId of [pod.id, 'not-a-uuid']) {
      eveSocket.socket.send(JSON.stringify({ type: 'JOIN_POD', podId }));
    }
    // JOIN_POD is answered after a membership query, PING at once: wait for both answers, then for any extra.
    await waitFor(() => received(eveSocket).length >= 2);
    await settle(eveSocket);
    expect(received(eveSocket)).toEqual([
      { type: 'ERROR', message: 'You are not a member of this pod.' },
      { type: 'ERROR', message: 'You are not a member of this pod.' },
    ]);
    annSocket.socket.send(JSON.stringify({ type: 'JOIN_POD', podId: pod.id }));
    annSocket.socket.send(JSON.stringify({ type: 'LEAVE_POD', podId: pod.id }));
    await settle(annSocket);
    expect(received(annSocket)).toEqual([]);
    // The stranger's refused JOIN_POD grants nothing: pod messages still do not reach them.
    await post(pod.id, ann!.token, 'members only');
    await annSocket.next(ofType('POD_MESSAGE_NEW'));
    await settle(eveSocket);
    expect(received(eveSocket, 'POD_MESSAGE_NEW')).toEqual([]);
    closeAll(annSocket, eveSocket);
  });
});

/**
 * Several server processes on one PostgreSQL share live events through LISTEN/NOTIFY. Two
 * server instances in this process stand for two processes: each has its own transport (its
 * own LISTEN connection and instance id), so an event reaches the other only through PostgreSQL.
 * Only with TEST_DATABASE_URL: the embedded database serves one process.
 */
if (TEST_DATABASE_URL) {
  describe('across server processes (PostgreSQL LISTEN/NOTIFY)', () => {
    let database: Database;
    let a: TestServer;
    let b: TestServer;
    let databaseName: string;
    beforeAll(async () => {
      database = await createTestDatabase();
      const result = (await database.db.execute(sql`SELECT current_database() AS name`)) as unknown as { rows: Array<{ name: string }> };
      databaseName = result.rows[0]!.name;
      const url = new URL(withDefaultUser(TEST_DATABASE_URL!));
      url.pathname = `/${databaseName}`;
      a = await startServer({ database, config: { databaseUrl: url.toString() } });
      b = await startServer({ database, config: { databaseUrl: url.toString() } });
    });
    afterAll(async () => {
      await a?.close();
      await b?.close();
      await database?.close();
    });

    const listeners = async () => {
      const result = (await database.db.execute(
        sql`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = ${databaseName} AND application_name LIKE 'podtable-live-%'`,
      )) as unknown as { rows: Array<{ n: number }> };
      return Number(result.rows[0]!.n);
    };

    it('a pod message POSTed to A reaches the members’ sockets on B, and no stranger', async () => {
      const [ann, bob, eve] = await people(a, 3, 'xa');
      const pod = await makePod(a, ann!, [bob!]);
      const bobOnB = await connect(b, bob!);
      const eveOnB = await connect(b, eve!);
      const annOnA = await connect(a, ann!);
      const answer = await a.request<PodMessage>('POST', `/api/pods/${pod.id}/messages`, { token: ann!.token, body: { content: 'from A' } });
      expect(answer.status).toBe(201);
      const event = { type: 'POD_MESSAGE_NEW', podId: pod.id, payload: answer.body };
      expect(await nextEvent(bobOnB, ofType('POD_MESSAGE_NEW'))).toEqual(event);
      expect(await nextEvent(annOnA, ofType('POD_MESSAGE_NEW'))).toEqual(event);
      // A direct message posted to B reaches A's socket the other way round.
      const dm = await b.request('POST', '/api/direct-messages/send', { token: bob!.token, body: { receiverId: ann!.user.id, content: 'from B' } });
      expect(await nextEvent(annOnA, ofType('DIRECT_MESSAGE'))).toEqual({ type: 'DIRECT_MESSAGE', payload: dm.body });
      await Promise.all([bobOnB, eveOnB, annOnA].map(settle));
      expect(received(eveOnB)).toEqual([]);
      // Each instance delivers once: its own event is not delivered again when its NOTIFY comes back.
      expect(received(annOnA, 'POD_MESSAGE_NEW')).toHaveLength(1);
      expect(received(bobOnB, 'POD_MESSAGE_NEW')).toHaveLength(1);
      closeAll(bobOnB, eveOnB, annOnA);
    });

    it('an event over NOTIFY’s 8000 bytes arrives by reference, in order with the events around it', async () => {
      const [ann, bob] = await people(a, 2, 'xb');
      const bobOnB = await connect(b, bob!);
      const base = { clientId: null, senderId: ann!.user.id, receiverId: bob!.user.id, createdAt: new Date().toISOString(), sender: { id: ann!.user.id, username: ann!.user.username, displayName: 'É'.repeat(64), avatarUrl: null } };
      const big = { type: 'DIRECT_MESSAGE' as const, payload: { ...base, id: randomUUID(), content: 'é'.repeat(5000) } };
      expect(Buffer.byteLength(JSON.stringify(big))).toBeGreaterThan(8000);
      const small = { type: 'DIRECT_MESSAGE' as const, payload: { ...base, id: randomUUID(), content: 'small' } };
      // A leftover from long ago is purged when a big event is stored.
      const [old] = await database.db
        .insert(liveEvents)
        .values({ data: '{}', createdAt: new Date(Date.now() - 60 * 60_000) })
        .returning();
      const before = await database.db.select().from(liveEvents);
      a.app.deps.hub.publishToUsers([bob!.user.id], big);
      a.app.deps.hub.publishToUsers([bob!.user.id], small);
      await bobOnB.next((m) => (m as { payload?: { id?: string } }).payload?.id === small.payload.id);
      expect(received(bobOnB, 'DIRECT_MESSAGE')).toEqual([big, small]);
      await waitFor(async () => !(await database.db.select().from(liveEvents)).some((row) => row.id === old!.id));
      const stored = await database.db.select().from(liveEvents);
      expect(stored).toEqual([expect.objectContaining({ data: JSON.stringify({ kind: 'event', userIds: [bob!.user.id], data: JSON.stringify(big) }) })]);
      expect(before).toHaveLength(1);
      closeAll(bobOnB);
    });

    it('after its LISTEN connection is cut, an instance reconnects, asks its clients to catch up (1012) and delivers again', async () => {
      const [ann, bob] = await people(a, 2, 'xc');
      const pod = await makePod(a, ann!, [bob!]);
      const stale = await connect(b, bob!);
      expect(await listeners()).toBe(2);
      await database.db.execute(
        sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = ${databaseName} AND application_name LIKE 'podtable-live-%'`,
      );
      expect((await stale.closed).code).toBe(RESYNC_CLOSE_CODE);
      await waitFor(async () => (await listeners()) === 2);
      const fresh = await connect(b, bob!);
      const answer = await a.request<PodMessage>('POST', `/api/pods/${pod.id}/messages`, { token: ann!.token, body: { content: 'still here' } });
      expect(await nextEvent(fresh, ofType('POD_MESSAGE_NEW'))).toEqual({ type: 'POD_MESSAGE_NEW', podId: pod.id, payload: answer.body });
      expect(b.logText()).toContain('live LISTEN connection lost');
      closeAll(fresh);
    });
  });
}

/** The same across processes with Redis pub/sub as the bus (REDIS_URL), on either database. */
if (TEST_REDIS_URL) {
  describe('across server processes (Redis pub/sub)', () => {
    let database: Database;
    let a: TestServer;
    let b: TestServer;
    const redisPrefix = testPrefix();
    beforeAll(async () => {
      database = await createTestDatabase();
      const config = { redisUrl: TEST_REDIS_URL, redisPrefix };
      a = await startServer({ database, config });
      b = await startServer({ database, config });
    });
    afterAll(async () => {
      await a?.close();
      await b?.close();
      await database?.close();
      await dropPrefix(redisPrefix);
    });

    it('a pod message POSTed to A reaches the members’ sockets on B once, and no stranger', async () => {
      const [ann, bob, eve] = await people(a, 3, 'ra');
      const pod = await makePod(a, ann!, [bob!]);
      const bobOnB = await connect(b, bob!);
      const eveOnB = await connect(b, eve!);
      const annOnA = await connect(a, ann!);
      const answer = await a.request<PodMessage>('POST', `/api/pods/${pod.id}/messages`, { token: ann!.token, body: { content: 'via Redis' } });
      const event = { type: 'POD_MESSAGE_NEW', podId: pod.id, payload: answer.body };
      expect(await nextEvent(bobOnB, ofType('POD_MESSAGE_NEW'))).toEqual(event);
      expect(await nextEvent(annOnA, ofType('POD_MESSAGE_NEW'))).toEqual(event);
      await Promise.all([bobOnB, eveOnB, annOnA].map(settle));
      expect(received(eveOnB)).toEqual([]);
      expect(received(annOnA, 'POD_MESSAGE_NEW')).toHaveLength(1);
      expect(received(bobOnB, 'POD_MESSAGE_NEW')).toHaveLength(1);
      closeAll(bobOnB, eveOnB, annOnA);
    });

    it('after its subscription is cut, an instance resubscribes, asks its clients to catch up (1012) and delivers again', async () => {
      const [ann, bob] = await people(a, 2, 'rc');
      const pod = await makePod(a, ann!, [bob!]);
      const stale = await connect(b, bob!);
      const transport = (b.app.deps.hub as unknown as { transport: RedisTransport }).transport;
      await killRedisConnection(transport.clients.subscriber);
      expect((await stale.closed).code).toBe(RESYNC_CLOSE_CODE);
      await waitFor(() => b.app.deps.hub.busUp(), 10_000);
      const fresh = await connect(b, bob!);
      const answer = await a.request<PodMessage>('POST', `/api/pods/${pod.id}/messages`, { token: ann!.token, body: { content: 'still here' } });
      expect(await nextEvent(fresh, ofType('POD_MESSAGE_NEW'))).toEqual({ type: 'POD_MESSAGE_NEW', podId: pod.id, payload: answer.body });
      expect(b.logText()).toContain('live Redis subscription restored');
      closeAll(fresh);
    });
  });
}
