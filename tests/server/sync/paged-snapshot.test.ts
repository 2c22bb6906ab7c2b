/**
 * A paged snapshot (`snapshot=paged`, then `snapshot=rest`): the head carries what a new device's
 * dashboard and chat list show, the rest the histories, and together they hold exactly what a
 * snapshot in one answer holds.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEAD_MESSAGES_PER_POD } from '../../../server/sync/snapshot';
import type { PullResponse } from '../../../src/contract/sync';
import { startServer, type TestServer } from '../helpers';
import { befriend, createGame, gameBody } from '../games/support';
import { makePod, people } from '../social/support';
import { mutation, pull, push } from './support';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.close();
});

const ids = (rows: Array<{ id: string }> | undefined) => (rows ?? []).map((row) => row.id).sort();
const contents = (rows: Array<{ content: string }> | undefined) => (rows ?? []).map((row) => row.content);

/** Every row of an answer by table, as sorted JSON (order aside). */
function rowsOf(answer: Pick<PullResponse, 'puts'>): Record<string, string[]> {
  return Object.fromEntries(Object.entries(answer.puts).map(([table, rows]) => [table, (rows as unknown[]).map((row) => JSON.stringify(row)).sort()]));
}

describe('a paged snapshot', () => {
  it('the head shows the dashboard and the chat list; the rest brings the histories; together they are the whole snapshot', async () => {
    const [ann, bob] = await people(server, 2, 'pg');
    await befriend(server, ann!.user, bob!.user);
    const pod = await makePod(server, ann!, [bob!]);
    for (let n = 1; n <= 5; n++) await push(server, bob!.token, [mutation('pod.message.send', { id: crypto.randomUUID(), podId: pod.id, content: `pod ${n}` })]);
    await push(server, bob!.token, [mutation('dm.send', { id: crypto.randomUUID(), receiverId: ann!.user.id, content: 'hello ann' })]);
    const ended = await createGame(server, ann!.token, gameBody([{ user: ann!.user }, { user: bob!.user }]));
    expect((await server.request('PUT', `/api/games/${ended.id}`, { token: ann!.token, body: { status: 'FINISHED' } })).status).toBe(200);
    const playing = await createGame(server, ann!.token, gameBody([{ user: ann!.user }, { user: bob!.user }]));

    const head = await pull(server, ann!.token, undefined, 'paged');
    expect(head).toMatchObject({ reset: true, more: true, rest: true, applied: [] });
    expect(ids(head.puts.pods)).toEqual([pod.id]);
    expect(contents(head.puts.podMessages)).toEqual(['pod 3', 'pod 4', 'pod 5'].slice(-HEAD_MESSAGES_PER_POD));
    expect(head.puts.conversations?.map((row) => row.participant.id)).toEqual([bob!.user.id]);
    expect(head.puts.directMessages).toEqual([]);
    expect(head.puts.friendships).toEqual([]);
    // The way back to the table is on the dashboard; the finished game waits for the rest.
    expect(ids(head.puts.games)).toEqual([playing.id]);

    const rest = await pull(server, ann!.token, head.cursor, 'rest');
    expect(rest).toMatchObject({ cursor: head.cursor, readAt: head.cursor, reset: false, more: false, applied: [], dels: {} });
    expect(contents(rest.puts.podMessages)).toEqual(['pod 1', 'pod 2', 'pod 3', 'pod 4', 'pod 5']);
    expect(contents(rest.puts.directMessages)).toEqual(['hello ann']);
    expect(rest.puts.friendships?.map((row) => row.friend.id)).toEqual([bob!.user.id]);
    expect(ids(rest.puts.games)).toEqual([ended.id, playing.id].sort());

    const whole = await pull(server, ann!.token);
    expect(whole).toMatchObject({ reset: true, more: false, cursor: head.cursor });
    expect(whole.rest).toBeUndefined();
    const parts = rowsOf(head);
    for (const [table, rows] of Object.entries(rowsOf(rest))) parts[table] = [...new Set([...(parts[table] ?? []), ...rows])].sort();
    expect(parts).toEqual(rowsOf(whole));
  });

  it('a rest read after the log moved is as new as now and says more waits; the pull from its cursor then brings the change', async () => {
    const [ann, bob] = await people(server, 2, 'pm');
    const pod = await makePod(server, ann!, [bob!]);
    const head = await pull(server, ann!.token, undefined, 'paged');
    await push(server, bob!.token, [mutation('pod.message.send', { id: crypto.randomUUID(), podId: pod.id, content: 'said between the parts' })]);

    const rest = await pull(server, ann!.token, head.cursor, 'rest');
    // Read at the new head: a device whose cursor a live event moved there applies it as it is.
    expect(rest).toMatchObject({ cursor: head.cursor, readAt: head.cursor + 1, reset: false, more: true });
    expect(contents(rest.puts.podMessages)).toContain('said between the parts');
    const next = await pull(server, ann!.token, rest.cursor, 'paged');
    expect(next).toMatchObject({ reset: false, more: false });
    expect(contents(next.puts.podMessages)).toEqual(['said between the parts']);
  });

  it('an incremental pull that asks paged is an incremental pull; a rest or a paged pull from a cursor the server does not have is a head', async () => {
    const [ann, bob] = await people(server, 2, 'pi');
    const pod = await makePod(server, ann!, [bob!]);
    const head = await pull(server, ann!.token, undefined, 'paged');
    await push(server, bob!.token, [mutation('pod.message.send', { id: crypto.randomUUID(), podId: pod.id, content: 'one more' })]);
    expect(await pull(server, ann!.token, head.cursor, 'paged')).toMatchObject({ cursor: head.cursor + 1, reset: false, more: false });

    const ahead = head.cursor + 1000;
    expect(await pull(server, ann!.token, ahead, 'rest')).toMatchObject({ reset: true, more: true, rest: true });
    expect(await pull(server, ann!.token, ahead, 'paged')).toMatchObject({ reset: true, more: true, rest: true });
  });

  it('a stranger reads nothing of a pod through either part', async () => {
    const [ann, bob, eve] = await people(server, 3, 'ps');
    const pod = await makePod(server, ann!, [bob!]);
    await push(server, bob!.token, [mutation('pod.message.send', { id: crypto.randomUUID(), podId: pod.id, content: 'members only' })]);
    const head = await pull(server, eve!.token, undefined, 'paged');
    const rest = await pull(server, eve!.token, head.cursor, 'rest');
    for (const answer of [head, rest]) {
      expect(JSON.stringify(answer)).not.toContain('members only');
      expect(JSON.stringify(answer)).not.toContain(pod.id);
    }
  });

  it('an unknown part is a 400 with a message', async () => {
    const [ann] = await people(server, 1, 'pu');
    const answer = await server.request<{ message: string }>('GET', '/api/sync/pull?snapshot=everything', { token: ann!.token });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toEqual(expect.any(String));
  });
});
