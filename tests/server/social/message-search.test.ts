/**
 * Message search (GET /api/messages/search): only the caller's own messages — direct messages
 * they sent or received, messages of the pods they are in now — every query word a word prefix,
 * newest first, never a deleted message; one chat at a time when asked; bad queries are 400
 * with { message }; the search read budget applies.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MessageSearchText, SEARCH_RESULTS_MAX, type MessageSearchResult } from '../../../src/contract/message-search';
import type { DirectMessage, PodMessage } from '../../../src/contract/social';
import { sql } from 'drizzle-orm';
import { directMessages, podMessages } from '../../../server/db/schema';
import { matchesSearch, prefixQuery } from '../../../server/social/message-search-routes';
import { startServer, type TestServer } from '../helpers';
import { makePod, people, type Person } from './support';

let server: TestServer;

beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.close();
});

const sendDm = async (from: Person, to: Person, content: string): Promise<DirectMessage> => {
  const answer = await server.request<DirectMessage>('POST', '/api/direct-messages/send', { token: from.token, body: { receiverId: to.user.id, content } });
  expect(answer.status, answer.text).toBe(201);
  return answer.body;
};
const sendPod = async (from: Person, podId: string, content: string): Promise<PodMessage> => {
  const answer = await server.request<PodMessage>('POST', `/api/pods/${podId}/messages`, { token: from.token, body: { content } });
  expect(answer.status, answer.text).toBe(201);
  return answer.body;
};
const search = (who: Person, query: Record<string, string>) =>
  server.request<MessageSearchResult & { message?: string }>('GET', `/api/messages/search?${new URLSearchParams(query).toString()}`, { token: who.token });
const found = async (who: Person, query: Record<string, string>): Promise<string[]> => {
  const answer = await search(who, query);
  expect(answer.status, answer.text).toBe(200);
  return [...answer.body.directMessages, ...answer.body.podMessages].map((message) => message.content);
};

describe('message search', () => {
  it('finds the caller’s direct messages and pod messages by word prefixes, every word, any case', async () => {
    const [ann, bob, cleo] = await people(server, 3, 'ms');
    const pod = await makePod(server, ann!, [bob!], 'Sleeve pod');
    await sendDm(ann!, bob!, 'Bring the red Sleeves on Friday');
    await sendDm(bob!, ann!, 'sleeveless shirts are fine');
    await sendPod(bob!, pod.id, 'New SLEEVES arrived, red ones');
    await sendPod(ann!, pod.id, 'Nothing to see here');
    await sendDm(bob!, cleo!, 'Cleo, sleeves for you too');

    expect((await found(ann!, { q: 'sleeve' })).sort()).toEqual(['Bring the red Sleeves on Friday', 'New SLEEVES arrived, red ones', 'sleeveless shirts are fine']);
    expect((await found(ann!, { q: 'Red sleeves!' })).sort()).toEqual(['Bring the red Sleeves on Friday', 'New SLEEVES arrived, red ones']);
    // A word must begin a word: "eeve" is inside "sleeves", not at its start.
    expect(await found(ann!, { q: 'eeve' })).toEqual([]);
    // Cleo sees her own DM only.
    expect(await found(cleo!, { q: 'sleeves' })).toEqual(['Cleo, sleeves for you too']);
  });

  it('searches one chat when asked: a pod, or the messages with one person', async () => {
    const [ann, bob, cleo] = await people(server, 3, 'mc');
    const pod = await makePod(server, ann!, [bob!]);
    await sendDm(ann!, bob!, 'dice tonight?');
    await sendDm(ann!, cleo!, 'dice for Cleo');
    await sendPod(bob!, pod.id, 'dice in the pod');

    expect(await found(ann!, { q: 'dice', podId: pod.id })).toEqual(['dice in the pod']);
    expect(await found(ann!, { q: 'dice', peerId: cleo!.user.id })).toEqual(['dice for Cleo']);
    expect((await found(ann!, { q: 'dice' })).length).toBe(3);
  });

  it('never shows a pod the caller is not in (or left), nor other people’s direct messages', async () => {
    const [ann, bob, eve] = await people(server, 3, 'mv');
    const pod = await makePod(server, ann!, [bob!]);
    await sendPod(ann!, pod.id, 'secret plans for commander night');
    await sendDm(ann!, bob!, 'secret deck list');

    expect(await found(eve!, { q: 'secret' })).toEqual([]);
    // Naming the pod does not help a stranger either.
    expect(await found(eve!, { q: 'secret', podId: pod.id })).toEqual([]);
    expect(await found(eve!, { q: 'secret', peerId: ann!.user.id })).toEqual([]);

    const left = await server.request('POST', `/api/pods/${pod.id}/leave`, { token: bob!.token });
    expect(left.status, left.text).toBeLessThan(300);
    expect(await found(bob!, { q: 'secret' })).toEqual(['secret deck list']);
  });

  it('leaves out deleted messages and finds an edited message by its new words only', async () => {
    const [ann, bob] = await people(server, 2, 'md');
    const gone = await sendDm(ann!, bob!, 'wrong proxy text');
    const fixed = await sendDm(ann!, bob!, 'Frdiay at noon');
    expect((await server.request('DELETE', `/api/direct-messages/${gone.id}`, { token: ann!.token })).status).toBe(204);
    expect((await server.request('PATCH', `/api/direct-messages/${fixed.id}`, { token: ann!.token, body: { content: 'Friday at noon' } })).status).toBe(200);

    expect(await found(bob!, { q: 'proxy' })).toEqual([]);
    expect(await found(bob!, { q: 'frdiay' })).toEqual([]);
    expect(await found(bob!, { q: 'friday noon' })).toEqual(['Friday at noon']);
  });

  it('answers the newest matches first, at most the page size, and says when there are more', async () => {
    const [ann, bob] = await people(server, 2, 'mn');
    const pod = await makePod(server, ann!, [bob!]);
    for (let i = 0; i < SEARCH_RESULTS_MAX - 5; i++) await sendDm(ann!, bob!, `game ${i}`);
    for (let i = 0; i < 10; i++) await sendPod(bob!, pod.id, `pod game ${i}`);

    const answer = await search(ann!, { q: 'game' });
    expect(answer.status).toBe(200);
    expect(answer.body.more).toBe(true);
    const all = [...answer.body.directMessages, ...answer.body.podMessages];
    expect(all).toHaveLength(SEARCH_RESULTS_MAX);
    // The five oldest direct messages are the ones left out.
    expect(answer.body.directMessages.map((message) => message.content)).not.toContain('game 0');
    expect(answer.body.podMessages).toHaveLength(10);
    const times = answer.body.directMessages.map((message) => message.createdAt);
    expect(times).toEqual([...times].sort().reverse());
  });

  it('refuses a query with no words, too many words, too long, or two chats at once (400 with a message); needs a login', async () => {
    const [ann] = await people(server, 1, 'mb');
    const cases: Array<[Record<string, string>, string]> = [
      [{ q: '  !!  ' }, MessageSearchText.noWords],
      [{ q: 'a b c d e f g h i' }, MessageSearchText.tooManyWords],
      [{ q: 'x'.repeat(101) }, MessageSearchText.tooLong],
      [{ q: 'dice', podId: crypto.randomUUID(), peerId: crypto.randomUUID() }, MessageSearchText.oneScope],
      [{ q: 'dice', podId: 'not-a-uuid' }, 'podId must be a UUID.'],
    ];
    for (const [query, message] of cases) {
      const answer = await search(ann!, query);
      expect(answer.status, JSON.stringify(query)).toBe(400);
      expect(answer.body.message).toContain(message);
    }
    const missing = await server.request<{ message: string }>('GET', '/api/messages/search', { token: ann!.token });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toEqual(expect.any(String));
    const anonymous = await server.request('GET', '/api/messages/search?q=dice');
    expect(anonymous.status).toBe(401);
  });

  it('a word that looks like query syntax is only a word', async () => {
    const [ann, bob] = await people(server, 2, 'mq');
    await sendDm(ann!, bob!, "it's a trap | or & not");
    expect(await found(bob!, { q: "trap' | ! (or" })).toEqual(["it's a trap | or & not"]);
  });

  it('the text indexes answer the search predicate (the planner may use them instead of reading every message)', async () => {
    const tsquery = prefixQuery('red sleeves');
    const plans: string[] = [];
    await server.database.db.transaction(async (tx) => {
      // On a small table a sequential scan is cheaper; forbid it to see whether an index fits at all.
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      for (const query of [
        tx.select({ id: directMessages.id }).from(directMessages).where(matchesSearch(directMessages.content, tsquery)),
        tx.select({ id: podMessages.id }).from(podMessages).where(matchesSearch(podMessages.content, tsquery)),
      ]) {
        const result = (await tx.execute(sql`EXPLAIN ${query}`)) as unknown as { rows: Array<Record<string, string>> } | Array<Record<string, string>>;
        const rows = Array.isArray(result) ? result : result.rows;
        plans.push(rows.map((row) => Object.values(row).join(' ')).join('\n'));
      }
    });
    expect(plans[0]).toContain('direct_messages_search_idx');
    expect(plans[1]).toContain('pod_messages_search_idx');
  });
});
