/**
 * Deleting one's own account (DELETE /api/users/me): the password is needed, the account is gone
 * at once (login, token, socket), its address and username are free again, what it left in
 * shared places stays under "Deleted user", and everyone who shared something with it learns it
 * from their change log.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { DELETED_USER_NAME } from '../../src/contract/account-data';
import type { Conversation, DirectMessage, FriendRequest, Friendship, Pod } from '../../src/contract/social';
import type { Game } from '../../src/contract/game';
import { AccountText } from '../../src/contract/users';
import { users } from '../../server/db/schema';
import { startServer, type TestServer } from './helpers';
import { gameBody } from './games/support';
import { connect, makePod, people, type Person } from './social/support';
import { pull } from './sync/support';

let server: TestServer;
beforeAll(async () => {
  server = await startServer({ rateLimits: { scale: 20 } });
}, 180_000);
afterAll(async () => {
  await server?.close();
});

async function friends(a: Person, b: Person): Promise<string> {
  const request = await server.request<FriendRequest>('POST', '/api/friends/send-request', { token: a.token, body: { addresseeId: b.user.id } });
  expect(request.status).toBe(201);
  const accepted = await server.request<Friendship>('PUT', `/api/friends/${request.body.friendshipId}/accept`, { token: b.token, body: { status: 'ACCEPTED' } });
  expect(accepted.status).toBe(200);
  return request.body.friendshipId;
}

const dm = (from: Person, to: Person, content = 'hello') =>
  server.request<DirectMessage>('POST', '/api/direct-messages/send', { token: from.token, body: { receiverId: to.user.id, content } });

const remove = (person: Person, password: string) => server.request<{ message: string }>('DELETE', '/api/users/me', { token: person.token, body: { password } });

async function newPerson(prefix: string): Promise<Person & { username: string; email: string; password: string }> {
  const made = await server.newUser(prefix);
  return { ...made };
}

describe('DELETE /api/users/me', () => {
  it('needs the password: 400 without, 403 when wrong, and the account stays', async () => {
    const ana = await newPerson('delpw');
    const without = await server.request('DELETE', '/api/users/me', { token: ana.token, body: {} });
    expect(without.status).toBe(400);
    expect(without.body).toEqual({ message: 'Enter your password.' });
    const wrong = await remove(ana, 'not my password');
    expect(wrong.status).toBe(403);
    expect(wrong.body).toEqual({ message: AccountText.currentPasswordWrong });
    expect((await server.request('GET', '/api/users/me', { token: ana.token })).status).toBe(200);
    expect((await server.login(ana.username, ana.password)).token).toBeTruthy();
  });

  it('is not public', async () => {
    const anonymous = await server.request('DELETE', '/api/users/me', { body: { password: 'whatever123' } });
    expect(anonymous.status).toBe(401);
  });

  it('wrong passwords meet the login brake', async () => {
    const ana = await newPerson('delbrake');
    const statuses: number[] = [];
    for (let i = 0; i < 12; i += 1) statuses.push((await remove(ana, `wrong ${i}`)).status);
    expect(statuses).toContain(429);
    // Still braked for the right password: the brake stops guessing, whichever guess comes next.
    expect((await remove(ana, ana.password)).status).toBe(429);
    expect((await server.request('GET', '/api/users/me', { token: ana.token })).status).toBe(200);
  });

  it('the account is gone: no login, a dead token and socket, and its e-mail and username can register again', async () => {
    const ana = await newPerson('delgone');
    const second = await server.login(ana.username, ana.password);
    const socket = await connect(server, ana);
    const done = await remove(ana, ana.password);
    expect(done.status).toBe(204);

    expect((await server.request('GET', '/api/users/me', { token: ana.token })).status).toBe(401);
    expect((await server.request('GET', '/api/users/me', { token: second.token })).status).toBe(401);
    expect((await socket.closed).code).toBe(4401);
    const login = await server.request('POST', '/api/users/login', { body: { username: ana.username, password: ana.password } });
    expect(login.status).toBe(401);

    const again = await server.request('POST', '/api/users', { body: { username: ana.username, email: ana.email, password: 'a new password 1' } });
    expect(again.status).toBe(202);
    const fresh = await server.login(ana.username, 'a new password 1');
    expect(fresh.user.id).not.toBe(ana.user.id);
    expect(fresh.user.email).toBe(ana.email);

    const [tombstone] = await server.database.db.select().from(users).where(eq(users.id, ana.user.id));
    expect(tombstone).toMatchObject({ displayName: DELETED_USER_NAME, avatarUrl: null, passwordHash: '!' });
    expect(tombstone!.deletedAt).toBeInstanceOf(Date);
    expect(JSON.stringify(tombstone)).not.toContain(ana.email);
    expect(server.logText()).toContain(`"security":"account deleted","userId":"${ana.user.id}"`);
  });
});

describe('what other people see', () => {
  it("a friend's pull drops the friendship and shows the conversation, messages and pod as from \"Deleted user\"", async () => {
    const ana = await newPerson('delana');
    const [bo, cy] = await people(server, 2, 'delfr');
    await friends(ana, bo!);
    expect((await dm(ana, bo!, 'see you friday')).status).toBe(201);
    expect((await dm(bo!, ana, 'deal')).status).toBe(201);
    const pod = await makePod(server, ana, [bo!, cy!]);
    expect((await server.request('POST', `/api/pods/${pod.id}/messages`, { token: ana.token, body: { content: 'my pod message' } })).status).toBe(201);
    const game = await server.request<Game>('POST', '/api/games', { token: bo!.token, body: gameBody([{ user: bo!.user }, { user: ana.user }]) });
    expect(game.status).toBe(201);
    const atBo = await pull(server, bo!.token);
    const socket = await connect(server, bo!);

    expect((await remove(ana, ana.password)).status).toBe(204);

    const event = (await socket.next((m) => (m as { type?: string }).type === 'USER_DELETED')) as { userId: string; pos: number };
    expect(event.userId).toBe(ana.user.id);
    const changes = await pull(server, bo!.token, atBo.cursor);
    expect(changes.cursor).toBe(event.pos);
    expect(changes.dels.friendships).toContain(atBo.puts.friendships![0]!.friendshipId);
    const conversation = changes.puts.conversations?.find((c: Conversation) => c.participant.id === ana.user.id);
    // The flag that makes the app show "This account was deleted." in place of the composer.
    expect(conversation?.participant).toEqual({ id: ana.user.id, username: DELETED_USER_NAME, displayName: DELETED_USER_NAME, avatarUrl: null, deleted: true });
    expect(atBo.puts.conversations?.find((c: Conversation) => c.participant.id === ana.user.id)?.participant).not.toHaveProperty('deleted');
    const podNow = changes.puts.pods?.find((p: Pod) => p.id === pod.id);
    expect(podNow?.ownerId).toBe(bo!.user.id);
    expect(podNow?.members.map((m) => m.id).sort()).toEqual([bo!.user.id, cy!.user.id].sort());
    expect(changes.puts.podMessages?.find((m) => m.content === 'my pod message')?.sender.displayName).toBe(DELETED_USER_NAME);
    const seat = changes.puts.games?.find((g) => g.id === game.body.id)?.participants.find((p) => p.seatNumber === 1);
    expect(seat).toMatchObject({ role: 'guest', userId: null, displayName: ana.user.username, guestName: ana.user.username });

    // REST reads agree: the messages stay, sent by "Deleted user".
    const history = await server.request<DirectMessage[]>('GET', `/api/direct-messages/${ana.user.id}`, { token: bo!.token });
    expect(history.body.map((m) => [m.content, m.sender.displayName ?? m.sender.username])).toEqual([
      ['see you friday', DELETED_USER_NAME],
      ['deal', bo!.user.username],
    ]);
    expect(JSON.stringify(history.body)).not.toContain(ana.username);
    expect(history.body.map((m) => m.sender.deleted ?? false)).toEqual([true, false]);
    // Nothing new reaches the tombstone, answered like an unknown user.
    const late = await dm(bo!, ana, 'are you there?');
    expect(late.status).toBe(404);
    expect(late.body).toEqual({ message: 'User not found.' });
    const request = await server.request('POST', '/api/friends/send-request', { token: cy!.token, body: { addresseeId: ana.user.id } });
    expect(request.status).toBe(404);
    // Nobody finds it.
    const search = await server.request<unknown[]>('GET', `/api/users/search?username=${encodeURIComponent(ana.username)}`, { token: bo!.token });
    expect(search.body).toEqual([]);
    socket.socket.close();
  });

  it('a pod it was alone in is deleted, and a pod it owned passes to the longest-standing member', async () => {
    const ana = await newPerson('delown');
    const [early, late] = await people(server, 2, 'delmem');
    const shared = await makePod(server, ana, [early!, late!]);
    const solo = await makePod(server, ana, [], 'Solo pod');
    expect((await remove(ana, ana.password)).status).toBe(204);
    const pods = await server.request<Pod[]>('GET', '/api/pods', { token: late!.token });
    expect(pods.body.find((p) => p.id === shared.id)?.ownerId).toBe(early!.user.id);
    const stillThere = await server.request('GET', `/api/pods/${solo.id}`, { token: early!.token });
    expect(stillThere.status).toBe(404);
  });
});
