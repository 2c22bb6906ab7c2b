/**
 * Game invitations: a stranger seated in a game is invited, not seated; they see
 * nothing of the game (REST, pull, live) until they accept; decline and leave leave a guest seat;
 * nobody answers someone else's invitation.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Game } from '../../../src/contract/game';
import type { GameInvite } from '../../../src/contract/game-invites';
import { GameInviteText } from '../../../src/contract/game-invites';
import { IDEMPOTENCY_KEY_HEADER } from '../../../src/contract/limits';
import { REPLAYED_HEADER } from '../../../server/idempotency';
import { audienceFor, payloadFor } from '../../../server/push/notifications';
import { openSocket, startServer, type TestServer } from '../helpers';
import { nextEvent, settle, type Person } from '../social/support';
import { mutation, pull, push } from '../sync/support';
import { befriend, createGame, gameBody, insertPod } from './support';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.close();
});

const ofType = (type: string) => (m: unknown) => (m as { type?: string }).type === type;

async function invitesOf(person: Person): Promise<GameInvite[]> {
  const answer = await server.request<GameInvite[]>('GET', '/api/games/invites', { token: person.token });
  expect(answer.status).toBe(200);
  return answer.body;
}

/** A game by `host` with `friend` (befriended) and `stranger` (not) seated, and a guest. */
async function gameWithStranger(prefix: string) {
  const host = await server.newUser(`${prefix}h`);
  const friend = await server.newUser(`${prefix}f`);
  const stranger = await server.newUser(`${prefix}s`);
  await befriend(server, host.user, friend.user);
  const game = await createGame(server, host.token, gameBody([{ user: host.user }, { user: friend.user }, { user: stranger.user }, { guest: 'Gus' }]), { befriend: false });
  return { host, friend, stranger, game };
}

describe('seating strangers', () => {
  it('seats friends and pod-mates directly and invites a stranger, who sees nothing of the game', async () => {
    const { host, friend, stranger, game } = await gameWithStranger('inv');
    expect(game.participants.map((p) => [p.seatNumber, p.role, p.userId])).toEqual([
      [0, 'self', host.user.id],
      [1, 'friend', friend.user.id],
      [2, 'friend', null],
      [3, 'guest', null],
    ]);
    expect(game.participants[2]!.displayName).toBe(stranger.user.username);
    expect((await server.request('GET', `/api/games/${game.id}`, { token: friend.token })).status).toBe(200);
    expect((await server.request('GET', `/api/games/${game.id}`, { token: stranger.token })).status).toBe(404);
    expect((await server.request<Game[]>('GET', '/api/games', { token: stranger.token })).body).toEqual([]);
    const snapshot = await pull(server, stranger.token);
    expect(snapshot.puts.games).toEqual([]);
    expect(snapshot.puts.gameInvites?.map((i) => i.game.id)).toEqual([game.id]);
    const [invite] = await invitesOf(stranger);
    expect(invite).toMatchObject({ invitedBy: { id: host.user.id }, game: { id: game.id, startTime: game.startTime } });
    expect(invite!.game.players.map((p) => p.displayName)).toEqual(game.participants.map((p) => p.displayName));
    // Neither the host nor the friend is sent the invitation.
    expect(await invitesOf(host)).toEqual([]);
    expect(await invitesOf(friend)).toEqual([]);
  });

  it('seats a member of a pod the creator is in directly', async () => {
    const host = await server.newUser('podh');
    const mate = await server.newUser('podm');
    await insertPod(server, host.user, [mate.user]);
    const game = await createGame(server, host.token, gameBody([{ user: host.user }, { user: mate.user }]), { befriend: false });
    expect(game.participants[1]!.userId).toBe(mate.user.id);
    expect(await invitesOf(mate)).toEqual([]);
  });

  it('live: the invitee hears GAME_INVITE only, and none of the game until they accept', async () => {
    const host = await server.newUser('lvh');
    const stranger = await server.newUser('lvs');
    const socket = await openSocket(`${server.wsUrl}/ws?token=${stranger.token}`);
    const game = await createGame(server, host.token, gameBody([{ user: host.user }, { user: stranger.user }]), { befriend: false });
    const event = (await nextEvent(socket, ofType('GAME_INVITE'))) as { payload: GameInvite };
    expect(event.payload.game.id).toBe(game.id);
    // A change to the game while invited: nothing reaches the invitee.
    await server.request('POST', `/api/games/${game.id}/increments`, { token: host.token, body: { id: randomUUID(), seat: 0, counter: 'life', delta: -1 } });
    await settle(socket);
    expect(socket.messages.filter((m) => ofType('GAME_UPDATED')(m) || ofType('GAME_INCREMENT')(m))).toEqual([]);

    const accepted = await server.request<Game>('POST', `/api/games/invites/${event.payload.id}/accept`, { token: stranger.token });
    expect(accepted.status).toBe(200);
    expect(accepted.body.participants[1]!.userId).toBe(stranger.user.id);
    expect(await nextEvent(socket, ofType('GAME_INVITE_REMOVED'))).toEqual({ type: 'GAME_INVITE_REMOVED', inviteId: event.payload.id });
    expect(await nextEvent(socket, ofType('GAME_UPDATED'))).toEqual({ type: 'GAME_UPDATED', payload: accepted.body });
    socket.socket.close(1000);
  });

  it('the push notification for a game invitation goes to the invitee', async () => {
    const invite: GameInvite = {
      id: randomUUID(),
      invitedBy: { id: 'h', username: 'host', displayName: 'Hosty', avatarUrl: null },
      game: { id: randomUUID(), startTime: new Date().toISOString(), players: [] },
      createdAt: new Date().toISOString(),
    };
    const event = { type: 'GAME_INVITE', payload: invite } as const;
    expect(audienceFor(['h', 'i'], event)).toEqual({ kind: 'gameInvites', recipients: ['i'] });
    expect(await payloadFor(event, { podName: async () => null })).toMatchObject({ body: 'Hosty invited you to a game.', url: '/pods?tab=all' });
  });
});

describe('answering', () => {
  it('accept: the invitee is seated and sees the game (REST, list, pull)', async () => {
    const { friend, stranger, game } = await gameWithStranger('acc');
    const [invite] = await invitesOf(stranger);
    const accepted = await server.request<Game>('POST', `/api/games/invites/${invite!.id}/accept`, { token: stranger.token });
    expect(accepted.status).toBe(200);
    expect(accepted.body.participants[2]).toMatchObject({ userId: stranger.user.id, role: 'friend' });
    expect((await server.request<Game>('GET', `/api/games/${game.id}`, { token: stranger.token })).body).toEqual(accepted.body);
    expect((await server.request<Game[]>('GET', '/api/games', { token: stranger.token })).body.map((g) => g.id)).toEqual([game.id]);
    expect((await pull(server, stranger.token)).puts.games?.map((g) => g.id)).toEqual([game.id]);
    expect(await invitesOf(stranger)).toEqual([]);
    // The others see the seat taken.
    expect((await server.request<Game>('GET', `/api/games/${game.id}`, { token: friend.token })).body.participants[2]!.userId).toBe(stranger.user.id);
    // A second accept: the invitation is spent.
    expect((await server.request('POST', `/api/games/invites/${invite!.id}/accept`, { token: stranger.token })).status).toBe(404);
  });

  it('decline: the invitation goes, the seat stays as a guest seat with their name', async () => {
    const { host, stranger, game } = await gameWithStranger('dec');
    const [invite] = await invitesOf(stranger);
    const declined = await server.request('POST', `/api/games/invites/${invite!.id}/decline`, { token: stranger.token });
    expect(declined.status).toBe(204);
    expect(await invitesOf(stranger)).toEqual([]);
    expect((await server.request('GET', `/api/games/${game.id}`, { token: stranger.token })).status).toBe(404);
    const seen = (await server.request<Game>('GET', `/api/games/${game.id}`, { token: host.token })).body;
    expect(seen.participants[2]).toMatchObject({ role: 'guest', userId: null, accountEmail: null, guestName: stranger.user.username, displayName: stranger.user.username });
  });

  it("a stranger can neither accept nor decline someone else's invitation (404), and nothing changes", async () => {
    const { friend, stranger, game } = await gameWithStranger('oth');
    const other = await server.newUser('oth3');
    const [invite] = await invitesOf(stranger);
    for (const who of [other, friend]) {
      expect((await server.request('POST', `/api/games/invites/${invite!.id}/accept`, { token: who.token })).status).toBe(404);
      expect((await server.request('POST', `/api/games/invites/${invite!.id}/decline`, { token: who.token })).status).toBe(404);
    }
    expect((await server.request('POST', '/api/games/invites/not-a-uuid/accept', { token: other.token })).status).toBe(404);
    expect((await invitesOf(stranger)).map((i) => i.id)).toEqual([invite!.id]);
    expect((await server.request('GET', `/api/games/${game.id}`, { token: other.token })).status).toBe(404);
  });

  it('answers through the batched push, exactly once', async () => {
    const { stranger, game } = await gameWithStranger('bat');
    const [invite] = await invitesOf(stranger);
    const accept = mutation('game.invite.accept', { inviteId: invite!.id });
    expect((await push(server, stranger.token, [accept, accept])).results.map((r) => r.status)).toEqual(['applied', 'applied']);
    expect((await pull(server, stranger.token)).puts.games?.map((g) => g.id)).toEqual([game.id]);
  });

  it('a REST repeat of an accept the batched push applied answers the game again', async () => {
    const { stranger, game } = await gameWithStranger('rep');
    const [invite] = await invitesOf(stranger);
    const accept = mutation('game.invite.accept', { inviteId: invite!.id });
    expect((await push(server, stranger.token, [accept])).results.map((r) => r.status)).toEqual(['applied']);
    const repeat = await server.request<Game>('POST', `/api/games/invites/${invite!.id}/accept`, {
      token: stranger.token,
      headers: { [IDEMPOTENCY_KEY_HEADER]: accept.id },
    });
    expect(repeat.status).toBe(200);
    expect(repeat.headers.get(REPLAYED_HEADER)).toBe('true');
    expect(repeat.body.id).toBe(game.id);
    expect(repeat.body.participants[2]!.userId).toBe(stranger.user.id);
  });
});

describe('leaving', () => {
  it('a player leaves: the game leaves their lists and live events, their seat stays as a guest', async () => {
    const { host, friend, game } = await gameWithStranger('lev');
    const socket = await openSocket(`${server.wsUrl}/ws?token=${friend.token}`);
    const left = await server.request('POST', `/api/games/${game.id}/leave`, { token: friend.token });
    expect(left.status).toBe(204);
    expect(await nextEvent(socket, ofType('GAME_REMOVED'))).toEqual({ type: 'GAME_REMOVED', gameId: game.id });
    expect((await server.request('GET', `/api/games/${game.id}`, { token: friend.token })).status).toBe(404);
    expect((await server.request<Game[]>('GET', '/api/games', { token: friend.token })).body).toEqual([]);
    expect((await pull(server, friend.token)).puts.games).toEqual([]);
    const seen = (await server.request<Game>('GET', `/api/games/${game.id}`, { token: host.token })).body;
    expect(seen.participants[1]).toMatchObject({ role: 'guest', userId: null, guestName: friend.user.username });
    // Changes after leaving reach them no more.
    await server.request('POST', `/api/games/${game.id}/increments`, { token: host.token, body: { id: randomUUID(), seat: 0, counter: 'life', delta: -1 } });
    await settle(socket);
    expect(socket.messages.filter((m) => ofType('GAME_INCREMENT')(m) || ofType('GAME_UPDATED')(m))).toEqual([]);
    socket.socket.close(1000);
  });

  it('the creator cannot leave (409: delete instead); a stranger or an invitee gets 404', async () => {
    const { host, stranger, game } = await gameWithStranger('lvc');
    const creator = await server.request<{ message: string }>('POST', `/api/games/${game.id}/leave`, { token: host.token });
    expect(creator.status).toBe(409);
    expect(creator.body.message).toBe(GameInviteText.creatorCannotLeave);
    expect((await server.request('POST', `/api/games/${game.id}/leave`, { token: stranger.token })).status).toBe(404);
    const other = await server.newUser('lvc3');
    expect((await server.request('POST', `/api/games/${game.id}/leave`, { token: other.token })).status).toBe(404);
  });

  it('deleting a game takes its pending invitations along', async () => {
    const { host, stranger, game } = await gameWithStranger('del');
    const socket = await openSocket(`${server.wsUrl}/ws?token=${stranger.token}`);
    const [invite] = await invitesOf(stranger);
    expect((await server.request('DELETE', `/api/games/${game.id}`, { token: host.token })).status).toBe(204);
    expect(await nextEvent(socket, ofType('GAME_INVITE_REMOVED'))).toEqual({ type: 'GAME_INVITE_REMOVED', inviteId: invite!.id });
    expect(await invitesOf(stranger)).toEqual([]);
    socket.socket.close(1000);
  });
});
