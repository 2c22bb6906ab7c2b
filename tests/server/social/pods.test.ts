/** Pods: create, read, rename, delete, remove member, assign owner, leave — and who may do each. */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Pod, PodMessage } from '../../../src/contract/social';
import { appliedMutations, podInvitations, podMembers, podMessages, pods } from '../../../server/db/schema';
import { REPLAYED_HEADER } from '../../../server/idempotency';
import { startServer, type TestServer } from '../helpers';
import { keyed, makePod, people, type Person } from './support';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.close();
});

const publicOf = (person: Person) => ({ id: person.user.id, username: person.user.username, displayName: null, avatarUrl: null });
const memberIds = (pod: Pod) => pod.members.map((member) => member.id);
const podRow = async (id: string) => (await server.database.db.select().from(pods).where(eq(pods.id, id)))[0];

describe('creating and reading pods', () => {
  it('POST /api/pods makes the creator owner and only member, under the client id', async () => {
    const [ann] = await people(server, 1, 'pc');
    const id = randomUUID();
    const answer = await server.request<Pod>('POST', '/api/pods', { token: ann!.token, body: { id, name: '  Commander Night  ' }, headers: keyed(id) });
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({
      id,
      name: 'Commander Night',
      description: null,
      ownerId: ann!.user.id,
      createdById: ann!.user.id,
      members: [publicOf(ann!)],
      createdAt: expect.stringMatching(/Z$/),
      rev: 1,
    });
    const listed = await server.request<Pod[]>('GET', '/api/pods', { token: ann!.token });
    expect(listed.body).toEqual([answer.body]);
    expect((await server.request<Pod>('GET', `/api/pods/${id}`, { token: ann!.token })).body).toEqual(answer.body);
    const serverChosen = await server.request<Pod>('POST', '/api/pods', { token: ann!.token, body: { name: 'Second' } });
    expect(serverChosen.status).toBe(201);
    expect(serverChosen.body.id).toMatch(/^[0-9a-f-]{36}$/);
    expect((await server.request<Pod[]>('GET', '/api/pods', { token: ann!.token })).body.map((pod) => pod.id).sort()).toEqual([id, serverChosen.body.id].sort());
  });

  it('refuses bad names and ids with the contract messages', async () => {
    const [ann] = await people(server, 1, 'pv');
    const cases: Array<[unknown, string]> = [
      [{ name: '' }, 'Pod name cannot be empty.'],
      [{ name: '   ' }, 'Pod name cannot be empty.'],
      [{}, 'Pod name cannot be empty.'],
      [{ name: 7 }, 'Pod name cannot be empty.'],
      [{ name: 'x'.repeat(65) }, 'Pod name can be at most 64 characters.'],
      [{ id: 'pod-1', name: 'Ok' }, 'id must be a UUID.'],
    ];
    for (const [body, message] of cases) {
      const answer = await server.request('POST', '/api/pods', { token: ann!.token, body });
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ message });
    }
    expect((await server.request<Pod[]>('GET', '/api/pods', { token: ann!.token })).body).toEqual([]);
  });

  it('creates once per key and per id: a replay answers the same pod; another user’s id is 409', async () => {
    const [ann, eve] = await people(server, 2, 'pi');
    const id = randomUUID();
    const first = await server.request<Pod>('POST', '/api/pods', { token: ann!.token, body: { id, name: 'Once' }, headers: keyed(id) });
    const repeat = await server.request<Pod>('POST', '/api/pods', { token: ann!.token, body: { id, name: 'Once' }, headers: keyed(id) });
    expect(repeat.status).toBe(201);
    expect(repeat.headers.get(REPLAYED_HEADER)).toBe('true');
    expect(repeat.body).toEqual(first.body);
    await server.database.db.delete(appliedMutations).where(eq(appliedMutations.userId, ann!.user.id));
    const retry = await server.request<Pod>('POST', '/api/pods', { token: ann!.token, body: { id, name: 'Once' }, headers: keyed(id) });
    expect(retry.status).toBe(201);
    expect(retry.body).toEqual(first.body);
    expect(await server.database.db.select().from(pods).where(eq(pods.createdById, ann!.user.id))).toHaveLength(1);
    const stolen = await server.request('POST', '/api/pods', { token: eve!.token, body: { id, name: 'Mine' } });
    expect(stolen.status).toBe(409);
    expect(stolen.body).toEqual({ message: 'A pod with this id already exists.' });
    expect((await podRow(id))!.name).toBe('Once');
  });

  it('a pod is visible to its members only: strangers get 404 as for a pod that does not exist', async () => {
    const [ann, bob, eve] = await people(server, 3, 'pr');
    const pod = await makePod(server, ann!, [bob!]);
    expect(memberIds(pod)).toEqual([ann!.user.id, bob!.user.id]);
    expect((await server.request<Pod>('GET', `/api/pods/${pod.id}`, { token: bob!.token })).body).toEqual(pod);
    for (const path of [`/api/pods/${pod.id}`, `/api/pods/${randomUUID()}`, '/api/pods/not-a-uuid']) {
      const answer = await server.request('GET', path, { token: eve!.token });
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({ message: 'Pod not found.' });
    }
    expect((await server.request('GET', '/api/pods', { token: eve!.token })).body).toEqual([]);
  });
});

describe('owner actions', () => {
  it('rename: owner 200, member 403, stranger 404, bad name 400', async () => {
    const [ann, bob, eve] = await people(server, 3, 'pn');
    const pod = await makePod(server, ann!, [bob!]);
    const renamed = await server.request<Pod>('PUT', `/api/pods/${pod.id}`, { token: ann!.token, body: { name: 'Renamed' } });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toEqual({ ...pod, name: 'Renamed', rev: pod.rev! + 1 });
    const byMember = await server.request('PUT', `/api/pods/${pod.id}`, { token: bob!.token, body: { name: 'Hijack' } });
    expect(byMember.status).toBe(403);
    expect(byMember.body).toEqual({ message: 'Only the pod owner can do that.' });
    expect((await server.request('PUT', `/api/pods/${pod.id}`, { token: eve!.token, body: { name: 'Hijack' } })).status).toBe(404);
    expect((await server.request('PUT', `/api/pods/${pod.id}`, { token: ann!.token, body: { name: '' } })).status).toBe(400);
    expect((await podRow(pod.id))!.name).toBe('Renamed');
  });

  it('remove member: owner only; not the owner themself (400); a non-member 404', async () => {
    const [ann, bob, cid, eve] = await people(server, 4, 'pm');
    const pod = await makePod(server, ann!, [bob!, cid!]);
    expect((await server.request('DELETE', `/api/pods/${pod.id}/members/${cid!.user.id}`, { token: bob!.token })).status).toBe(403);
    expect((await server.request('DELETE', `/api/pods/${pod.id}/members/${cid!.user.id}`, { token: eve!.token })).status).toBe(404);
    const self = await server.request('DELETE', `/api/pods/${pod.id}/members/${ann!.user.id}`, { token: ann!.token });
    expect(self.status).toBe(400);
    expect(self.body).toEqual({ message: 'The owner cannot be removed; assign a new owner or leave the pod.' });
    for (const userId of [eve!.user.id, 'not-a-uuid']) {
      const answer = await server.request('DELETE', `/api/pods/${pod.id}/members/${userId}`, { token: ann!.token });
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({ message: 'That user is not a member of this pod.' });
    }
    const removed = await server.request<Pod>('DELETE', `/api/pods/${pod.id}/members/${cid!.user.id}`, { token: ann!.token });
    expect(removed.status).toBe(200);
    expect(memberIds(removed.body)).toEqual([ann!.user.id, bob!.user.id]);
    expect((await server.request('GET', `/api/pods/${pod.id}`, { token: cid!.token })).status).toBe(404);
    expect((await server.request('GET', `/api/pods/${pod.id}/messages`, { token: cid!.token })).status).toBe(404);
  });

  it('assign owner: only to a member, only by the owner; the old owner loses owner rights', async () => {
    const [ann, bob, eve] = await people(server, 3, 'po');
    const pod = await makePod(server, ann!, [bob!]);
    const toStranger = await server.request('POST', `/api/pods/${pod.id}/assign-owner`, { token: ann!.token, body: { newOwnerId: eve!.user.id } });
    expect(toStranger.status).toBe(400);
    expect(toStranger.body).toEqual({ message: 'The new owner must be a member of this pod.' });
    expect((await server.request('POST', `/api/pods/${pod.id}/assign-owner`, { token: ann!.token, body: {} })).status).toBe(400);
    expect((await server.request('POST', `/api/pods/${pod.id}/assign-owner`, { token: ann!.token, body: { newOwnerId: 'x' } })).status).toBe(400);
    expect((await server.request('POST', `/api/pods/${pod.id}/assign-owner`, { token: bob!.token, body: { newOwnerId: bob!.user.id } })).status).toBe(403);
    expect((await server.request('POST', `/api/pods/${pod.id}/assign-owner`, { token: eve!.token, body: { newOwnerId: eve!.user.id } })).status).toBe(404);
    const assigned = await server.request<Pod>('POST', `/api/pods/${pod.id}/assign-owner`, { token: ann!.token, body: { newOwnerId: bob!.user.id } });
    expect(assigned.status).toBe(200);
    expect(assigned.body).toEqual({ ...pod, ownerId: bob!.user.id, rev: pod.rev! + 1 });
    // A replay whose stored answer was lost (Ann is no longer owner) answers the pod as it is.
    const replay = await server.request<Pod>('POST', `/api/pods/${pod.id}/assign-owner`, { token: ann!.token, body: { newOwnerId: bob!.user.id } });
    expect(replay.status).toBe(200);
    expect(replay.body).toEqual(assigned.body);
    expect((await server.request('PUT', `/api/pods/${pod.id}`, { token: ann!.token, body: { name: 'Nope' } })).status).toBe(403);
    expect((await server.request('PUT', `/api/pods/${pod.id}`, { token: bob!.token, body: { name: 'Bob’s' } })).status).toBe(200);
  });

  it('leave: a member leaves; the owner with others gets 409; the owner alone deletes the pod by leaving', async () => {
    const [ann, bob, eve] = await people(server, 3, 'pl');
    const pod = await makePod(server, ann!, [bob!]);
    expect((await server.request('POST', `/api/pods/${pod.id}/leave`, { token: eve!.token })).status).toBe(404);
    const ownerLeaves = await server.request('POST', `/api/pods/${pod.id}/leave`, { token: ann!.token });
    expect(ownerLeaves.status).toBe(409);
    expect(ownerLeaves.body).toEqual({ message: 'Assign a new owner before leaving.' });
    const left = await server.request('POST', `/api/pods/${pod.id}/leave`, { token: bob!.token });
    expect(left.status).toBe(204);
    expect((await server.request('GET', `/api/pods/${pod.id}`, { token: bob!.token })).status).toBe(404);
    expect(memberIds((await server.request<Pod>('GET', `/api/pods/${pod.id}`, { token: ann!.token })).body)).toEqual([ann!.user.id]);
    await server.request('POST', `/api/pods/${pod.id}/messages`, { token: ann!.token, body: { content: 'bye' } });
    expect((await server.request('POST', `/api/pods/${pod.id}/leave`, { token: ann!.token })).status).toBe(204);
    expect(await podRow(pod.id)).toBeUndefined();
    expect(await server.database.db.select().from(podMessages).where(eq(podMessages.podId, pod.id))).toEqual([]);
  });

  it('delete: owner only; members, messages and invitations go with it', async () => {
    const [ann, bob, eve] = await people(server, 3, 'pd');
    const pod = await makePod(server, ann!, [bob!]);
    await server.request('POST', `/api/pods/${pod.id}/messages`, { token: bob!.token, body: { content: 'gg' } });
    expect((await server.request('POST', `/api/pods/${pod.id}/invite`, { token: bob!.token, body: { userId: eve!.user.id } })).status).toBe(201);
    expect((await server.request('DELETE', `/api/pods/${pod.id}`, { token: bob!.token })).status).toBe(403);
    expect((await server.request('DELETE', `/api/pods/${pod.id}`, { token: eve!.token })).status).toBe(404);
    expect((await server.request('DELETE', '/api/pods/not-a-uuid', { token: ann!.token })).status).toBe(404);
    const deleted = await server.request('DELETE', `/api/pods/${pod.id}`, { token: ann!.token });
    expect(deleted.status).toBe(204);
    const db = server.database.db;
    expect(await podRow(pod.id)).toBeUndefined();
    expect(await db.select().from(podMembers).where(eq(podMembers.podId, pod.id))).toEqual([]);
    expect(await db.select().from(podMessages).where(eq(podMessages.podId, pod.id))).toEqual([]);
    expect(await db.select().from(podInvitations).where(eq(podInvitations.podId, pod.id))).toEqual([]);
    expect((await server.request('GET', '/api/pods/invitations', { token: eve!.token })).body).toEqual([]);
    expect((await server.request('DELETE', `/api/pods/${pod.id}`, { token: ann!.token })).status).toBe(404);
  });
});

describe('pod messages', () => {
  it('members post and read (latest `limit` before `before`, oldest first); strangers get 404', async () => {
    const [ann, bob, eve] = await people(server, 3, 'pg');
    const pod = await makePod(server, ann!, [bob!]);
    const posted: PodMessage[] = [];
    for (let i = 0; i < 6; i += 1) {
      const author = i % 2 === 0 ? ann! : bob!;
      const answer = await server.request<PodMessage>('POST', `/api/pods/${pod.id}/messages`, { token: author.token, body: { content: ` m${i} ` } });
      expect(answer.status).toBe(201);
      posted.push(answer.body);
      server.advanceClock(1000);
    }
    expect(posted[1]).toEqual({
      id: expect.any(String),
      clientId: null,
      podId: pod.id,
      content: 'm1',
      createdAt: expect.stringMatching(/Z$/),
      sender: { id: bob!.user.id, username: bob!.user.username, displayName: null },
    });
    const all = await server.request<PodMessage[]>('GET', `/api/pods/${pod.id}/messages`, { token: bob!.token });
    expect(all.body).toEqual(posted);
    const latest = await server.request<PodMessage[]>('GET', `/api/pods/${pod.id}/messages?limit=3`, { token: ann!.token });
    expect(latest.body.map((m) => m.content)).toEqual(['m3', 'm4', 'm5']);
    const page = await server.request<PodMessage[]>('GET', `/api/pods/${pod.id}/messages?limit=2&before=${encodeURIComponent(posted[3]!.createdAt)}`, { token: ann!.token });
    expect(page.body.map((m) => m.content)).toEqual(['m1', 'm2']);
    for (const query of ['?limit=0', '?limit=201', '?limit=2.5', '?limit=x', '?before=soon']) {
      expect((await server.request('GET', `/api/pods/${pod.id}/messages${query}`, { token: ann!.token })).status, query).toBe(400);
    }
    expect((await server.request('GET', `/api/pods/${pod.id}/messages`, { token: eve!.token })).status).toBe(404);
    const byStranger = await server.request('POST', `/api/pods/${pod.id}/messages`, { token: eve!.token, body: { content: 'let me in' } });
    expect(byStranger.status).toBe(404);
    expect((await server.request('POST', '/api/pods/nope/messages', { token: ann!.token, body: { content: 'x' } })).status).toBe(404);
    expect(await server.database.db.select().from(podMessages).where(eq(podMessages.senderId, eve!.user.id))).toEqual([]);
  });

  it('one query answers a member: an empty pod is [] (not 404); a removed member gets 404 though messages exist', async () => {
    const [ann, bob] = await people(server, 2, 'pe');
    const pod = await makePod(server, ann!, [bob!]);
    const empty = await server.request<PodMessage[]>('GET', `/api/pods/${pod.id}/messages?limit=3`, { token: bob!.token });
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual([]);
    expect((await server.request('POST', `/api/pods/${pod.id}/messages`, { token: ann!.token, body: { content: 'hello' } })).status).toBe(201);
    expect((await server.request<PodMessage[]>('GET', `/api/pods/${pod.id}/messages`, { token: bob!.token })).body.map((m) => m.content)).toEqual(['hello']);
    expect((await server.request('DELETE', `/api/pods/${pod.id}/members/${bob!.user.id}`, { token: ann!.token })).status).toBe(200);
    expect((await server.request('GET', `/api/pods/${pod.id}/messages`, { token: bob!.token })).status).toBe(404);
    expect((await server.request('POST', `/api/pods/${pod.id}/messages`, { token: bob!.token, body: { content: 'still here?' } })).status).toBe(404);
  });

  it('a write without Idempotency-Key leaves no claim (no one can send the server’s id again); with one, it is claimed once with its answer; a refused one leaves no claim', async () => {
    const [ann, eve] = await people(server, 2, 'pc');
    const pod = await makePod(server, ann!);
    const claimsOf = (userId: string) => server.database.db.select().from(appliedMutations).where(eq(appliedMutations.userId, userId));
    // The pod's creation (the transaction path) and a message (one statement), both without a key.
    const unkeyed = await server.request<PodMessage>('POST', `/api/pods/${pod.id}/messages`, { token: ann!.token, body: { content: 'unclaimed' } });
    expect(unkeyed.status).toBe(201);
    expect(await claimsOf(ann!.user.id)).toEqual([]);
    const key = randomUUID();
    const withKey = await server.request<PodMessage>('POST', `/api/pods/${pod.id}/messages`, { token: ann!.token, headers: keyed(key), body: { content: 'claimed' } });
    expect(withKey.status).toBe(201);
    const claims = await claimsOf(ann!.user.id);
    expect(claims).toHaveLength(1);
    expect(claims[0]).toMatchObject({ id: key, name: 'pod.message.send', result: withKey.body });
    const stored = await server.database.db.select().from(podMessages).where(eq(podMessages.podId, pod.id));
    expect(stored.map((row) => row.content).sort()).toEqual(['claimed', 'unclaimed']);
    expect((await server.request('POST', `/api/pods/${pod.id}/messages`, { token: eve!.token, body: { content: 'no' } })).status).toBe(404);
    expect((await server.request('POST', `/api/pods/${pod.id}/messages`, { token: eve!.token, headers: keyed(), body: { content: 'no' } })).status).toBe(404);
    expect(await claimsOf(eve!.user.id)).toEqual([]);
  });

  it('the default page is 50 and the largest 200', async () => {
    const [ann] = await people(server, 1, 'pp');
    const pod = await makePod(server, ann!);
    const start = Date.now();
    await server.database.db.insert(podMessages).values(
      Array.from({ length: 210 }, (_, i) => ({ id: randomUUID(), podId: pod.id, senderId: ann!.user.id, content: `n${i}`, createdAt: new Date(start + i) })),
    );
    const page = await server.request<PodMessage[]>('GET', `/api/pods/${pod.id}/messages`, { token: ann!.token });
    expect(page.body).toHaveLength(50);
    expect(page.body.at(-1)!.content).toBe('n209');
    expect(page.body[0]!.content).toBe('n160');
    const max = await server.request<PodMessage[]>('GET', `/api/pods/${pod.id}/messages?limit=200`, { token: ann!.token });
    expect(max.body).toHaveLength(200);
  });

  it('refuses blank and 1025-character messages; a replay never posts twice; another user’s id is 409', async () => {
    const [ann, bob] = await people(server, 2, 'pq');
    const pod = await makePod(server, ann!, [bob!]);
    const path = `/api/pods/${pod.id}/messages`;
    for (const [body, message] of [
      [{ content: '   ' }, 'Enter a message first.'],
      [{ content: 'x'.repeat(1025) }, 'Messages can be at most 1024 characters.'],
      [{}, 'Enter a message first.'],
      [{ content: ['a'] }, 'Enter a message first.'],
      [{ id: 42, content: 'a' }, 'id must be a UUID.'],
    ] as const) {
      const answer = await server.request('POST', path, { token: ann!.token, body });
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ message });
    }
    const id = randomUUID();
    const first = await server.request<PodMessage>('POST', path, { token: ann!.token, body: { id, content: 'once' }, headers: keyed(id) });
    expect(first.body).toMatchObject({ id, clientId: id, content: 'once' });
    const repeat = await server.request<PodMessage>('POST', path, { token: ann!.token, body: { id, content: 'once' }, headers: keyed(id) });
    expect(repeat.headers.get(REPLAYED_HEADER)).toBe('true');
    expect(repeat.body).toEqual(first.body);
    await server.database.db.delete(appliedMutations).where(eq(appliedMutations.userId, ann!.user.id));
    const retry = await server.request<PodMessage>('POST', path, { token: ann!.token, body: { id, content: 'once' }, headers: keyed(id) });
    expect(retry.status).toBe(201);
    expect(retry.body).toEqual(first.body);
    const stolen = await server.request('POST', path, { token: bob!.token, body: { id, content: 'mine' } });
    expect(stolen.status).toBe(409);
    expect(await server.database.db.select().from(podMessages).where(eq(podMessages.podId, pod.id))).toHaveLength(1);
  });
});

describe('anonymous', () => {
  it('every pod route answers 401 without a valid token', async () => {
    const id = randomUUID();
    const routes: Array<[string, string]> = [
      ['GET', '/api/pods'],
      ['GET', `/api/pods/${id}`],
      ['POST', '/api/pods'],
      ['PUT', `/api/pods/${id}`],
      ['DELETE', `/api/pods/${id}`],
      ['GET', `/api/pods/${id}/messages`],
      ['POST', `/api/pods/${id}/messages`],
      ['POST', `/api/pods/${id}/invite`],
      ['GET', `/api/pods/${id}/invitations`],
      ['GET', '/api/pods/invitations'],
      ['POST', `/api/pods/invitations/${id}/accept`],
      ['POST', `/api/pods/invitations/${id}/decline`],
      ['DELETE', `/api/pods/${id}/members/${id}`],
      ['POST', `/api/pods/${id}/assign-owner`],
      ['POST', `/api/pods/${id}/leave`],
    ];
    for (const [method, path] of routes) {
      for (const token of [undefined, 'not-a-token']) {
        const answer = await server.request(method, path, { token, body: method === 'GET' || method === 'DELETE' ? undefined : { name: 'x', content: 'x' } });
        expect(answer.status, `${method} ${path}`).toBe(401);
        expect(answer.body).toEqual({ message: 'You need to log in.' });
      }
    }
  });
});

describe('bad input on every social write', () => {
  it('answers JSON 4xx (never 5xx) to broken JSON, non-object bodies, wrong types and malformed ids', async () => {
    const [ann, bob] = await people(server, 2, 'bx');
    const pod = await makePod(server, ann!, [bob!]);
    const writes: Array<[string, string]> = [
      ['POST', '/api/friends/send-request'],
      ['PUT', `/api/friends/${randomUUID()}/accept`],
      ['POST', '/api/direct-messages/send'],
      ['POST', '/api/pods'],
      ['PUT', `/api/pods/${pod.id}`],
      ['POST', `/api/pods/${pod.id}/messages`],
      ['POST', `/api/pods/${pod.id}/invite`],
      ['POST', `/api/pods/${pod.id}/assign-owner`],
    ];
    const bodies: Array<[BodyInit, string]> = [
      ['{"name":', 'application/json'],
      ['[]', 'application/json'],
      ['"text"', 'application/json'],
      ['null', 'application/json'],
      ['{"id":{"$ne":1},"name":["x"],"content":{"a":1},"userId":[1],"newOwnerId":true,"addresseeId":null,"receiverId":1,"status":false}', 'application/json'],
      ['name=x', 'application/x-www-form-urlencoded'],
    ];
    for (const [method, path] of writes) {
      for (const [raw, type] of bodies) {
        const answer = await server.request(method, path, { token: ann!.token, raw, headers: { 'content-type': type } });
        expect(answer.status, `${method} ${path} ${String(raw)}`).toBeGreaterThanOrEqual(400);
        expect(answer.status, `${method} ${path} ${String(raw)}`).toBeLessThan(500);
        expect(answer.body).toEqual({ message: expect.any(String) });
      }
    }
    const badIds = ['x', '00000000-0000-0000-0000-00000000000g', "1'; DROP TABLE pods; --", '%00'];
    for (const id of badIds) {
      const e = encodeURIComponent(id);
      const attempts: Array<[string, string, unknown?]> = [
        ['GET', `/api/pods/${e}`],
        ['GET', `/api/pods/${e}/messages`],
        ['GET', `/api/pods/${e}/invitations`],
        ['PUT', `/api/pods/${e}`, { name: 'x' }],
        ['DELETE', `/api/pods/${e}`],
        ['POST', `/api/pods/${e}/leave`],
        ['DELETE', `/api/pods/${pod.id}/members/${e}`],
        ['POST', `/api/pods/invitations/${e}/accept`],
        ['GET', `/api/direct-messages/${e}`],
        ['DELETE', `/api/friends/${e}`],
      ];
      for (const [method, path, body] of attempts) {
        const answer = await server.request(method, path, { token: ann!.token, body });
        expect(answer.status, `${method} ${path}`).toBe(404);
        expect(answer.body).toEqual({ message: expect.any(String) });
      }
    }
    expect((await server.request<Pod>('GET', `/api/pods/${pod.id}`, { token: ann!.token })).body).toEqual(pod);
  });
});
