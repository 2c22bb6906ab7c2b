/** Friends: requests both ways, accept, reject/withdraw, unfriend, who may do what, replays and live events. */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, or } from 'drizzle-orm';
import type { FriendRequest, Friendship } from '../../../src/contract/social';
import { friendships, appliedMutations } from '../../../server/db/schema';
import { REPLAYED_HEADER } from '../../../server/idempotency';
import { startServer, type TestServer } from '../helpers';
import { closeAll, connect, keyed, ofType, people, received, settle, type Person, nextEvent } from './support';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.close();
});

const sendRequest = (from: Person, to: string, headers: Record<string, string> = {}) =>
  server.request<FriendRequest>('POST', '/api/friends/send-request', { token: from.token, body: { addresseeId: to }, headers });

async function pairRows(a: Person, b: Person) {
  return server.database.db
    .select()
    .from(friendships)
    .where(
      or(
        and(eq(friendships.requesterId, a.user.id), eq(friendships.addresseeId, b.user.id)),
        and(eq(friendships.requesterId, b.user.id), eq(friendships.addresseeId, a.user.id)),
      ),
    );
}

const publicOf = (person: Person) => ({ id: person.user.id, username: person.user.username, displayName: null, avatarUrl: null });

describe('friend requests', () => {
  it('sends a request: 201 with both people, listed as pending on both sides, FRIEND_REQUEST to both', async () => {
    const [ann, bob, eve] = await people(server, 3, 'fr');
    const [annSocket, bobSocket, eveSocket] = await Promise.all([connect(server, ann!), connect(server, bob!), connect(server, eve!)]);
    const answer = await sendRequest(ann!, bob!.user.id);
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({
      friendshipId: expect.any(String),
      status: 'PENDING',
      requester: publicOf(ann!),
      addressee: publicOf(bob!),
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    for (const person of [ann!, bob!]) {
      const pending = await server.request<FriendRequest[]>('GET', '/api/friends/pending', { token: person.token });
      expect(pending.status).toBe(200);
      expect(pending.body).toEqual([answer.body]);
      expect((await server.request<Friendship[]>('GET', '/api/friends', { token: person.token })).body).toEqual([]);
    }
    expect((await server.request('GET', '/api/friends/pending', { token: eve!.token })).body).toEqual([]);
    expect(await nextEvent(annSocket, ofType('FRIEND_REQUEST'))).toEqual({ type: 'FRIEND_REQUEST', payload: answer.body });
    expect(await nextEvent(bobSocket, ofType('FRIEND_REQUEST'))).toEqual({ type: 'FRIEND_REQUEST', payload: answer.body });
    await settle(eveSocket);
    expect(received(eveSocket)).toEqual([]);
    closeAll(annSocket, bobSocket, eveSocket);
  });

  it('refuses a request to yourself (400), to nobody (404) and bad bodies (400)', async () => {
    const [ann] = await people(server, 1, 'fx');
    const self = await sendRequest(ann!, ann!.user.id);
    expect(self.status).toBe(400);
    expect(self.body).toEqual({ message: 'You cannot send a friend request to yourself.' });
    for (const unknown of [randomUUID(), 'not-a-uuid']) {
      const answer = await sendRequest(ann!, unknown);
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({ message: 'User not found.' });
    }
    for (const body of [{}, { addresseeId: 42 }, { addresseeId: '' }, { addresseeId: 'x'.repeat(65) }, [], 'text']) {
      const answer = await server.request('POST', '/api/friends/send-request', { token: ann!.token, body });
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ message: expect.any(String) });
    }
    expect(await server.database.db.select().from(friendships).where(eq(friendships.requesterId, ann!.user.id))).toEqual([]);
  });

  it('answers 409 for a pending request either way and for existing friends', async () => {
    const [ann, bob] = await people(server, 2, 'fd');
    const first = await sendRequest(ann!, bob!.user.id);
    expect(first.status).toBe(201);
    for (const [from, to] of [
      [ann!, bob!],
      [bob!, ann!],
    ] as const) {
      const again = await sendRequest(from, to.user.id);
      expect(again.status).toBe(409);
      expect(again.body).toEqual({ message: 'A friend request from this user is already pending.' });
    }
    expect((await server.request('PUT', `/api/friends/${first.body.friendshipId}/accept`, { token: bob!.token, body: { status: 'ACCEPTED' } })).status).toBe(200);
    for (const [from, to] of [
      [ann!, bob!],
      [bob!, ann!],
    ] as const) {
      const again = await sendRequest(from, to.user.id);
      expect(again.status).toBe(409);
      expect(again.body).toEqual({ message: 'You are already friends with this user.' });
    }
    expect(await pairRows(ann!, bob!)).toHaveLength(1);
  });

  it('two people asking each other at the same moment end with one request', async () => {
    const [ann, bob] = await people(server, 2, 'fc');
    const answers = await Promise.all([sendRequest(ann!, bob!.user.id), sendRequest(bob!, ann!.user.id)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    expect(await pairRows(ann!, bob!)).toHaveLength(1);
  });

  it('the same Idempotency-Key twice makes one request and gets the same answer; a lost answer is found again', async () => {
    const [ann, bob] = await people(server, 2, 'fi');
    const headers = keyed();
    const first = await sendRequest(ann!, bob!.user.id, headers);
    const repeat = await sendRequest(ann!, bob!.user.id, headers);
    expect(first.status).toBe(201);
    expect(repeat.status).toBe(201);
    expect(repeat.headers.get(REPLAYED_HEADER)).toBe('true');
    expect(repeat.body).toEqual(first.body);
    // The stored answer is lost (crash between the write and storing it): the retry finds its row.
    await server.database.db.delete(appliedMutations).where(eq(appliedMutations.userId, ann!.user.id));
    const retry = await sendRequest(ann!, bob!.user.id, headers);
    expect(retry.status).toBe(201);
    expect(retry.headers.get(REPLAYED_HEADER)).toBeNull();
    expect(retry.body).toEqual(first.body);
    expect(await pairRows(ann!, bob!)).toHaveLength(1);
    // A different key is a second request: 409.
    expect((await sendRequest(ann!, bob!.user.id, keyed())).status).toBe(409);
  });
});

describe('accepting', () => {
  it('only the addressee accepts (requester 403, stranger 404); both sides then see the other as friend', async () => {
    const [ann, bob, eve] = await people(server, 3, 'fa');
    const request = await sendRequest(ann!, bob!.user.id);
    const id = request.body.friendshipId;
    const [annSocket, bobSocket] = await Promise.all([connect(server, ann!), connect(server, bob!)]);

    const byRequester = await server.request('PUT', `/api/friends/${id}/accept`, { token: ann!.token, body: { status: 'ACCEPTED' } });
    expect(byRequester.status).toBe(403);
    expect(byRequester.body).toEqual({ message: 'Only the person who received this friend request can accept it.' });
    const byStranger = await server.request('PUT', `/api/friends/${id}/accept`, { token: eve!.token, body: { status: 'ACCEPTED' } });
    expect(byStranger.status).toBe(404);
    expect((await pairRows(ann!, bob!))[0]!.status).toBe('PENDING');

    const accepted = await server.request<Friendship>('PUT', `/api/friends/${id}/accept`, { token: bob!.token, body: { status: 'ACCEPTED' } });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toEqual({ friendshipId: id, status: 'ACCEPTED', friend: publicOf(ann!), requester: publicOf(ann!), createdAt: request.body.createdAt });
    const annView = { ...accepted.body, friend: publicOf(bob!) };
    expect((await server.request('GET', '/api/friends', { token: bob!.token })).body).toEqual([accepted.body]);
    expect((await server.request('GET', '/api/friends', { token: ann!.token })).body).toEqual([annView]);
    expect((await server.request('GET', '/api/friends/pending', { token: bob!.token })).body).toEqual([]);
    expect(await nextEvent(bobSocket, ofType('FRIENDSHIP_UPDATED'))).toEqual({ type: 'FRIENDSHIP_UPDATED', payload: accepted.body });
    expect(await nextEvent(annSocket, ofType('FRIENDSHIP_UPDATED'))).toEqual({ type: 'FRIENDSHIP_UPDATED', payload: annView });

    // Accepting again (a replay whose answer was lost) answers the friendship as it is.
    const again = await server.request<Friendship>('PUT', `/api/friends/${id}/accept`, { token: bob!.token, body: { status: 'ACCEPTED' } });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(accepted.body);
    closeAll(annSocket, bobSocket);
  });

  it('refuses a wrong body (400) and unknown or malformed ids (404)', async () => {
    const [ann, bob] = await people(server, 2, 'fb');
    const request = await sendRequest(ann!, bob!.user.id);
    for (const body of [{}, { status: 'PENDING' }, { status: 1 }]) {
      const answer = await server.request('PUT', `/api/friends/${request.body.friendshipId}/accept`, { token: bob!.token, body });
      expect(answer.status).toBe(400);
    }
    for (const id of [randomUUID(), 'nope', '1 OR 1=1']) {
      const answer = await server.request('PUT', `/api/friends/${encodeURIComponent(id)}/accept`, { token: bob!.token, body: { status: 'ACCEPTED' } });
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({ message: 'Friend request not found.' });
    }
    expect((await pairRows(ann!, bob!))[0]!.status).toBe('PENDING');
  });
});

describe('rejecting and unfriending', () => {
  it('the addressee declines and the requester withdraws (204, FRIENDSHIP_REMOVED to both); strangers get 404', async () => {
    const [ann, bob, eve] = await people(server, 3, 'fj');
    const [annSocket, bobSocket] = await Promise.all([connect(server, ann!), connect(server, bob!)]);
    const first = await sendRequest(ann!, bob!.user.id);
    expect((await server.request('DELETE', `/api/friends/${first.body.friendshipId}/reject`, { token: eve!.token })).status).toBe(404);
    const declined = await server.request('DELETE', `/api/friends/${first.body.friendshipId}/reject`, { token: bob!.token });
    expect(declined.status).toBe(204);
    expect(declined.text).toBe('');
    expect(await pairRows(ann!, bob!)).toEqual([]);
    const removed = { type: 'FRIENDSHIP_REMOVED', friendshipId: first.body.friendshipId };
    expect(await nextEvent(annSocket, (m) => JSON.stringify(m) === JSON.stringify(removed))).toEqual(removed);
    expect(await nextEvent(bobSocket, (m) => JSON.stringify(m) === JSON.stringify(removed))).toEqual(removed);

    // Asking again works after a decline; this time the requester withdraws.
    const second = await sendRequest(ann!, bob!.user.id);
    expect(second.status).toBe(201);
    expect((await server.request('DELETE', `/api/friends/${second.body.friendshipId}/reject`, { token: ann!.token })).status).toBe(204);
    expect((await server.request('GET', '/api/friends/pending', { token: bob!.token })).body).toEqual([]);
    expect((await server.request('DELETE', `/api/friends/${second.body.friendshipId}/reject`, { token: ann!.token })).status).toBe(404);
    closeAll(annSocket, bobSocket);
  });

  it('either friend unfriends (204); a pending request is not a friendship (404); reject does not end a friendship', async () => {
    const [ann, bob, eve] = await people(server, 3, 'fu');
    const request = await sendRequest(ann!, bob!.user.id);
    const id = request.body.friendshipId;
    expect((await server.request('DELETE', `/api/friends/${id}`, { token: ann!.token })).status).toBe(404);
    await server.request('PUT', `/api/friends/${id}/accept`, { token: bob!.token, body: { status: 'ACCEPTED' } });
    expect((await server.request('DELETE', `/api/friends/${id}/reject`, { token: bob!.token })).status).toBe(404);
    const byStranger = await server.request('DELETE', `/api/friends/${id}`, { token: eve!.token });
    expect(byStranger.status).toBe(404);
    expect(byStranger.body).toEqual({ message: 'Friendship not found.' });
    expect(await pairRows(ann!, bob!)).toHaveLength(1);
    const bobSocket = await connect(server, bob!);
    expect((await server.request('DELETE', `/api/friends/${id}`, { token: ann!.token })).status).toBe(204);
    expect(await nextEvent(bobSocket, ofType('FRIENDSHIP_REMOVED'))).toEqual({ type: 'FRIENDSHIP_REMOVED', friendshipId: id });
    expect((await server.request('GET', '/api/friends', { token: bob!.token })).body).toEqual([]);
    expect((await server.request('DELETE', `/api/friends/not-a-uuid`, { token: ann!.token })).status).toBe(404);
    closeAll(bobSocket);
  });

  it('every friends route answers 401 without a token', async () => {
    const id = randomUUID();
    const routes: Array<[string, string, unknown?]> = [
      ['GET', '/api/friends'],
      ['GET', '/api/friends/pending'],
      ['POST', '/api/friends/send-request', { addresseeId: id }],
      ['PUT', `/api/friends/${id}/accept`, { status: 'ACCEPTED' }],
      ['DELETE', `/api/friends/${id}/reject`],
      ['DELETE', `/api/friends/${id}`],
    ];
    for (const [method, path, body] of routes) {
      const answer = await server.request(method, path, { body, token: method === 'GET' && path.endsWith('pending') ? 'bogus' : undefined });
      expect(answer.status, `${method} ${path}`).toBe(401);
      expect(answer.body).toEqual({ message: 'You need to log in.' });
    }
  });
});
