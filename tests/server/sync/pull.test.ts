import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { PULL_PAGE_MAX } from '../../../src/contract/sync';
import { syncHeads, syncLog } from '../../../server/db/schema';
import { startServer, type TestServer } from '../helpers';
import { createGame, gameBody } from '../games/support';
import { makePod, people, type Person } from '../social/support';
import { mutation, pull, pullAll, push } from './support';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.close();
});

const say = (person: Person, podId: string, content: string) => push(server, person.token, [mutation('pod.message.send', { id: crypto.randomUUID(), podId, content })]);

describe('GET /api/sync/pull', () => {
  it('the first pull is a snapshot of everything the user sees, at the head of their log', async () => {
    const [ann, bob] = await people(server, 2, 'sn');
    const pod = await makePod(server, ann!, [bob!]);
    await say(bob!, pod.id, 'hello pod');
    await push(server, bob!.token, [mutation('dm.send', { id: crypto.randomUUID(), receiverId: ann!.user.id, content: 'hello ann' })]);
    await push(server, ann!.token, [mutation('deck.save', { id: crypto.randomUUID(), name: 'Atraxa', create: true })]);
    await createGame(server, ann!.token, gameBody([{ user: ann!.user }, { user: bob!.user }]));
    const snapshot = await pull(server, ann!.token);
    expect(snapshot).toMatchObject({ reset: true, more: false });
    expect(snapshot.puts.users?.map((user) => user.id)).toEqual([ann!.user.id]);
    expect(snapshot.puts.pods?.map((row) => row.id)).toEqual([pod.id]);
    expect(snapshot.puts.podMessages?.map((row) => row.content)).toEqual(['hello pod']);
    expect(snapshot.puts.directMessages?.map((row) => row.content)).toEqual(['hello ann']);
    expect(snapshot.puts.conversations?.map((row) => row.participant.id)).toEqual([bob!.user.id]);
    expect(snapshot.puts.decks?.map((row) => row.name)).toEqual(['Atraxa']);
    expect(snapshot.puts.games).toHaveLength(1);
    const [head] = await server.database.db.select().from(syncHeads).where(eq(syncHeads.userId, ann!.user.id));
    expect(snapshot.cursor).toBe(Number(head!.pos));
  });

  it('after one missed message: one request, exactly that message and the position after it', async () => {
    const [ann, bob] = await people(server, 2, 'sm');
    const pod = await makePod(server, ann!, [bob!]);
    const { cursor } = await pull(server, ann!.token);
    await say(bob!, pod.id, 'you missed this');
    const answer = await pull(server, ann!.token, cursor);
    expect(answer).toEqual({
      cursor: cursor + 1,
      reset: false,
      more: false,
      applied: [],
      puts: { podMessages: [expect.objectContaining({ content: 'you missed this' })] },
      dels: {},
    });
    expect(await pull(server, ann!.token, cursor + 1)).toEqual({ cursor: cursor + 1, reset: false, more: false, applied: [], puts: {}, dels: {} });
    // The bytes follow the change, not the size of what the user sees.
    expect(JSON.stringify(answer).length).toBeLessThan(600);
  });

  it("names this user's mutations that are applied, so a device that lost the push answer learns it", async () => {
    const [ann] = await people(server, 1, 'sa');
    const pod = await makePod(server, ann!);
    const { cursor } = await pull(server, ann!.token);
    const renamed = mutation('pod.rename', { podId: pod.id, name: 'Renamed' });
    await push(server, ann!.token, [renamed]);
    const answer = await pull(server, ann!.token, cursor);
    expect(answer.applied).toEqual([renamed.id]);
    expect(answer.puts.pods).toEqual([expect.objectContaining({ name: 'Renamed', rev: 2 })]);
  });

  it('pushes with a cursor answer the pull too (one round trip sends and catches up)', async () => {
    const [ann, bob] = await people(server, 2, 'sp');
    const pod = await makePod(server, ann!, [bob!]);
    const { cursor } = await pull(server, ann!.token);
    await say(bob!, pod.id, 'from bob');
    const mine = mutation('pod.message.send', { id: crypto.randomUUID(), podId: pod.id, content: 'from ann' });
    const answer = await push(server, ann!.token, [mine], cursor);
    expect(answer.pull?.cursor).toBe(cursor + 2);
    expect(answer.pull?.applied).toEqual([mine.id]);
    expect(answer.pull?.puts.podMessages?.map((row) => row.content)).toEqual(['from bob', 'from ann']);
  });

  it(`pages a long gap (${PULL_PAGE_MAX} entries a page) and says when more waits`, async () => {
    const [ann] = await people(server, 1, 'sg');
    const pod = await makePod(server, ann!);
    const { cursor } = await pull(server, ann!.token);
    // A long absence, written straight into the log (a thousand real messages would only slow the test).
    const entries = Array.from({ length: PULL_PAGE_MAX + 5 }, (_, i) => ({ userId: ann!.user.id, pos: cursor + 1 + i, refs: [`pod:${pod.id}`] }));
    await server.database.db.insert(syncLog).values(entries);
    await server.database.db.update(syncHeads).set({ pos: cursor + entries.length }).where(eq(syncHeads.userId, ann!.user.id));
    const pages = await pullAll(server, ann!.token, cursor);
    expect(pages.map((page) => [page.more, page.cursor])).toEqual([
      [true, cursor + PULL_PAGE_MAX],
      [false, cursor + PULL_PAGE_MAX + 5],
    ]);
    expect(pages[0]!.puts.pods).toHaveLength(1);
  });

  it('a cursor older than the kept log (or ahead of the head) gets a snapshot', async () => {
    const [ann] = await people(server, 1, 'st');
    await makePod(server, ann!);
    const { cursor } = await pull(server, ann!.token);
    await server.database.db.update(syncHeads).set({ trimmedTo: cursor }).where(eq(syncHeads.userId, ann!.user.id));
    expect((await pull(server, ann!.token, cursor - 1)).reset).toBe(true);
    expect((await pull(server, ann!.token, cursor + 50)).reset).toBe(true);
    expect((await pull(server, ann!.token, cursor)).reset).toBe(false);
  });
});

describe('pull authorization (exactly as the REST routes)', () => {
  it('a stranger gets nothing of a pod, its messages or its invitations', async () => {
    const [ann, bob, eve] = await people(server, 3, 'az');
    const pod = await makePod(server, ann!, [bob!]);
    await say(bob!, pod.id, 'members only');
    const snapshot = await pull(server, eve!.token);
    expect(JSON.stringify(snapshot)).not.toContain(pod.id);
    expect(JSON.stringify(snapshot)).not.toContain('members only');
  });

  it('a removed member learns the pod is gone and gets nothing said after, not even from an old cursor', async () => {
    const [ann, bob] = await people(server, 2, 'ar');
    const pod = await makePod(server, ann!, [bob!]);
    const { cursor } = await pull(server, bob!.token);
    await say(ann!, pod.id, 'before');
    expect((await server.request('DELETE', `/api/pods/${pod.id}/members/${bob!.user.id}`, { token: ann!.token })).status).toBe(200);
    await say(ann!, pod.id, 'after');
    const answer = await pull(server, bob!.token, cursor);
    expect(answer.dels.pods).toEqual([pod.id]);
    expect(answer.puts.pods ?? []).toEqual([]);
    // What a member could read while a member, they may no longer read: REST says 404 now.
    expect(answer.puts.podMessages ?? []).toEqual([]);
    expect(JSON.stringify(answer)).not.toContain('after');
  });

  it("a game reaches only its players; a deck only its owner; a direct message only its two people", async () => {
    const [ann, bob, eve] = await people(server, 3, 'ag');
    const game = await createGame(server, ann!.token, gameBody([{ user: ann!.user }, { user: bob!.user }]));
    await push(server, ann!.token, [mutation('deck.save', { id: crypto.randomUUID(), name: 'Secret deck', create: true })]);
    await push(server, ann!.token, [mutation('dm.send', { id: crypto.randomUUID(), receiverId: bob!.user.id, content: 'psst' })]);
    const bobs = await pull(server, bob!.token);
    expect(bobs.puts.games?.map((row) => row.id)).toEqual([game.id]);
    expect(bobs.puts.decks ?? []).toEqual([]);
    expect(bobs.puts.directMessages?.map((row) => row.content)).toEqual(['psst']);
    const eves = JSON.stringify(await pull(server, eve!.token));
    for (const secret of [game.id, 'Secret deck', 'psst']) expect(eves).not.toContain(secret);
  });
});
