/**
 * Blocking: a blocked user cannot DM, befriend, invite to a pod or seat the blocker,
 * each answered like an unknown user; the blocker sees and undoes the block; nobody else sees it.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BlockText, type BlockedUser } from '../../../src/contract/blocks';
import type { FriendRequest, Friendship } from '../../../src/contract/social';
import { startServer, type TestServer } from '../helpers';
import { gameBody } from '../games/support';
import { pull } from '../sync/support';
import { closeAll, connect, makePod, nextEvent, ofType, people, received, settle, type Person } from './support';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.close();
});

const block = (by: Person, userId: string) => server.request<BlockedUser>('POST', '/api/blocks', { token: by.token, body: { userId } });
const dm = (from: Person, to: Person) =>
  server.request<{ message: string }>('POST', '/api/direct-messages/send', { token: from.token, body: { receiverId: to.user.id, content: 'hello' } });

async function friends(a: Person, b: Person): Promise<string> {
  const request = await server.request<FriendRequest>('POST', '/api/friends/send-request', { token: a.token, body: { addresseeId: b.user.id } });
  await server.request<Friendship>('PUT', `/api/friends/${request.body.friendshipId}/accept`, { token: b.token, body: { status: 'ACCEPTED' } });
  return request.body.friendshipId;
}

describe('blocking', () => {
  it('ends the friendship; the blocked user can no longer DM or re-request, answered as an unknown user', async () => {
    const [ana, bo] = await people(server, 2, 'blk');
    await friends(ana!, bo!);
    expect((await dm(bo!, ana!)).status).toBe(201);
    const blocked = await block(ana!, bo!.user.id);
    expect(blocked.status).toBe(201);
    expect(blocked.body).toMatchObject({ userId: bo!.user.id, user: { id: bo!.user.id, username: bo!.user.username } });
    expect((await server.request<Friendship[]>('GET', '/api/friends', { token: ana!.token })).body).toEqual([]);
    expect((await server.request<Friendship[]>('GET', '/api/friends', { token: bo!.token })).body).toEqual([]);

    const unknown = await server.request<{ message: string }>('POST', '/api/direct-messages/send', { token: bo!.token, body: { receiverId: randomUUID(), content: 'hello' } });
    const refused = await dm(bo!, ana!);
    expect([refused.status, refused.body]).toEqual([unknown.status, unknown.body]);
    expect(refused.status).toBe(404);
    const request = await server.request<{ message: string }>('POST', '/api/friends/send-request', { token: bo!.token, body: { addresseeId: ana!.user.id } });
    expect([request.status, request.body.message]).toEqual([404, 'User not found.']);
    // The blocker is told why they cannot write to the person they blocked.
    const mine = await dm(ana!, bo!);
    expect([mine.status, mine.body.message]).toEqual([409, BlockText.youBlocked]);
  });

  it('the blocked user cannot invite the blocker to a pod or seat them in a game', async () => {
    const [ana, bo] = await people(server, 2, 'blp');
    await block(ana!, bo!.user.id);
    const pod = await makePod(server, bo!);
    const invite = await server.request<{ message: string }>('POST', `/api/pods/${pod.id}/invite`, { token: bo!.token, body: { userId: ana!.user.id } });
    expect([invite.status, invite.body.message]).toEqual([404, 'User not found.']);
    const game = await server.request<{ message: string }>('POST', '/api/games', { token: bo!.token, body: gameBody([{ user: bo!.user }, { user: ana!.user }]) });
    expect(game.status).toBe(404);
    expect(game.body.message).toBe('One of the players does not have an account.');
  });

  it('the blocker receives no live event of a refused write', async () => {
    const [ana, bo] = await people(server, 2, 'bll');
    await block(ana!, bo!.user.id);
    const socket = await connect(server, ana!);
    await dm(bo!, ana!);
    await server.request('POST', '/api/friends/send-request', { token: bo!.token, body: { addresseeId: ana!.user.id } });
    await settle(socket);
    expect(received(socket).filter((m) => ofType('DIRECT_MESSAGE')(m) || ofType('FRIEND_REQUEST')(m))).toEqual([]);
    closeAll(socket);
  });

  it('only the blocker sees the block (list, pull, live); unblock lifts it', async () => {
    const [ana, bo] = await people(server, 2, 'blu');
    const socket = await connect(server, ana!);
    const boSocket = await connect(server, bo!);
    await block(ana!, bo!.user.id);
    expect(await nextEvent(socket, ofType('BLOCK_ADDED'))).toMatchObject({ type: 'BLOCK_ADDED', payload: { userId: bo!.user.id } });
    expect((await server.request<BlockedUser[]>('GET', '/api/blocks', { token: ana!.token })).body.map((b) => b.userId)).toEqual([bo!.user.id]);
    expect((await server.request<BlockedUser[]>('GET', '/api/blocks', { token: bo!.token })).body).toEqual([]);
    expect((await pull(server, ana!.token)).puts.blockedUsers?.map((b) => b.userId)).toEqual([bo!.user.id]);
    expect((await pull(server, bo!.token)).puts.blockedUsers).toEqual([]);
    await settle(boSocket);
    expect(received(boSocket).filter((m) => ofType('BLOCK_ADDED')(m))).toEqual([]);

    // Blocking twice is the same block.
    expect((await block(ana!, bo!.user.id)).status).toBe(201);
    expect((await server.request('DELETE', `/api/blocks/${bo!.user.id}`, { token: ana!.token })).status).toBe(204);
    expect(await nextEvent(socket, ofType('BLOCK_REMOVED'))).toEqual({ type: 'BLOCK_REMOVED', userId: bo!.user.id });
    expect((await server.request<BlockedUser[]>('GET', '/api/blocks', { token: ana!.token })).body).toEqual([]);
    expect((await dm(bo!, ana!)).status).toBe(201);
    closeAll(socket, boSocket);
  });

  it('refuses blocking yourself (400) and an unknown user (404); anonymous is 401', async () => {
    const [ana] = await people(server, 1, 'blx');
    expect((await block(ana!, ana!.user.id)).status).toBe(400);
    expect((await block(ana!, randomUUID())).status).toBe(404);
    expect((await server.request('POST', '/api/blocks', { body: { userId: randomUUID() } })).status).toBe(401);
  });
});
