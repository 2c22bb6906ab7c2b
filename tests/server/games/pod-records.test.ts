/**
 * A pod's ended games are readable by every member of the pod (its leaderboard and history),
 * not only by their players; an active game stays with its players; strangers get nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Game } from '../../../src/contract/game';
import { startServer, type TestServer } from '../helpers';
import { pull } from '../sync/support';
import { createGame, gameBody, insertPod } from './support';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.close();
});

const ids = (games: Game[] | undefined) => (games ?? []).map((game) => game.id);

describe("a pod's ended games", () => {
  it('reach every member of the pod once ended (cursor pull, snapshot, REST), read-only, never a stranger; resumed, they leave the members again', async () => {
    const [host, player, member, stranger] = await Promise.all([server.newUser('prh'), server.newUser('prp'), server.newUser('prm'), server.newUser('prs')]);
    const podId = await insertPod(server, host.user, [player.user, member.user]);
    const game = await createGame(server, host.token, gameBody([{ user: host.user }, { user: player.user, role: 'pod' }], { podId }));

    // Active: the players' only.
    const start = await pull(server, member.token);
    expect(ids(start.puts.games)).not.toContain(game.id);
    expect((await server.request('GET', `/api/games/${game.id}`, { token: member.token })).status).toBe(404);

    const ended = await server.request<Game>('PUT', `/api/games/${game.id}`, { token: host.token, body: { status: 'FINISHED' } });
    expect(ended.status).toBe(200);

    // The member catches up by cursor, and a fresh snapshot and the REST reads agree.
    const caughtUp = await pull(server, member.token, start.cursor);
    expect(ids(caughtUp.puts.games)).toEqual([game.id]);
    expect(ids((await pull(server, member.token)).puts.games)).toContain(game.id);
    expect((await server.request<Game>('GET', `/api/games/${game.id}`, { token: member.token })).body.status).toBe('FINISHED');
    expect(ids((await server.request<Game[]>('GET', '/api/games', { token: member.token })).body)).toContain(game.id);

    // Reading is all a member may do.
    expect((await server.request('PUT', `/api/games/${game.id}`, { token: member.token, body: { status: 'ACTIVE' } })).status).toBe(404);
    expect((await server.request('DELETE', `/api/games/${game.id}`, { token: member.token })).status).toBe(404);

    // A stranger: nothing.
    expect((await server.request('GET', `/api/games/${game.id}`, { token: stranger.token })).status).toBe(404);
    expect(ids((await pull(server, stranger.token)).puts.games)).not.toContain(game.id);

    // Resumed: private to its players again; the member's device is told to drop it.
    const before = await pull(server, member.token);
    expect((await server.request('PUT', `/api/games/${game.id}`, { token: host.token, body: { status: 'ACTIVE' } })).status).toBe(200);
    const after = await pull(server, member.token, before.cursor);
    expect(after.dels.games).toEqual([game.id]);
    expect((await server.request('GET', `/api/games/${game.id}`, { token: member.token })).status).toBe(404);
  });

  it("a new member gets the pod's past games by cursor at once; leaving takes back those they did not play in", async () => {
    const [host, player, joiner] = await Promise.all([server.newUser('pjh'), server.newUser('pjp'), server.newUser('pjj')]);
    const podId = await insertPod(server, host.user, [player.user]);
    const game = await createGame(server, host.token, gameBody([{ user: host.user }, { user: player.user, role: 'pod' }], { podId }));
    expect((await server.request('PUT', `/api/games/${game.id}`, { token: host.token, body: { status: 'FINISHED' } })).status).toBe(200);
    const active = await createGame(server, host.token, gameBody([{ user: host.user }, { user: player.user, role: 'pod' }], { podId }));

    const before = await pull(server, joiner.token);
    const invited = await server.request<{ invitationId: string }>('POST', `/api/pods/${podId}/invite`, { token: host.token, body: { userId: joiner.user.id } });
    expect(invited.status).toBe(201);
    expect((await server.request('POST', `/api/pods/invitations/${invited.body.invitationId}/accept`, { token: joiner.token })).status).toBe(200);
    const joined = await pull(server, joiner.token, before.cursor);
    expect(ids(joined.puts.games)).toEqual([game.id]);
    expect(ids(joined.puts.games)).not.toContain(active.id);

    expect((await server.request('POST', `/api/pods/${podId}/leave`, { token: joiner.token })).status).toBe(204);
    const left = await pull(server, joiner.token, joined.cursor);
    expect(left.dels.games).toEqual([game.id]);
    expect(left.dels.pods).toEqual([podId]);
  });
});
