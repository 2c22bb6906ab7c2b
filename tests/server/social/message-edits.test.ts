/**
 * Editing and deleting one's own messages (dm.edit, dm.delete, pod.message.edit,
 * pod.message.delete), over REST and through the push: only the sender may (403 for another
 * reader, 404 for anyone who cannot see the message); the text rules are the send's; a deleted
 * message keeps its row with its text blanked for every read (REST lists, pulls, live events)
 * and can no longer be edited (409); the change reaches the other side live; and nobody is
 * notified by push of an edit or a deletion.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerEvent } from '../../../src/contract/live';
import type { PushPayload } from '../../../src/contract/push';
import type { Conversation, DirectMessage, Pod, PodMessage } from '../../../src/contract/social';
import { directMessages, podMessages } from '../../../server/db/schema';
import { mutationWriteKind, writeKindFor } from '../../../server/limits/policies';
import { audienceFor } from '../../../server/push/notifications';
import { startServer, type TestServer } from '../helpers';
import { FakePushService, type FakeSubscription } from '../push-service';
import { mutation, pull, push } from '../sync/support';
import { closeAll, connect, makePod, nextEvent, ofType, people, received, settle, waitFor, type Person } from './support';

let server: TestServer;
const pushService = new FakePushService();

beforeAll(async () => {
  await pushService.start();
  server = await startServer({ config: { pushServiceOrigins: [pushService.origin], pushAllowPrivate: true } });
});
afterAll(async () => {
  await server?.close();
  await pushService.stop();
});

const sendDm = async (from: Person, to: Person, content: string): Promise<DirectMessage> => {
  const answer = await server.request<DirectMessage>('POST', '/api/direct-messages/send', { token: from.token, body: { receiverId: to.user.id, content } });
  expect(answer.status, answer.text).toBe(201);
  return answer.body;
};
const editDm = (who: Person, id: string, body: unknown) => server.request<DirectMessage>('PATCH', `/api/direct-messages/${id}`, { token: who.token, body });
const deleteDm = (who: Person, id: string) => server.request('DELETE', `/api/direct-messages/${id}`, { token: who.token });
const history = async (who: Person, peer: Person): Promise<DirectMessage[]> => {
  const answer = await server.request<DirectMessage[]>('GET', `/api/direct-messages/${peer.user.id}`, { token: who.token });
  expect(answer.status).toBe(200);
  return answer.body;
};

const sendPod = async (from: Person, podId: string, content: string): Promise<PodMessage> => {
  const answer = await server.request<PodMessage>('POST', `/api/pods/${podId}/messages`, { token: from.token, body: { content } });
  expect(answer.status, answer.text).toBe(201);
  return answer.body;
};
const editPod = (who: Person, podId: string, id: string, body: unknown) => server.request<PodMessage>('PATCH', `/api/pods/${podId}/messages/${id}`, { token: who.token, body });
const deletePod = (who: Person, podId: string, id: string) => server.request('DELETE', `/api/pods/${podId}/messages/${id}`, { token: who.token });
const podHistory = async (who: Person, podId: string): Promise<PodMessage[]> => {
  const answer = await server.request<PodMessage[]>('GET', `/api/pods/${podId}/messages`, { token: who.token });
  expect(answer.status).toBe(200);
  return answer.body;
};

const messageOf = (answer: { body: unknown }) => (answer.body as { message?: string }).message;
const storedDm = async (id: string) => (await server.database.db.select().from(directMessages).where(eq(directMessages.id, id)))[0]!;
const storedPodMessage = async (id: string) => (await server.database.db.select().from(podMessages).where(eq(podMessages.id, id)))[0]!;

describe('direct messages', () => {
  it('the sender edits over REST: 200 with the new, trimmed text and editedAt; the receiver reads it; the same text again changes nothing', async () => {
    const [ann, bob] = await people(server, 2, 'me');
    const sent = await sendDm(ann!, bob!, 'Frdiay?');
    const edited = await editDm(ann!, sent.id, { content: '  Friday?  ' });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.body).toEqual({ ...sent, content: 'Friday?', editedAt: expect.stringMatching(/Z$/) });
    expect(await history(bob!, ann!)).toEqual([edited.body]);

    const again = await editDm(ann!, sent.id, { content: 'Friday?' });
    expect(again.status).toBe(200);
    expect(again.body.editedAt).toBe(edited.body.editedAt);
  });

  it('the sender deletes over REST: 204, the row stays blank with deletedAt in every read, and a second delete changes nothing', async () => {
    const [ann, bob] = await people(server, 2, 'md');
    const first = await sendDm(ann!, bob!, 'secret plan');
    const deleted = await deleteDm(ann!, first.id);
    expect(deleted.status, deleted.text).toBe(204);
    for (const reader of [ann!, bob!]) {
      const [row] = await history(reader, reader === ann ? bob! : ann!);
      expect(row).toEqual({ ...first, content: '', deletedAt: expect.stringMatching(/Z$/) });
    }
    const stored = await storedDm(first.id);
    expect(stored.content).toBe('');
    expect(stored.deletedAt).toBeInstanceOf(Date);
    // The conversation's preview is the deleted message: blank, and marked.
    const conversations = await server.request<Conversation[]>('GET', '/api/direct-messages', { token: bob!.token });
    expect(conversations.body[0]!.lastMessage).toEqual({ content: '', createdAt: first.createdAt, deletedAt: expect.stringMatching(/Z$/) });

    expect((await deleteDm(ann!, first.id)).status).toBe(204);
    expect((await storedDm(first.id)).deletedAt).toEqual(stored.deletedAt);
  });

  it('refuses the receiver with 403, a stranger and a malformed or unknown id with 404, changing nothing', async () => {
    const [ann, bob, eve] = await people(server, 3, 'mr');
    const sent = await sendDm(ann!, bob!, 'mine');
    const cases: Array<[Promise<{ status: number; body: unknown }>, number, string]> = [
      [editDm(bob!, sent.id, { content: 'hijack' }), 403, 'You can only edit your own messages.'],
      [deleteDm(bob!, sent.id), 403, 'You can only delete your own messages.'],
      [editDm(eve!, sent.id, { content: 'hijack' }), 404, 'Message not found.'],
      [deleteDm(eve!, sent.id), 404, 'Message not found.'],
      [editDm(ann!, randomUUID(), { content: 'x' }), 404, 'Message not found.'],
      [deleteDm(ann!, 'not-a-uuid'), 404, 'Message not found.'],
    ];
    for (const [request, status, message] of cases) {
      const answer = await request;
      expect(answer.status).toBe(status);
      expect(messageOf(answer)).toBe(message);
    }
    const stored = await storedDm(sent.id);
    expect(stored).toMatchObject({ content: 'mine', editedAt: null, deletedAt: null });
  });

  it("applies the send's text rules (400) and refuses to edit a deleted message (409)", async () => {
    const [ann, bob] = await people(server, 2, 'mv');
    const sent = await sendDm(ann!, bob!, 'short');
    const cases: Array<[unknown, string]> = [
      [{ content: 'x'.repeat(1025) }, 'Messages can be at most 1024 characters.'],
      [{ content: '   ' }, 'Enter a message first.'],
      [{}, 'Enter a message first.'],
    ];
    for (const [body, message] of cases) {
      const answer = await editDm(ann!, sent.id, body);
      expect(answer.status).toBe(400);
      expect(messageOf(answer)).toBe(message);
    }
    expect((await editDm(ann!, sent.id, { content: 'y'.repeat(1024) })).status).toBe(200);

    expect((await deleteDm(ann!, sent.id)).status).toBe(204);
    const late = await editDm(ann!, sent.id, { content: 'back from the dead' });
    expect(late.status).toBe(409);
    expect(messageOf(late)).toBe('This message was deleted and can no longer be edited.');
    expect((await storedDm(sent.id)).content).toBe('');
  });

  it('through the push: applied, refused for another reader, and a pull shows the receiver the changed rows', async () => {
    const [ann, bob] = await people(server, 2, 'mp');
    const kept = await sendDm(ann!, bob!, 'typo hre');
    const gone = await sendDm(ann!, bob!, 'wrong person');
    const cursor = (await pull(server, bob!.token)).cursor;

    const answer = await push(server, ann!.token, [mutation('dm.edit', { id: kept.id, content: 'typo here' }), mutation('dm.delete', { id: gone.id })]);
    expect(answer.results.map((result) => result.status)).toEqual(['applied', 'applied']);
    const refused = await push(server, bob!.token, [mutation('dm.delete', { id: kept.id }), mutation('dm.edit', { id: gone.id, content: 'x' })]);
    expect(refused.results).toMatchObject([
      { status: 'refused', code: 403 },
      { status: 'refused', code: 403 },
    ]);

    const page = await pull(server, bob!.token, cursor);
    const rows = new Map((page.puts.directMessages ?? []).map((row) => [row.id, row]));
    expect(rows.get(kept.id)).toMatchObject({ content: 'typo here', editedAt: expect.any(String) });
    expect(rows.get(gone.id)).toMatchObject({ content: '', deletedAt: expect.any(String) });
    // A full snapshot reads the same.
    const snapshot = await pull(server, bob!.token);
    expect(snapshot.puts.directMessages?.find((row) => row.id === gone.id)).toMatchObject({ content: '', deletedAt: expect.any(String) });
  });

  it('reaches both sides live as DIRECT_MESSAGE with the changed row, and nobody else', async () => {
    const [ann, bob, eve] = await people(server, 3, 'ml');
    const sent = await sendDm(ann!, bob!, 'live one');
    const [bobSocket, annSocket, eveSocket] = await Promise.all([connect(server, bob!), connect(server, ann!), connect(server, eve!)]);
    const edited = (await editDm(ann!, sent.id, { content: 'live two' })).body;
    for (const socket of [bobSocket, annSocket]) expect(await nextEvent(socket, ofType('DIRECT_MESSAGE'))).toEqual({ type: 'DIRECT_MESSAGE', payload: edited });
    expect((await deleteDm(ann!, sent.id)).status).toBe(204);
    const deleted = (await nextEvent(bobSocket, (event) => ofType('DIRECT_MESSAGE')(event) && Boolean((event as { payload: DirectMessage }).payload.deletedAt))) as {
      payload: DirectMessage;
    };
    expect(deleted.payload).toEqual({ ...edited, content: '', deletedAt: expect.any(String) });
    await settle(eveSocket);
    expect(received(eveSocket, 'DIRECT_MESSAGE')).toEqual([]);
    closeAll(bobSocket, annSocket, eveSocket);
  });

  it('an edit is refused across a block like a send; deleting one’s own message is not', async () => {
    const [ann, bob] = await people(server, 2, 'mb');
    const sent = await sendDm(ann!, bob!, 'before the block');
    expect((await server.request('POST', '/api/blocks', { token: bob!.token, body: { userId: ann!.user.id } })).status).toBe(201);
    const edit = await editDm(ann!, sent.id, { content: 'after the block' });
    expect(edit.status).toBe(404);
    expect(messageOf(edit)).toBe('User not found.');
    expect((await deleteDm(ann!, sent.id)).status).toBe(204);
  });
});

describe('pod messages', () => {
  it('the sender edits and deletes over REST; every member reads the changes; the row stays', async () => {
    const [owner, ben] = await people(server, 2, 'pe');
    const pod = await makePod(server, owner!, [ben!]);
    const sent = await sendPod(ben!, pod.id, 'gg all');
    const edited = await editPod(ben!, pod.id, sent.id, { content: 'gg wp all' });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.body).toEqual({ ...sent, content: 'gg wp all', editedAt: expect.stringMatching(/Z$/) });
    expect(await podHistory(owner!, pod.id)).toEqual([edited.body]);

    expect((await deletePod(ben!, pod.id, sent.id)).status).toBe(204);
    const [row] = await podHistory(owner!, pod.id);
    expect(row).toEqual({ ...edited.body, content: '', deletedAt: expect.stringMatching(/Z$/) });
    expect((await storedPodMessage(sent.id)).content).toBe('');
    const late = await editPod(ben!, pod.id, sent.id, { content: 'again' });
    expect(late.status).toBe(409);
    expect((await deletePod(ben!, pod.id, sent.id)).status).toBe(204);
  });

  it('refuses another member (even the owner) with 403, a stranger, a former member and a path naming another pod with 404', async () => {
    const [owner, ben, cat, eve] = await people(server, 4, 'pr');
    const pod = await makePod(server, owner!, [ben!, cat!]);
    const other: Pod = await makePod(server, ben!, [], 'Other pod');
    const sent = await sendPod(ben!, pod.id, 'my words');
    const answers: Array<[{ status: number; body: unknown }, number]> = [
      [await editPod(owner!, pod.id, sent.id, { content: 'owner edit' }), 403],
      [await deletePod(cat!, pod.id, sent.id), 403],
      [await editPod(eve!, pod.id, sent.id, { content: 'stranger' }), 404],
      [await deletePod(eve!, pod.id, sent.id), 404],
      [await editPod(ben!, other.id, sent.id, { content: 'wrong pod' }), 404],
      [await deletePod(ben!, other.id, sent.id), 404],
      [await deletePod(ben!, pod.id, randomUUID()), 404],
      [await editPod(ben!, 'nope', sent.id, { content: 'x' }), 404],
    ];
    expect(answers.map(([answer]) => answer.status)).toEqual(answers.map(([, status]) => status));
    expect(messageOf(answers[0]![0])).toBe('You can only edit your own messages.');
    expect(messageOf(answers[1]![0])).toBe('You can only delete your own messages.');

    // Once Ben leaves, his message is out of his reach like the rest of the pod.
    expect((await server.request('POST', `/api/pods/${pod.id}/leave`, { token: ben!.token })).status).toBe(204);
    expect((await deletePod(ben!, pod.id, sent.id)).status).toBe(404);
    expect(await storedPodMessage(sent.id)).toMatchObject({ content: 'my words', editedAt: null, deletedAt: null });
  });

  it('applies the send’s text rules (400)', async () => {
    const [owner] = await people(server, 1, 'pv');
    const pod = await makePod(server, owner!);
    const sent = await sendPod(owner!, pod.id, 'ok');
    const long = await editPod(owner!, pod.id, sent.id, { content: 'x'.repeat(1025) });
    expect(long.status).toBe(400);
    expect(messageOf(long)).toBe('Messages can be at most 1024 characters.');
  });

  it('through the push, with a pull and live POD_MESSAGE_NEW events to the members', async () => {
    const [owner, ben] = await people(server, 2, 'pp');
    const pod = await makePod(server, owner!, [ben!]);
    const kept = await sendPod(owner!, pod.id, 'tonite');
    const gone = await sendPod(owner!, pod.id, 'oops');
    const cursor = (await pull(server, ben!.token)).cursor;
    const benSocket = await connect(server, ben!);

    const answer = await push(server, owner!.token, [
      mutation('pod.message.edit', { id: kept.id, podId: pod.id, content: 'tonight' }),
      mutation('pod.message.delete', { id: gone.id, podId: pod.id }),
    ]);
    expect(answer.results.map((result) => result.status)).toEqual(['applied', 'applied']);
    const refused = await push(server, ben!.token, [mutation('pod.message.delete', { id: kept.id, podId: pod.id })]);
    expect(refused.results).toMatchObject([{ status: 'refused', code: 403 }]);

    const edit = (await nextEvent(benSocket, ofType('POD_MESSAGE_NEW'))) as Extract<ServerEvent, { type: 'POD_MESSAGE_NEW' }>;
    expect(edit).toMatchObject({ podId: pod.id, payload: { id: kept.id, content: 'tonight', editedAt: expect.any(String) } });
    const deletion = (await nextEvent(benSocket, (event) => ofType('POD_MESSAGE_NEW')(event) && (event as { payload: PodMessage }).payload.id === gone.id)) as {
      payload: PodMessage;
    };
    expect(deletion.payload).toMatchObject({ content: '', deletedAt: expect.any(String) });

    const page = await pull(server, ben!.token, cursor);
    const rows = new Map((page.puts.podMessages ?? []).map((row) => [row.id, row]));
    expect(rows.get(kept.id)).toMatchObject({ content: 'tonight' });
    expect(rows.get(gone.id)).toMatchObject({ content: '', deletedAt: expect.any(String) });
    closeAll(benSocket);
  });
});

describe('no push notification for an edit or a deletion', () => {
  async function subscribe(person: Person): Promise<FakeSubscription> {
    const subscription = pushService.subscription();
    const answer = await server.request('POST', '/api/push/subscriptions', { token: person.token, body: { ...subscription, expirationTime: null } });
    expect(answer.status).toBe(201);
    return subscription;
  }
  const kindsFor = (subscription: FakeSubscription) =>
    pushService.received.filter((push) => push.subscriptionId === subscription.id).map((push) => (JSON.parse(push.text) as PushPayload).kind);

  it('a new message is pushed; its edit and its deletion are not (direct and pod)', async () => {
    const [ann, bob] = await people(server, 2, 'np');
    const pod = await makePod(server, ann!, [bob!]);
    const bobPhone = await subscribe(bob!);
    const dm = await sendDm(ann!, bob!, 'first');
    const inPod = await sendPod(ann!, pod.id, 'first in pod');
    await waitFor(() => kindsFor(bobPhone).length === 2);

    expect((await editDm(ann!, dm.id, { content: 'first, edited' })).status).toBe(200);
    expect((await deleteDm(ann!, dm.id)).status).toBe(204);
    expect((await editPod(ann!, pod.id, inPod.id, { content: 'edited in pod' })).status).toBe(200);
    expect((await deletePod(ann!, pod.id, inPod.id)).status).toBe(204);
    // Sent after the changes: any push of theirs would be queued before this one (audienceFor, below, is the exact check).
    expect((await server.request('POST', '/api/friends/send-request', { token: ann!.token, body: { addresseeId: bob!.user.id } })).status).toBe(201);
    await waitFor(() => kindsFor(bobPhone).includes('friendRequests'));
    expect(kindsFor(bobPhone).sort()).toEqual(['directMessages', 'friendRequests', 'podMessages']);
  });

  it('audienceFor: a message event carrying an edit or a deletion is pushed to nobody', () => {
    const sender = { id: 'ann', username: 'ann', displayName: null, avatarUrl: null };
    const message: DirectMessage = { id: 'm1', clientId: null, senderId: 'ann', receiverId: 'bob', content: 'hi', createdAt: new Date(0).toISOString(), sender };
    expect(audienceFor(['ann', 'bob'], { type: 'DIRECT_MESSAGE', payload: message })).toEqual({ kind: 'directMessages', recipients: ['bob'] });
    expect(audienceFor(['ann', 'bob'], { type: 'DIRECT_MESSAGE', payload: { ...message, editedAt: new Date(1).toISOString() } })).toBeNull();
    expect(audienceFor(['ann', 'bob'], { type: 'DIRECT_MESSAGE', payload: { ...message, content: '', deletedAt: new Date(1).toISOString() } })).toBeNull();
    const podMessage: PodMessage = { id: 'm2', clientId: null, podId: 'p1', content: 'gg', createdAt: new Date(0).toISOString(), sender: { id: 'ann', username: 'ann', displayName: null } };
    expect(audienceFor(['ann', 'bob'], { type: 'POD_MESSAGE_NEW', podId: 'p1', payload: podMessage })).toMatchObject({ recipients: ['bob'] });
    expect(audienceFor(['ann', 'bob'], { type: 'POD_MESSAGE_NEW', podId: 'p1', payload: { ...podMessage, editedAt: new Date(1).toISOString() } })).toBeNull();
  });
});

it('edits and deletions spend the messages’ rate budget, over REST and through the push', () => {
  for (const name of ['dm.edit', 'dm.delete', 'pod.message.edit', 'pod.message.delete'] as const) expect(mutationWriteKind(name)).toBe('message');
  expect(writeKindFor('PATCH', '/api/direct-messages/:id', { auth: true })).toBe('message');
  expect(writeKindFor('DELETE', '/api/direct-messages/:id', { auth: true })).toBe('message');
  expect(writeKindFor('PATCH', '/api/pods/:id/messages/:messageId', { auth: true })).toBe('message');
  expect(writeKindFor('DELETE', '/api/pods/:id/messages/:messageId', { auth: true })).toBe('message');
});
