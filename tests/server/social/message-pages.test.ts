/**
 * Older messages, page by page: the (createdAt, id) cursor of GET /api/direct-messages/{userId}
 * and GET /api/pods/{id}/messages (`before` + `beforeId`). Messages sharing one createdAt across a
 * page boundary are neither skipped nor repeated; `before` alone keeps its meaning; a bad cursor
 * is 400 { message }; who may read is unchanged; the reads spend the list budget.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readKindFor } from '../../../server/limits/policies';
import { directMessages, podMessages } from '../../../server/db/schema';
import { BEFORE_ID_ALONE_TEXT, BEFORE_ID_TEXT, type DirectMessage, type PodMessage } from '../../../src/contract/social';
import { startServer, type TestServer } from '../helpers';
import { makePod, people, type Person } from './support';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
}, 180_000);
afterAll(async () => {
  await server?.close();
});

/** 11 messages: 3 at t0, then 5 sharing t1 (the boundary of a 4-row page lands among them), then 3 at t2, t3, t4. */
const T0 = Date.parse('2025-03-01T10:00:00.000Z');
const stamps = [0, 0, 0, 1, 1, 1, 1, 1, 2, 3, 4].map((step) => new Date(T0 + step * 1000));

type Page = Array<{ id: string; content: string; createdAt: string }>;

/** Walks back from the latest page with the (createdAt, id) cursor until a page is short; the pages' messages, oldest first. */
async function walk(path: string, token: string, limit: number): Promise<{ messages: Page; requests: number }> {
  const pages: Page[] = [];
  let query = `?limit=${limit}`;
  for (let requests = 1; ; requests += 1) {
    const answer = await server.request<Page>('GET', `${path}${query}`, { token });
    expect(answer.status).toBe(200);
    pages.unshift(answer.body);
    if (answer.body.length < limit) return { messages: pages.flat(), requests };
    const oldest = answer.body[0]!;
    query = `?limit=${limit}&before=${encodeURIComponent(oldest.createdAt)}&beforeId=${oldest.id}`;
  }
}

/** The order every page uses: (createdAt, id), ids compared as PostgreSQL compares uuids (lowercase hex). */
const inPageOrder = <T extends { createdAt: Date; id: string }>(rows: T[]) =>
  [...rows].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));

describe('pod messages: the (createdAt, id) cursor', () => {
  let ann: Person;
  let bob: Person;
  let eve: Person;
  let podId: string;
  let expected: string[];

  beforeAll(async () => {
    [ann, bob, eve] = (await people(server, 3, 'mp')) as [Person, Person, Person];
    podId = (await makePod(server, ann, [bob])).id;
    const rows = stamps.map((createdAt, i) => ({ id: randomUUID(), clientId: null, podId, senderId: i % 2 ? bob.user.id : ann.user.id, content: `p${i}`, createdAt }));
    await server.database.db.insert(podMessages).values(rows);
    expected = inPageOrder(rows).map((row) => row.content);
  });

  it('walks every message exactly once, in order, across pages that split a shared createdAt', async () => {
    for (const limit of [1, 2, 3, 4, 5]) {
      const { messages, requests } = await walk(`/api/pods/${podId}/messages`, bob.token, limit);
      expect(messages.map((message) => message.content), `limit ${limit}`).toEqual(expected);
      expect(requests).toBe(Math.floor(expected.length / limit) + 1);
    }
  });

  it('`before` alone still means strictly older than that instant (the whole shared instant is left out)', async () => {
    const answer = await server.request<PodMessage[]>('GET', `/api/pods/${podId}/messages?before=${encodeURIComponent(stamps[3]!.toISOString())}`, { token: ann.token });
    expect(answer.status).toBe(200);
    expect(answer.body.map((message) => message.content)).toEqual(expected.slice(0, 3));
  });

  it('a non-member gets 404 with a cursor too, and learns nothing', async () => {
    const cursor = `?before=${encodeURIComponent(stamps[5]!.toISOString())}&beforeId=${randomUUID()}`;
    const answer = await server.request('GET', `/api/pods/${podId}/messages${cursor}`, { token: eve.token });
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({ message: expect.any(String) });
    expect(JSON.stringify(answer.body)).not.toContain('p0');
  });

  it('refuses a bad cursor with 400 { message } naming the problem', async () => {
    const at = encodeURIComponent(stamps[5]!.toISOString());
    const cases: Array<[string, string]> = [
      [`?before=${at}&beforeId=not-an-id`, BEFORE_ID_TEXT],
      [`?before=${at}&beforeId=${'x'.repeat(36)}`, BEFORE_ID_TEXT],
      [`?beforeId=${randomUUID()}`, BEFORE_ID_ALONE_TEXT],
    ];
    for (const [query, message] of cases) {
      const answer = await server.request('GET', `/api/pods/${podId}/messages${query}`, { token: ann.token });
      expect(answer.status, query).toBe(400);
      expect(answer.body, query).toEqual({ message });
    }
    const badDate = await server.request<{ message: string }>('GET', `/api/pods/${podId}/messages?before=soon&beforeId=${randomUUID()}`, { token: ann.token });
    expect(badDate.status).toBe(400);
    expect(badDate.body.message).toEqual(expect.any(String));
  });
});

describe('direct messages: the (createdAt, id) cursor', () => {
  it('walks every message of the two people exactly once, in order; a third person sees none of it', async () => {
    const [ann, bob, eve] = (await people(server, 3, 'mq')) as [Person, Person, Person];
    const rows = stamps.map((createdAt, i) => {
      const [from, to] = i % 2 ? [bob, ann] : [ann, bob];
      return { id: randomUUID(), clientId: null, senderId: from.user.id, receiverId: to.user.id, content: `d${i}`, createdAt };
    });
    // Eve's own conversation with Ann at the same instants must not leak into Ann and Bob's pages.
    const eves = stamps.slice(3, 6).map((createdAt, i) => ({ id: randomUUID(), clientId: null, senderId: eve.user.id, receiverId: ann.user.id, content: `e${i}`, createdAt }));
    await server.database.db.insert(directMessages).values([...rows, ...eves]);
    const expected = inPageOrder(rows).map((row) => row.content);

    for (const limit of [2, 4]) {
      const fromAnn = await walk(`/api/direct-messages/${bob.user.id}`, ann.token, limit);
      expect(fromAnn.messages.map((message) => message.content), `limit ${limit}`).toEqual(expected);
      const fromBob = await walk(`/api/direct-messages/${ann.user.id}`, bob.token, limit);
      expect(fromBob.messages.map((message) => message.content)).toEqual(expected);
    }
    const middle = inPageOrder(rows)[5]!;
    const cursor = `?before=${encodeURIComponent(middle.createdAt.toISOString())}&beforeId=${middle.id}`;
    const byEve = await server.request<DirectMessage[]>('GET', `/api/direct-messages/${bob.user.id}${cursor}`, { token: eve.token });
    expect(byEve.status).toBe(200);
    expect(byEve.body).toEqual([]);
    expect((await server.request('GET', `/api/direct-messages/${randomUUID()}${cursor}`, { token: ann.token })).status).toBe(404);
    const bad = await server.request('GET', `/api/direct-messages/${bob.user.id}?beforeId=${middle.id}`, { token: ann.token });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ message: BEFORE_ID_ALONE_TEXT });
  });
});

describe('budgets', () => {
  it('every page is a read counted against the list budget', () => {
    expect(readKindFor('GET', '/api/pods/:id/messages', undefined)).toBe('list');
    expect(readKindFor('GET', '/api/direct-messages/:userId', undefined)).toBe('list');
  });
});
