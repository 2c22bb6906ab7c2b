import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { PUSH_MAX_MUTATIONS, SyncText } from '../../../src/contract/sync';
import { appliedMutations, podMessages } from '../../../server/db/schema';
import { startServer, type TestServer } from '../helpers';
import { makePod, people } from '../social/support';
import { mutation, push, APP_PROTOCOL } from './support';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.close();
});

const messagesIn = (podId: string) => server.database.db.select().from(podMessages).where(eq(podMessages.podId, podId));

describe('POST /api/sync/push', () => {
  it('applies many mutations in one request, in order, each exactly once (a repeat changes nothing)', async () => {
    const [ann] = await people(server, 1, 'pa');
    const pod = await makePod(server, ann!);
    const batch = Array.from({ length: 30 }, (_, i) => mutation('pod.message.send', { id: crypto.randomUUID(), podId: pod.id, content: `m${i}` }));
    const first = await push(server, ann!.token, batch);
    expect(first.results).toEqual(batch.map((m) => ({ id: m.id, status: 'applied' })));
    const again = await push(server, ann!.token, batch);
    expect(again.results).toEqual(batch.map((m) => ({ id: m.id, status: 'applied' })));
    const rows = await messagesIn(pod.id);
    expect(rows).toHaveLength(30);
    // One instant per mutation, in order: a list sorted by time shows the batch as it was typed.
    expect(new Set(rows.map((row) => row.createdAt.getTime())).size).toBe(30);
    expect(rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime()).map((row) => row.content)).toEqual(batch.map((_, i) => `m${i}`));
    const listed = await server.request<Array<{ content: string }>>('GET', `/api/pods/${pod.id}/messages?limit=30`, { token: ann!.token });
    expect(listed.body.map((message) => message.content)).toEqual(batch.map((_, i) => `m${i}`));
  });

  it('a concurrent duplicate waits for the first and is answered applied: one row, no "in flight" answer', async () => {
    const [ann] = await people(server, 1, 'pc');
    const pod = await makePod(server, ann!);
    const once = mutation('pod.message.send', { id: crypto.randomUUID(), podId: pod.id, content: 'once' });
    const answers = await Promise.all(Array.from({ length: 4 }, () => push(server, ann!.token, [once])));
    for (const answer of answers) expect(answer.results).toEqual([{ id: once.id, status: 'applied' }]);
    expect(await messagesIn(pod.id)).toHaveLength(1);
  });

  it("refuses only the mutation the server won't apply, with its message, and goes on; a refusal records nothing", async () => {
    const [ann, bob] = await people(server, 2, 'pr');
    const pod = await makePod(server, ann!);
    const ok = mutation('pod.message.send', { id: crypto.randomUUID(), podId: pod.id, content: 'fine' });
    const stranger = mutation('pod.message.send', { id: crypto.randomUUID(), podId: pod.id, content: 'not a member' });
    const answer = await push(server, bob!.token, [stranger]);
    expect(answer.results).toEqual([{ id: stranger.id, status: 'refused', code: 404, message: 'Pod not found.' }]);
    const mixed = await push(server, ann!.token, [
      mutation('pod.message.send', { id: crypto.randomUUID(), podId: pod.id, content: '' }),
      { id: crypto.randomUUID(), name: 'pod.explode' as never, args: {} },
      ok,
    ]);
    expect(mixed.results.map((result) => result.status)).toEqual(['refused', 'refused', 'applied']);
    expect(mixed.results[0]).toMatchObject({ code: 400, message: 'Enter a message first.' });
    expect(mixed.results[1]).toMatchObject({ code: 400, message: SyncText.unknownMutation('pod.explode') });
    const recorded = await server.database.db.select().from(appliedMutations).where(eq(appliedMutations.userId, bob!.user.id));
    expect(recorded).toEqual([]);
  });

  it('a refused mutation is judged again when sent again (the user pressed Retry after fixing the cause)', async () => {
    const [ann, bob] = await people(server, 2, 'pj');
    const pod = await makePod(server, ann!);
    const hello = mutation('pod.message.send', { id: crypto.randomUUID(), podId: pod.id, content: 'let me in' });
    expect((await push(server, bob!.token, [hello])).results[0]!.status).toBe('refused');
    await makePodMember(ann!, bob!, pod.id);
    expect((await push(server, bob!.token, [hello])).results).toEqual([{ id: hello.id, status: 'applied' }]);
  });

  it('keeps a mutation id to one kind of change: reused for another, it is refused', async () => {
    const [ann] = await people(server, 1, 'pk');
    const pod = await makePod(server, ann!);
    const id = crypto.randomUUID();
    await push(server, ann!.token, [mutation('pod.message.send', { id: crypto.randomUUID(), podId: pod.id, content: 'a' }, id)]);
    const reused = await push(server, ann!.token, [mutation('pod.rename', { podId: pod.id, name: 'B' }, id)]);
    expect(reused.results).toEqual([{ id, status: 'refused', code: 422, message: SyncText.mutationIdReused }]);
  });

  it('a REST write with the same Idempotency-Key as a pushed mutation is the same write', async () => {
    const [ann] = await people(server, 1, 'pi');
    const pod = await makePod(server, ann!);
    const id = crypto.randomUUID();
    await push(server, ann!.token, [mutation('pod.message.send', { id, podId: pod.id, content: 'once' }, id)]);
    const rest = await server.request('POST', `/api/pods/${pod.id}/messages`, { token: ann!.token, body: { id, content: 'once' }, headers: { 'idempotency-key': id } });
    expect(rest.status).toBe(201);
    expect(rest.body).toMatchObject({ id, content: 'once' });
    expect(await messagesIn(pod.id)).toHaveLength(1);
    const [row] = await server.database.db.select().from(appliedMutations).where(and(eq(appliedMutations.userId, ann!.user.id), eq(appliedMutations.id, id)));
    expect(row?.name).toBe('pod.message.send');
  });

  it(`takes at most ${PUSH_MAX_MUTATIONS} mutations a request, and needs a token`, async () => {
    const [ann] = await people(server, 1, 'pm');
    const tooMany = Array.from({ length: PUSH_MAX_MUTATIONS + 1 }, () => mutation('pod.rename', { podId: 'x', name: 'y' }));
    const answer = await server.request('POST', '/api/sync/push', { token: ann!.token, headers: APP_PROTOCOL, body: { mutations: tooMany } });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ message: SyncText.tooManyMutations });
    expect((await server.request('POST', '/api/sync/push', { body: { mutations: [] } })).status).toBe(401);
  });
});

describe('protocol versions', () => {
  it('answers 426 with the versions it serves to an app speaking another protocol; a plain REST client is served', async () => {
    const [ann] = await people(server, 1, 'pv');
    // Version 2 keyed game invite rows `inviteId`; its apps cannot read version 3's rows.
    for (const version of ['1', '2', '4']) {
      const other = await server.request('GET', '/api/users/me', { token: ann!.token, headers: { 'x-podtable-protocol': version } });
      expect(other.status).toBe(426);
      expect(other.body).toEqual({ message: SyncText.updateRequired, protocol: { min: 3, max: 3 } });
    }
    expect((await server.request('GET', '/api/users/me', { token: ann!.token })).status).toBe(200);
    expect((await server.request('GET', '/api/users/me', { token: ann!.token, headers: APP_PROTOCOL })).status).toBe(200);
  });
});

async function makePodMember(owner: { token: string }, member: { token: string; user: { id: string } }, podId: string): Promise<void> {
  const invite = await server.request<{ invitationId: string }>('POST', `/api/pods/${podId}/invite`, { token: owner.token, body: { userId: member.user.id } });
  expect((await server.request('POST', `/api/pods/invitations/${invite.body.invitationId}/accept`, { token: member.token })).status).toBe(200);
}
