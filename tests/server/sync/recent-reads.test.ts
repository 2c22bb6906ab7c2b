/**
 * The snapshot's message reads (server/sync/reads.ts) take the newest N of EACH chat, not the
 * newest N overall: one lateral read per pod or conversation. Asked for 2 per chat, two pods
 * and two conversations with 3 messages each answer 2 of each, the newest, oldest first.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DirectMessage, PodMessage } from '../../../src/contract/social';
import { listConversations, recentDirectMessages, recentPodMessages } from '../../../server/sync/reads';
import { startServer, type TestServer } from '../helpers';
import { makePod, people, type Person } from '../social/support';

let server: TestServer;

beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.close();
});

async function sendDm(from: Person, to: Person, content: string): Promise<void> {
  const answer = await server.request<DirectMessage>('POST', '/api/direct-messages/send', { token: from.token, body: { receiverId: to.user.id, content } });
  expect(answer.status, answer.text).toBe(201);
}
async function sendPod(from: Person, podId: string, content: string): Promise<void> {
  const answer = await server.request<PodMessage>('POST', `/api/pods/${podId}/messages`, { token: from.token, body: { content } });
  expect(answer.status, answer.text).toBe(201);
}

describe('recent messages per chat', () => {
  it('the newest N of each pod, of each conversation, and each conversation’s last message', async () => {
    const [ann, bob, cleo, dan] = await people(server, 4, 'rr');
    const first = await makePod(server, ann!, [bob!], 'First pod');
    const second = await makePod(server, ann!, [cleo!], 'Second pod');
    const outside = await makePod(server, dan!, [], 'Not Ann’s pod');
    for (const n of [1, 2, 3]) {
      await sendPod(bob!, first.id, `first ${n}`);
      await sendPod(cleo!, second.id, `second ${n}`);
      await sendPod(dan!, outside.id, `outside ${n}`);
      await sendDm(ann!, bob!, `to bob ${n}`);
      await sendDm(cleo!, ann!, `from cleo ${n}`);
    }
    const db = server.database.db;
    const inPods = await recentPodMessages(db, ann!.user.id, [first.id, second.id, outside.id], 2);
    expect(inPods.map((message) => message.content).sort()).toEqual(['first 2', 'first 3', 'second 2', 'second 3']);
    expect(inPods.filter((message) => message.podId === first.id).map((message) => message.content)).toEqual(['first 2', 'first 3']);

    const direct = await recentDirectMessages(db, ann!.user.id, [bob!.user.id, cleo!.user.id, dan!.user.id], 2);
    expect(direct.map((message) => message.content).sort()).toEqual(['from cleo 2', 'from cleo 3', 'to bob 2', 'to bob 3']);

    const conversations = await listConversations(db, ann!.user.id);
    expect(conversations.map((conversation) => [conversation.participant.id, conversation.lastMessage?.content])).toEqual([
      [cleo!.user.id, 'from cleo 3'],
      [bob!.user.id, 'to bob 3'],
    ]);
  });
});
