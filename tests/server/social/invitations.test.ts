/** Pod invitations: invite (who, whom), list both ways, accept, decline, replays and live events. */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Pod, PodInvitation } from '../../../src/contract/social';
import { appliedMutations, podInvitations, podMembers } from '../../../server/db/schema';
import { REPLAYED_HEADER } from '../../../server/idempotency';
import { startServer, type TestServer } from '../helpers';
import { closeAll, connect, keyed, makePod, ofType, people, received, settle, type Person, nextEvent } from './support';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.close();
});

const publicOf = (person: Person) => ({ id: person.user.id, username: person.user.username, displayName: null, avatarUrl: null });
const invite = (pod: Pod, by: Person, userId: string, headers: Record<string, string> = {}) =>
  server.request<PodInvitation>('POST', `/api/pods/${pod.id}/invite`, { token: by.token, body: { userId }, headers });
const invitationRows = (podId: string) => server.database.db.select().from(podInvitations).where(eq(podInvitations.podId, podId));

describe('inviting', () => {
  it('any member invites (201); the invitation is listed for the invitee and for the pod’s members only', async () => {
    const [ann, bob, cid, eve] = await people(server, 4, 'ia');
    const pod = await makePod(server, ann!, [bob!], 'Tuesday Table');
    const answer = await invite(pod, bob!, cid!.user.id);
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({
      invitationId: expect.any(String),
      invitedBy: publicOf(bob!),
      invitee: publicOf(cid!),
      pod: { id: pod.id, name: 'Tuesday Table' },
      createdAt: expect.stringMatching(/Z$/),
    });
    expect((await server.request('GET', '/api/pods/invitations', { token: cid!.token })).body).toEqual([answer.body]);
    expect((await server.request('GET', '/api/pods/invitations', { token: bob!.token })).body).toEqual([]);
    for (const member of [ann!, bob!]) {
      expect((await server.request('GET', `/api/pods/${pod.id}/invitations`, { token: member.token })).body).toEqual([answer.body]);
    }
    for (const outsider of [cid!, eve!]) {
      expect((await server.request('GET', `/api/pods/${pod.id}/invitations`, { token: outsider.token })).status).toBe(404);
    }
  });

  it('refuses strangers (404), members and pending invitees (409), unknown users (404) and bad bodies (400)', async () => {
    const [ann, bob, cid, eve] = await people(server, 4, 'ib');
    const pod = await makePod(server, ann!, [bob!]);
    const byStranger = await invite(pod, eve!, cid!.user.id);
    expect(byStranger.status).toBe(404);
    expect(byStranger.body).toEqual({ message: 'Pod not found.' });
    for (const member of [bob!, ann!]) {
      const answer = await invite(pod, ann!, member.user.id);
      expect(answer.status).toBe(409);
      expect(answer.body).toEqual({ message: 'This user is already a member of this pod.' });
    }
    expect((await invite(pod, ann!, cid!.user.id)).status).toBe(201);
    const twice = await invite(pod, bob!, cid!.user.id);
    expect(twice.status).toBe(409);
    expect(twice.body).toEqual({ message: 'This user has already been invited to this pod.' });
    for (const userId of [randomUUID(), 'ghost']) {
      const answer = await invite(pod, ann!, userId);
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({ message: 'User not found.' });
    }
    for (const body of [{}, { userId: 3 }, { userId: '' }]) {
      expect((await server.request('POST', `/api/pods/${pod.id}/invite`, { token: ann!.token, body })).status).toBe(400);
    }
    expect((await server.request('POST', '/api/pods/not-a-uuid/invite', { token: ann!.token, body: { userId: cid!.user.id } })).status).toBe(404);
    expect(await invitationRows(pod.id)).toHaveLength(1);
  });

  it('the same Idempotency-Key twice invites once; a lost answer is found again', async () => {
    const [ann, cid] = await people(server, 2, 'ic');
    const pod = await makePod(server, ann!);
    const headers = keyed();
    const first = await invite(pod, ann!, cid!.user.id, headers);
    const repeat = await invite(pod, ann!, cid!.user.id, headers);
    expect(repeat.status).toBe(201);
    expect(repeat.headers.get(REPLAYED_HEADER)).toBe('true');
    expect(repeat.body).toEqual(first.body);
    await server.database.db.delete(appliedMutations).where(eq(appliedMutations.userId, ann!.user.id));
    const retry = await invite(pod, ann!, cid!.user.id, headers);
    expect(retry.status).toBe(201);
    expect(retry.body).toEqual(first.body);
    expect(await invitationRows(pod.id)).toHaveLength(1);
  });
});

describe('answering', () => {
  it('the invitee accepts: 200 Pod with them in it; POD_INVITATION_REMOVED to the invitee and every member, POD_UPDATED to every member', async () => {
    const [ann, bob, cid, eve] = await people(server, 4, 'id');
    const pod = await makePod(server, ann!, [bob!]);
    const sockets = await Promise.all([ann!, bob!, cid!, eve!].map((person) => connect(server, person)));
    const [annSocket, bobSocket, cidSocket, eveSocket] = sockets;
    const invitation = (await invite(pod, bob!, cid!.user.id)).body;
    const invitationEvent = { type: 'POD_INVITATION', payload: invitation };
    for (const socket of [cidSocket!, bobSocket!, annSocket!]) expect(await nextEvent(socket, ofType('POD_INVITATION'))).toEqual(invitationEvent);

    for (const outsider of [eve!, bob!]) {
      const answer = await server.request('POST', `/api/pods/invitations/${invitation.invitationId}/accept`, { token: outsider.token });
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({ message: 'Invitation not found.' });
    }
    const accepted = await server.request<Pod>('POST', `/api/pods/invitations/${invitation.invitationId}/accept`, { token: cid!.token });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toEqual({ ...pod, members: [...pod.members, publicOf(cid!)], rev: pod.rev! + 1 });
    expect(await invitationRows(pod.id)).toEqual([]);
    const removedEvent = { type: 'POD_INVITATION_REMOVED', invitationId: invitation.invitationId };
    for (const socket of [annSocket!, bobSocket!, cidSocket!]) {
      expect(await nextEvent(socket, ofType('POD_INVITATION_REMOVED'))).toEqual(removedEvent);
      expect(await nextEvent(socket, ofType('POD_UPDATED'))).toEqual({ type: 'POD_UPDATED', payload: accepted.body });
    }
    await Promise.all(sockets.map(settle));
    expect(received(eveSocket!)).toEqual([]);
    expect(received(annSocket!, 'POD_INVITATION')).toEqual([invitationEvent]);
    expect((await server.request<Pod>('GET', `/api/pods/${pod.id}`, { token: cid!.token })).status).toBe(200);
    expect((await server.request('POST', `/api/pods/invitations/${invitation.invitationId}/accept`, { token: cid!.token })).status).toBe(404);
    closeAll(...sockets);
  });

  it('the invitee declines (204): no membership, POD_INVITATION_REMOVED to both; others get 404', async () => {
    const [ann, cid, eve] = await people(server, 3, 'ie');
    const pod = await makePod(server, ann!);
    const invitation = (await invite(pod, ann!, cid!.user.id)).body;
    const annSocket = await connect(server, ann!);
    expect((await server.request('POST', `/api/pods/invitations/${invitation.invitationId}/decline`, { token: eve!.token })).status).toBe(404);
    expect((await server.request('POST', `/api/pods/invitations/${invitation.invitationId}/decline`, { token: ann!.token })).status).toBe(404);
    const declined = await server.request('POST', `/api/pods/invitations/${invitation.invitationId}/decline`, { token: cid!.token });
    expect(declined.status).toBe(204);
    expect(await nextEvent(annSocket, ofType('POD_INVITATION_REMOVED'))).toEqual({ type: 'POD_INVITATION_REMOVED', invitationId: invitation.invitationId });
    expect(await invitationRows(pod.id)).toEqual([]);
    expect(await server.database.db.select().from(podMembers).where(eq(podMembers.userId, cid!.user.id))).toEqual([]);
    expect((await server.request('GET', '/api/pods/invitations', { token: cid!.token })).body).toEqual([]);
    for (const id of ['nope', randomUUID()]) {
      expect((await server.request('POST', `/api/pods/invitations/${id}/decline`, { token: cid!.token })).status).toBe(404);
      expect((await server.request('POST', `/api/pods/invitations/${id}/accept`, { token: cid!.token })).status).toBe(404);
    }
    // Declined: they can be invited again.
    expect((await invite(pod, ann!, cid!.user.id)).status).toBe(201);
    closeAll(annSocket);
  });

  it('deleting a pod withdraws its invitations live (POD_INVITATION_REMOVED to invitee and inviter)', async () => {
    const [ann, cid] = await people(server, 2, 'if');
    const pod = await makePod(server, ann!);
    const invitation = (await invite(pod, ann!, cid!.user.id)).body;
    const cidSocket = await connect(server, cid!);
    expect((await server.request('DELETE', `/api/pods/${pod.id}`, { token: ann!.token })).status).toBe(204);
    expect(await nextEvent(cidSocket, ofType('POD_INVITATION_REMOVED'))).toEqual({ type: 'POD_INVITATION_REMOVED', invitationId: invitation.invitationId });
    await settle(cidSocket);
    expect(received(cidSocket, 'POD_REMOVED')).toEqual([]);
    closeAll(cidSocket);
  });
});
