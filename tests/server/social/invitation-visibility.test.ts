/**
 * Who sees a pod invitation (server/visibility/pod-invitations.ts): its invitee and the members of
 * its pod, the same live, in a fresh snapshot, by cursor and over REST; a stranger never. When it
 * ends (accepted, declined, withdrawn), every device that held it is told to drop it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Pod, PodInvitation } from '../../../src/contract/social';
import type { PullResponse } from '../../../src/contract/sync';
import { startServer, type TestServer } from '../helpers';
import { pull } from '../sync/support';
import { closeAll, connect, makePod, nextEvent, ofType, people, received, settle, type Person } from './support';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.close();
});

const invite = (pod: Pod, by: Person, userId: string) =>
  server.request<PodInvitation>('POST', `/api/pods/${pod.id}/invite`, { token: by.token, body: { userId } });
const putIds = (answer: PullResponse) => (answer.puts.podInvitations ?? []).map((row) => row.invitationId);
const delIds = (answer: PullResponse) => answer.dels.podInvitations ?? [];

/** A pod of owner + inviter + bystander (a member who is not the inviter), an invitee and a stranger, with each one's cursor before the invitation. */
async function setting(prefix: string) {
  const [owner, inviter, bystander, invitee, stranger] = await people(server, 5, prefix);
  const pod = await makePod(server, owner!, [inviter!, bystander!]);
  const everyone = [owner!, inviter!, bystander!, invitee!, stranger!];
  const cursors = new Map<Person, number>();
  for (const person of everyone) cursors.set(person, (await pull(server, person.token)).cursor);
  return { owner: owner!, inviter: inviter!, bystander: bystander!, invitee: invitee!, stranger: stranger!, pod, everyone, cursors };
}

describe('a pending invitation', () => {
  it('is seen by the invitee and every member (live, snapshot, cursor, REST), never by a stranger', async () => {
    const { owner, inviter, bystander, invitee, stranger, pod, everyone, cursors } = await setting('iv');
    const sockets = new Map(await Promise.all(everyone.map(async (person) => [person, await connect(server, person)] as const)));
    const sent = await invite(pod, inviter, invitee.user.id);
    expect(sent.status).toBe(201);
    const id = sent.body.invitationId;

    const seers = [owner, inviter, bystander, invitee];
    for (const person of seers) {
      expect(await nextEvent(sockets.get(person)!, ofType('POD_INVITATION'))).toEqual({ type: 'POD_INVITATION', payload: sent.body });
      expect(putIds(await pull(server, person.token))).toContain(id);
      expect(putIds(await pull(server, person.token, cursors.get(person)))).toEqual([id]);
    }
    for (const member of [owner, inviter, bystander]) {
      expect((await server.request<PodInvitation[]>('GET', `/api/pods/${pod.id}/invitations`, { token: member.token })).body).toEqual([sent.body]);
    }

    await settle(sockets.get(stranger)!);
    expect(received(sockets.get(stranger)!)).toEqual([]);
    expect(putIds(await pull(server, stranger.token))).toEqual([]);
    const strangerDelta = await pull(server, stranger.token, cursors.get(stranger));
    expect(putIds(strangerDelta)).toEqual([]);
    expect(delIds(strangerDelta)).toEqual([]);
    expect((await server.request('GET', `/api/pods/${pod.id}/invitations`, { token: stranger.token })).status).toBe(404);
    closeAll(...sockets.values());
  });

  it('a member who joins later gets the pod’s pending invitations by cursor; one who leaves loses the pod with them', async () => {
    const { owner, inviter, invitee, stranger: joiner, pod } = await setting('ij');
    const id = (await invite(pod, inviter, invitee.user.id)).body.invitationId;
    const before = (await pull(server, joiner.token)).cursor;
    const joining = await invite(pod, owner, joiner.user.id);
    expect((await server.request('POST', `/api/pods/invitations/${joining.body.invitationId}/accept`, { token: joiner.token })).status).toBe(200);
    expect(putIds(await pull(server, joiner.token, before))).toContain(id);

    const beforeLeaving = (await pull(server, joiner.token)).cursor;
    expect((await server.request('POST', `/api/pods/${pod.id}/leave`, { token: joiner.token })).status).toBe(204);
    const afterLeaving = await pull(server, joiner.token, beforeLeaving);
    // The mirror deletes a pod's invitations with the pod (src/sync/engine/apply-server.ts).
    expect(afterLeaving.dels.pods).toEqual([pod.id]);
    expect(putIds(await pull(server, joiner.token))).toEqual([]);
  });
});

describe('an invitation that ends leaves every mirror that held it', () => {
  const endings: Array<[string, (pod: Pod, invitation: PodInvitation, people: { inviter: Person; invitee: Person; owner: Person }) => Promise<number>]> = [
    ['accepted', async (_pod, invitation, { invitee }) => (await server.request('POST', `/api/pods/invitations/${invitation.invitationId}/accept`, { token: invitee.token })).status],
    ['declined', async (_pod, invitation, { invitee }) => (await server.request('POST', `/api/pods/invitations/${invitation.invitationId}/decline`, { token: invitee.token })).status],
    ['withdrawn by its inviter', async (pod, invitation, { inviter }) => (await server.request('DELETE', `/api/pods/${pod.id}/invitations/${invitation.invitationId}`, { token: inviter.token })).status],
    ['withdrawn by the owner', async (pod, invitation, { owner }) => (await server.request('DELETE', `/api/pods/${pod.id}/invitations/${invitation.invitationId}`, { token: owner.token })).status],
  ];

  for (const [how, end] of endings) {
    it(`${how}: the invitee and every member pull its deletion; a stranger hears nothing`, async () => {
      const { owner, inviter, bystander, invitee, stranger, pod } = await setting('ie');
      const invitation = (await invite(pod, inviter, invitee.user.id)).body;
      const cursors = new Map<Person, number>();
      for (const person of [owner, inviter, bystander, invitee, stranger]) cursors.set(person, (await pull(server, person.token)).cursor);
      const sockets = new Map(await Promise.all([bystander, stranger].map(async (person) => [person, await connect(server, person)] as const)));

      expect(await end(pod, invitation, { inviter, invitee, owner })).toBeLessThan(300);

      for (const person of [owner, inviter, bystander, invitee]) {
        expect(delIds(await pull(server, person.token, cursors.get(person))), person.user.username).toEqual([invitation.invitationId]);
        expect(putIds(await pull(server, person.token))).toEqual([]);
      }
      expect(await nextEvent(sockets.get(bystander)!, ofType('POD_INVITATION_REMOVED'))).toEqual({ type: 'POD_INVITATION_REMOVED', invitationId: invitation.invitationId });
      expect(delIds(await pull(server, stranger.token, cursors.get(stranger)))).toEqual([]);
      await settle(sockets.get(stranger)!);
      expect(received(sockets.get(stranger)!)).toEqual([]);
      closeAll(...sockets.values());
    });
  }

  it('the pod deleted: the invitee and every member pull its deletion', async () => {
    const { owner, inviter, bystander, invitee, pod } = await setting('id');
    const invitation = (await invite(pod, inviter, invitee.user.id)).body;
    const cursors = new Map<Person, number>();
    for (const person of [owner, inviter, bystander, invitee]) cursors.set(person, (await pull(server, person.token)).cursor);
    expect((await server.request('DELETE', `/api/pods/${pod.id}`, { token: owner.token })).status).toBe(204);
    for (const person of [owner, inviter, bystander, invitee]) {
      expect(delIds(await pull(server, person.token, cursors.get(person)))).toEqual([invitation.invitationId]);
    }
  });
});
