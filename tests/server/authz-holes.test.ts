/**
 * Authorization holes an ordinary but hostile user found, each closed: an invitation outliving
 * its inviter's membership, a replayed mutation id answering someone else's row, a deleted
 * pod's id created again to read its games, an e-mail change link outliving a password change.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Game } from '../../src/contract/game';
import type { DirectMessage, Pod, PodInvitation } from '../../src/contract/social';
import type { User } from '../../src/contract/users';
import type { AuthUser } from '../../server/auth/authenticate';
import { podInvitations } from '../../server/db/schema';
import { serverMutators } from '../../server/mutations';
import { startServer, unique, type TestServer } from './helpers';
import { createGame, gameBody } from './games/support';
import { keyed, makePod, people, type Person } from './social/support';
import { mutation, pull, push } from './sync/support';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.close();
});

const invite = (podId: string, by: Person, userId: string) =>
  server.request<PodInvitation>('POST', `/api/pods/${podId}/invite`, { token: by.token, body: { userId } });
const accept = (invitationId: string, by: Person) => server.request<Pod>('POST', `/api/pods/invitations/${invitationId}/accept`, { token: by.token });
const withdraw = (podId: string, invitationId: string, by: Person) =>
  server.request('DELETE', `/api/pods/${podId}/invitations/${invitationId}`, { token: by.token });
const invitationIds = async (person: Person) =>
  (await server.request<PodInvitation[]>('GET', '/api/pods/invitations', { token: person.token })).body.map((row) => row.invitationId);

describe('an invitation dies with its inviter’s membership', () => {
  it('a removed member’s second account cannot accept the old invitation; its devices are told to drop it', async () => {
    const [owner, member, second] = await people(server, 3, 'zr');
    const pod = await makePod(server, owner!, [member!]);
    const sent = await invite(pod.id, member!, second!.user.id);
    expect(sent.status).toBe(201);
    const before = await pull(server, second!.token);
    expect(before.puts.podInvitations?.map((row) => row.invitationId)).toContain(sent.body.invitationId);

    expect((await server.request('DELETE', `/api/pods/${pod.id}/members/${member!.user.id}`, { token: owner!.token })).status).toBe(200);

    const accepted = await accept(sent.body.invitationId, second!);
    expect(accepted.status).toBe(404);
    expect(accepted.body).toEqual({ message: 'Invitation not found.' });
    expect((await server.request('GET', `/api/pods/${pod.id}`, { token: second!.token })).status).toBe(404);
    expect(await invitationIds(second!)).toEqual([]);
    const after = await pull(server, second!.token, before.cursor);
    expect(after.dels.podInvitations).toEqual([sent.body.invitationId]);
  });

  it('leaving withdraws the invitations the leaver sent; the owner’s stay', async () => {
    const [owner, member, a, b] = await people(server, 4, 'zl');
    const pod = await makePod(server, owner!, [member!]);
    const bySender = await invite(pod.id, member!, a!.user.id);
    const byOwner = await invite(pod.id, owner!, b!.user.id);
    expect(bySender.status).toBe(201);
    expect(byOwner.status).toBe(201);
    expect((await server.request('POST', `/api/pods/${pod.id}/leave`, { token: member!.token })).status).toBe(204);
    expect(await invitationIds(a!)).toEqual([]);
    expect((await accept(bySender.body.invitationId, a!)).status).toBe(404);
    expect(await invitationIds(b!)).toEqual([byOwner.body.invitationId]);
  });

  it('accepting an invitation whose inviter is no longer a member is refused (rows left from before)', async () => {
    const [owner, member, second] = await people(server, 3, 'zs');
    const pod = await makePod(server, owner!, [member!]);
    const sent = await invite(pod.id, member!, second!.user.id);
    // An invitation the cleanup never saw: its inviter is not a member.
    await server.database.db.update(podInvitations).set({ invitedById: second!.user.id }).where(eq(podInvitations.id, sent.body.invitationId));
    const accepted = await accept(sent.body.invitationId, second!);
    expect(accepted.status).toBe(404);
    expect((await server.request('GET', `/api/pods/${pod.id}`, { token: second!.token })).status).toBe(404);
  });

  it('the owner withdraws any pending invitation (REST and push); others may not; the invitee hears it', async () => {
    const [owner, member, a, b, stranger] = await people(server, 5, 'zw');
    const pod = await makePod(server, owner!, [member!]);
    const first = await invite(pod.id, member!, a!.user.id);
    const second = await invite(pod.id, member!, b!.user.id);
    const before = await pull(server, a!.token);

    const byStranger = await withdraw(pod.id, first.body.invitationId, stranger!);
    expect(byStranger.status).toBe(404);
    expect(byStranger.body).toEqual({ message: 'Pod not found.' });
    const byInvitee = await withdraw(pod.id, first.body.invitationId, a!);
    expect(byInvitee.status).toBe(404);
    const byOtherMember = await invite(pod.id, owner!, stranger!.user.id);
    const notTheirs = await withdraw(pod.id, byOtherMember.body.invitationId, member!);
    expect(notTheirs.status).toBe(403);
    expect(notTheirs.body).toEqual({ message: 'Only the pod owner can do that.' });
    const unknown = await withdraw(pod.id, randomUUID(), owner!);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ message: 'Invitation not found.' });

    expect((await withdraw(pod.id, first.body.invitationId, owner!)).status).toBe(204);
    expect(await invitationIds(a!)).toEqual([]);
    expect((await accept(first.body.invitationId, a!)).status).toBe(404);
    expect((await pull(server, a!.token, before.cursor)).dels.podInvitations).toEqual([first.body.invitationId]);

    const pushed = await push(server, owner!.token, [mutation('pod.invitation.withdraw', { podId: pod.id, invitationId: second.body.invitationId })]);
    expect(pushed.results[0]).toMatchObject({ status: 'applied' });
    expect(await invitationIds(b!)).toEqual([]);
    const listed = await server.request<PodInvitation[]>('GET', `/api/pods/${pod.id}/invitations`, { token: owner!.token });
    expect(listed.body.map((row) => row.invitationId)).toEqual([byOtherMember.body.invitationId]);
  });

  it('the inviter may withdraw an invitation they sent', async () => {
    const [owner, member, a] = await people(server, 3, 'zi');
    const pod = await makePod(server, owner!, [member!]);
    const sent = await invite(pod.id, member!, a!.user.id);
    expect((await withdraw(pod.id, sent.body.invitationId, member!)).status).toBe(204);
    expect(await invitationIds(a!)).toEqual([]);
  });
});

describe('a repeated mutation id never answers someone else’s row', () => {
  it('dm.send: a pushed id reused as Idempotency-Key with a stranger’s message id answers nothing of theirs', async () => {
    const [ann, bob, eve] = await people(server, 3, 'zd');
    const secret = await server.request<DirectMessage>('POST', '/api/direct-messages/send', { token: ann!.token, body: { id: randomUUID(), receiverId: bob!.user.id, content: 'our secret' } });
    expect(secret.status).toBe(201);
    const key = randomUUID();
    await push(server, eve!.token, [mutation('dm.send', { id: randomUUID(), receiverId: bob!.user.id, content: 'hello' }, key)]);
    const replay = await server.request('POST', '/api/direct-messages/send', {
      token: eve!.token,
      headers: keyed(key),
      body: { id: secret.body.id, receiverId: bob!.user.id, content: 'anything' },
    });
    expect(replay.text).not.toContain('our secret');
    expect(replay.text).not.toContain(ann!.user.id);
  });

  it('pod.invite: the replay lookup never finds another member’s invitation (REST picks its own ids, so this is asked directly)', async () => {
    const [owner, eve, invitee] = await people(server, 3, 'zp');
    const pod = await makePod(server, owner!, [eve!]);
    const theirs = await invite(pod.id, owner!, invitee!.user.id);
    expect(theirs.status).toBe(201);
    const ask = (person: Person) =>
      serverMutators['pod.invite'].current!(
        { tx: server.database.db as never, me: { id: person.user.id } as AuthUser, now: new Date(), mutationId: randomUUID(), deps: server.app.deps },
        { id: theirs.body.invitationId, podId: pod.id, userId: invitee!.user.id },
      );
    expect(await ask(eve!)).toBeNull();
    expect(await ask(owner!)).toMatchObject({ invitationId: theirs.body.invitationId });
  });

  it('pod.message.send and game.create: replays answer only the caller’s own rows, even rows the caller may read', async () => {
    const [ann, bob, eve] = await people(server, 3, 'zm');
    const pod = await makePod(server, ann!, [eve!]);
    const said = await server.request<{ id: string }>('POST', `/api/pods/${pod.id}/messages`, { token: ann!.token, body: { id: randomUUID(), content: 'ann said this' } });
    expect(said.status).toBe(201);
    const key = randomUUID();
    await push(server, eve!.token, [mutation('pod.message.send', { id: randomUUID(), podId: pod.id, content: 'eve said this' }, key)]);
    const replay = await server.request('POST', `/api/pods/${pod.id}/messages`, { token: eve!.token, headers: keyed(key), body: { id: said.body.id, content: 'x' } });
    expect(replay.text).not.toContain('ann said this');

    // Eve plays in Ann's game (she may read it), yet a replay of her own create must not answer it.
    const game = await createGame(server, ann!.token, gameBody([{ user: ann!.user }, { user: bob!.user }, { user: eve!.user }]));
    const gameKey = randomUUID();
    await push(server, eve!.token, [mutation('game.create', gameBody([{ user: eve!.user }, { guest: 'Gus' }]), gameKey)]);
    const gameReplay = await server.request('POST', '/api/games', { token: eve!.token, headers: keyed(gameKey), body: { ...gameBody([{ user: eve!.user }, { guest: 'Gus' }]), id: game.id } });
    expect(gameReplay.text).not.toContain(game.id);
  });
});

describe('a deleted pod’s id is never used again', () => {
  it('creating a pod under a deleted pod’s id is refused (409) and its ended games stay unreadable', async () => {
    const [host, player, eve] = await people(server, 3, 'zt');
    const podId = randomUUID();
    const created = await server.request<Pod>('POST', '/api/pods', { token: host!.token, body: { id: podId, name: 'Old pod' } });
    expect(created.status).toBe(201);
    const sent = await invite(podId, host!, player!.user.id);
    expect((await accept(sent.body.invitationId, player!)).status).toBe(200);
    const game = await createGame(server, host!.token, gameBody([{ user: host!.user }, { user: player!.user, role: 'pod' }], { podId }));
    expect((await server.request('PUT', `/api/games/${game.id}`, { token: host!.token, body: { status: 'FINISHED' } })).status).toBe(200);
    expect((await server.request('DELETE', `/api/pods/${podId}`, { token: host!.token })).status).toBe(204);

    const again = await server.request('POST', '/api/pods', { token: eve!.token, body: { id: podId, name: 'Same id' } });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: 'A pod with this id already exists.' });
    const pushed = await push(server, eve!.token, [mutation('pod.create', { id: podId, name: 'Same id' })]);
    expect(pushed.results[0]).toMatchObject({ status: 'refused' });
    const byOwner = await server.request('POST', '/api/pods', { token: host!.token, body: { id: podId, name: 'Mine again' } });
    expect(byOwner.status).toBe(409);

    expect((await server.request('GET', `/api/games/${game.id}`, { token: eve!.token })).status).toBe(404);
    expect((await server.request<Game[]>('GET', '/api/games', { token: eve!.token })).body.map((row) => row.id)).not.toContain(game.id);
    expect((await pull(server, eve!.token)).puts.games?.map((row) => row.id) ?? []).not.toContain(game.id);
    // Its players keep their game.
    expect((await server.request<Game>('GET', `/api/games/${game.id}`, { token: player!.token })).status).toBe(200);
  });
});

describe('a pending e-mail change dies with a password reset or change', () => {
  const linkToken = async (page: string, address: string): Promise<string> => {
    const mail = await server.waitForMail((text) => text.replace(/=\r?\n/g, '').toLowerCase().includes(`to: ${address.toLowerCase()}`) && text.includes(`/${page}/`));
    const token = new RegExp(`/${page}/([A-Za-z0-9_-]{43})`).exec(mail.replace(/=\r?\n/g, ''))?.[1];
    if (!token) throw new Error(`no /${page}/ link`);
    return token;
  };

  it('after a password reset the confirm link sent before it no longer moves the account', async () => {
    const { token, user, password } = await server.newUser('ze');
    const newEmail = `${unique('zen')}@example.com`;
    expect((await server.request('POST', '/api/users/me/email', { token, body: { email: newEmail, currentPassword: password } })).status).toBe(202);
    const confirm = await linkToken('confirm-email', newEmail);

    expect((await server.request('POST', '/api/auth/forgot-password', { body: { email: user.email } })).status).toBe(200);
    const reset = await linkToken('reset-password', user.email);
    expect((await server.request('PATCH', `/api/auth/reset-password/${reset}`, { body: { newPassword: 'a brand new passphrase' } })).status).toBe(200);

    const late = await server.request('POST', `/api/users/email-change/${confirm}`);
    expect(late.status).toBe(400);
    const { token: fresh } = await server.login(user.username, 'a brand new passphrase');
    expect((await server.request<User>('GET', '/api/users/me', { token: fresh })).body.email).toBe(user.email);
  });

  it('after a password change the confirm link sent before it no longer moves the account', async () => {
    const { token, user, password } = await server.newUser('zc');
    const newEmail = `${unique('zcn')}@example.com`;
    expect((await server.request('POST', '/api/users/me/email', { token, body: { email: newEmail, currentPassword: password } })).status).toBe(202);
    const confirm = await linkToken('confirm-email', newEmail);
    expect((await server.request('POST', '/api/users/me/password', { token, body: { currentPassword: password, newPassword: 'another passphrase' } })).status).toBe(200);

    const late = await server.request('POST', `/api/users/email-change/${confirm}`);
    expect(late.status).toBe(400);
    expect((await server.request<User>('GET', '/api/users/me', { token })).body.email).toBe(user.email);
  });
});
