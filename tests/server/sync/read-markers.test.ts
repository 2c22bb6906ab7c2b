/**
 * Read markers (read.mark): stored for their owner, pulled and heard live by the owner's other
 * devices, never by anyone else; monotonic (an older point is applied with no effect); bad input
 * refused 400 with a message, a message the caller cannot see in that thread 404; in the full
 * snapshot and the data export; gone with the account.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compareReadPoints, ReadMarkerText, type ReadMarker, type ReadPoint } from '../../../src/contract/read-markers';
import type { AccountExport } from '../../../src/contract/account-data';
import { dmReadMarkers, podReadMarkers } from '../../../server/db/schema';
import { mutationWriteKind } from '../../../server/limits/policies';
import { startServer, type TestServer } from '../helpers';
import { closeAll, connect, makePod, nextEvent, ofType, received, settle, type Person } from '../social/support';
import { mutation, pull, pullAll, push } from './support';

let server: TestServer;
beforeAll(async () => {
  server = await startServer({ rateLimits: { scale: 20 } });
}, 180_000);
afterAll(async () => {
  await server?.close();
});

/** A direct message `from` → `to` as stored (its point: the server's time and id). */
async function dmFrom(from: Person, to: Person): Promise<ReadPoint> {
  const id = randomUUID();
  const sent = await server.request<{ id: string; createdAt: string }>('POST', '/api/direct-messages/send', { token: from.token, body: { id, receiverId: to.user.id, content: 'hi' } });
  expect(sent.status).toBe(201);
  return { createdAt: sent.body.createdAt, messageId: sent.body.id };
}

async function podMessageFrom(from: Person, podId: string): Promise<ReadPoint> {
  const sent = await server.request<{ id: string; createdAt: string }>('POST', `/api/pods/${podId}/messages`, { token: from.token, body: { content: 'gg' } });
  expect(sent.status).toBe(201);
  return { createdAt: sent.body.createdAt, messageId: sent.body.id };
}

const mark = (kind: 'dm' | 'pod', id: string, upTo: ReadPoint) => mutation('read.mark', { kind, id, upTo });

/** A second device of the same person: its own token and its own cursor. */
async function secondDevice(person: Person & { username: string; password: string }): Promise<Person> {
  const { token } = await server.login(person.username, person.password);
  return { user: person.user, token };
}

async function newPerson(prefix: string) {
  return server.newUser(prefix);
}

describe('read.mark', () => {
  it("is stored for its owner, pulled and heard live by the owner's other device, never by the other participant", async () => {
    const [ana, bo] = [await newPerson('rma'), await newPerson('rmb')];
    const anaPhone = await secondDevice(ana);
    const point = await dmFrom(bo, ana);
    const phoneCursor = (await pull(server, anaPhone.token)).cursor;
    const boCursor = (await pull(server, bo.token)).cursor;
    const phoneSocket = await connect(server, anaPhone);
    const boSocket = await connect(server, bo);

    const answer = await push(server, ana.token, [mark('dm', bo.user.id, point)]);
    expect(answer.results).toEqual([{ id: expect.any(String), status: 'applied' }]);

    const expected: ReadMarker = { id: `dm:${bo.user.id}`, kind: 'dm', targetId: bo.user.id, upTo: point, updatedAt: expect.any(String) as never };
    expect(await nextEvent(phoneSocket, ofType('READ_MARKER'))).toEqual({ type: 'READ_MARKER', payload: expected });
    const pages = await pullAll(server, anaPhone.token, phoneCursor);
    expect(pages.flatMap((page) => page.puts.readMarkers ?? [])).toEqual([expected]);
    // A fresh device's snapshot has it too.
    expect((await pull(server, anaPhone.token)).puts.readMarkers).toEqual([expected]);

    // The other participant: nothing live, nothing in a pull or a snapshot.
    await settle(boSocket);
    expect(received(boSocket, 'READ_MARKER')).toEqual([]);
    const boPages = await pullAll(server, bo.token, boCursor);
    expect(boPages.flatMap((page) => page.puts.readMarkers ?? [])).toEqual([]);
    expect((await pull(server, bo.token)).puts.readMarkers).toEqual([]);
    closeAll(phoneSocket, boSocket);
  });

  it('never moves backwards: an older point, from any device and in any order, is applied with no effect', async () => {
    const [ana, bo] = [await newPerson('rmc'), await newPerson('rmd')];
    const anaPhone = await secondDevice(ana);
    const points = [await dmFrom(bo, ana), await dmFrom(bo, ana), await dmFrom(bo, ana)].sort(compareReadPoints);
    const [first, second, third] = points as [ReadPoint, ReadPoint, ReadPoint];

    expect((await push(server, ana.token, [mark('dm', bo.user.id, second)])).results[0]).toMatchObject({ status: 'applied' });
    const cursor = (await pull(server, anaPhone.token)).cursor;
    // The phone, offline for a while, reports an older point: applied, nothing moves, nobody hears of it.
    expect((await push(server, anaPhone.token, [mark('dm', bo.user.id, first)])).results[0]).toMatchObject({ status: 'applied' });
    expect((await pull(server, ana.token)).puts.readMarkers?.map((marker) => marker.upTo)).toEqual([second]);
    const pages = await pullAll(server, anaPhone.token, cursor);
    expect(pages.flatMap((page) => page.puts.readMarkers ?? [])).toEqual([]);
    // A later point moves it.
    await push(server, anaPhone.token, [mark('dm', bo.user.id, third), mark('dm', bo.user.id, first)]);
    expect((await pull(server, ana.token)).puts.readMarkers?.map((marker) => marker.upTo)).toEqual([third]);
    const rows = await server.database.db.select().from(dmReadMarkers).where(eq(dmReadMarkers.userId, ana.user.id));
    expect(rows.map((row) => row.upToMessageId)).toEqual([third.messageId]);
  });

  it("stores the message's own time, whatever time the client sent", async () => {
    const [ana, bo] = [await newPerson('rme'), await newPerson('rmf')];
    const point = await dmFrom(bo, ana);
    await push(server, ana.token, [mark('dm', bo.user.id, { createdAt: '2999-12-31T00:00:00.000Z', messageId: point.messageId })]);
    expect((await pull(server, ana.token)).puts.readMarkers?.map((marker) => marker.upTo)).toEqual([point]);
  });

  it('a pod: only while a member, only a message of that pod', async () => {
    const [ana, bo, cy] = [await newPerson('rmg'), await newPerson('rmh'), await newPerson('rmi')];
    const pod = await makePod(server, ana, [bo]);
    const other = await makePod(server, cy, [], 'Other pod');
    const point = await podMessageFrom(ana, pod.id);
    const elsewhere = await podMessageFrom(cy, other.id);

    const results = (
      await push(server, bo.token, [
        mark('pod', pod.id, point),
        // A message of another pod, named under this pod or its own: not bo's to read.
        mark('pod', pod.id, elsewhere),
        mark('pod', other.id, elsewhere),
      ])
    ).results;
    expect(results.map((result) => result.status)).toEqual(['applied', 'refused', 'refused']);
    expect(results.slice(1)).toEqual([
      { id: expect.any(String), status: 'refused', code: 404, message: ReadMarkerText.messageNotFound },
      { id: expect.any(String), status: 'refused', code: 404, message: ReadMarkerText.messageNotFound },
    ]);
    expect((await pull(server, bo.token)).puts.readMarkers).toEqual([
      { id: `pod:${pod.id}`, kind: 'pod', targetId: pod.id, upTo: point, updatedAt: expect.any(String) },
    ]);
    // Nobody else in the pod sees bo's marker.
    expect((await pull(server, ana.token)).puts.readMarkers).toEqual([]);
  });

  it('a direct message of another conversation, or of one the caller is not in, is 404', async () => {
    const [ana, bo, cy] = [await newPerson('rmj'), await newPerson('rmk'), await newPerson('rml')];
    const theirs = await dmFrom(bo, cy);
    const mine = await dmFrom(bo, ana);
    const results = (
      await push(server, ana.token, [
        mark('dm', cy.user.id, theirs),
        mark('dm', bo.user.id, theirs),
        // A message of ana's conversation with bo, named as her conversation with cy.
        mark('dm', cy.user.id, mine),
        mark('dm', ana.user.id, mine),
        mark('dm', 'not-a-user', mine),
      ])
    ).results;
    expect(results.map((result) => (result.status === 'refused' ? [result.code, result.message] : result.status))).toEqual(
      Array.from({ length: 5 }, () => [404, ReadMarkerText.messageNotFound]),
    );
    expect((await pull(server, ana.token)).puts.readMarkers).toEqual([]);
  });

  it('bad input is refused 400 with a message', async () => {
    const [ana, bo] = [await newPerson('rmm'), await newPerson('rmn')];
    const point = await dmFrom(bo, ana);
    const bad = [
      { kind: 'chat', id: bo.user.id, upTo: point },
      { kind: 'dm', id: bo.user.id, upTo: { createdAt: 'yesterday', messageId: point.messageId } },
      { kind: 'dm', id: bo.user.id },
      { kind: 'dm', id: '', upTo: point },
      { kind: 'dm', id: bo.user.id, upTo: { createdAt: point.createdAt, messageId: 'x'.repeat(65) } },
    ];
    const results = (await push(server, ana.token, bad.map((args) => ({ id: randomUUID(), name: 'read.mark' as const, args })))).results;
    for (const result of results) {
      expect(result).toMatchObject({ status: 'refused', code: 400 });
      expect((result as { message: string }).message.length).toBeGreaterThan(0);
    }
    expect(results[0]).toMatchObject({ message: ReadMarkerText.kind });
    expect((await pull(server, ana.token)).puts.readMarkers).toEqual([]);
  });

  it('spends its own budget, not the writes one', () => {
    expect(mutationWriteKind('read.mark')).toBe('readMark');
  });

  it('is in the data export, and goes with the account', async () => {
    const [ana, bo] = [await newPerson('rmo'), await newPerson('rmp')];
    const pod = await makePod(server, bo, [ana]);
    const point = await dmFrom(bo, ana);
    const inPod = await podMessageFrom(bo, pod.id);
    await push(server, ana.token, [mark('dm', bo.user.id, point), mark('pod', pod.id, inPod)]);

    const exported = await server.request<AccountExport>('GET', '/api/users/me/export', { token: ana.token });
    expect(exported.status).toBe(200);
    expect((exported.body.readMarkers as ReadMarker[]).map((marker) => [marker.id, marker.upTo])).toEqual([
      [`dm:${bo.user.id}`, point],
      [`pod:${pod.id}`, inPod],
    ]);
    // Someone else's export never holds them.
    expect((await server.request<AccountExport>('GET', '/api/users/me/export', { token: bo.token })).body.readMarkers).toEqual([]);

    expect((await server.request('DELETE', '/api/users/me', { token: ana.token, body: { password: ana.password } })).status).toBe(204);
    const db = server.database.db;
    expect(await db.select().from(dmReadMarkers).where(eq(dmReadMarkers.userId, ana.user.id))).toEqual([]);
    expect(await db.select().from(podReadMarkers).where(eq(podReadMarkers.userId, ana.user.id))).toEqual([]);
  });
});
