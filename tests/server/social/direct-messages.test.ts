/** Direct messages: send (validation, ids, replays), the two-person history, the conversation list, live delivery. */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, or } from 'drizzle-orm';
import type { Conversation, DirectMessage } from '../../../src/contract/social';
import { directMessages, appliedMutations } from '../../../server/db/schema';
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

const send = (from: Person, body: unknown, headers: Record<string, string> = {}) =>
  server.request<DirectMessage>('POST', '/api/direct-messages/send', { token: from.token, body, headers });

const rowsOf = (person: Person) =>
  server.database.db
    .select()
    .from(directMessages)
    .where(or(eq(directMessages.senderId, person.user.id), eq(directMessages.receiverId, person.user.id)));

describe('POST /api/direct-messages/send', () => {
  it('stores the trimmed message under the client id and answers 201 with the sender', async () => {
    const [ann, bob] = await people(server, 2, 'dm');
    const id = randomUUID();
    const answer = await send(ann!, { id, receiverId: bob!.user.id, content: '  Good game!  ' }, keyed(id));
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({
      id,
      clientId: id,
      senderId: ann!.user.id,
      receiverId: bob!.user.id,
      content: 'Good game!',
      createdAt: expect.stringMatching(/Z$/),
      sender: { id: ann!.user.id, username: ann!.user.username, displayName: null, avatarUrl: null },
    });
    const [row] = await rowsOf(ann!);
    expect(row).toMatchObject({ id, clientId: id, content: 'Good game!' });
  });

  it('clientId is the Idempotency-Key without a body id, and null without either', async () => {
    const [ann, bob] = await people(server, 2, 'dk');
    const key = `outbox-${randomUUID()}`;
    const withKey = await send(ann!, { receiverId: bob!.user.id, content: 'keyed' }, keyed(key));
    expect(withKey.status).toBe(201);
    expect(withKey.body.clientId).toBe(key);
    const plain = await send(ann!, { receiverId: bob!.user.id, content: 'plain' });
    expect(plain.status).toBe(201);
    expect(plain.body.clientId).toBeNull();
    expect(plain.body.id).not.toBe(withKey.body.id);
  });

  it('refuses blank, too long, missing and mistyped input with the contract message, storing nothing', async () => {
    const [ann, bob] = await people(server, 2, 'dv');
    const cases: Array<[unknown, string | RegExp]> = [
      [{ receiverId: bob!.user.id, content: '' }, 'Enter a message first.'],
      [{ receiverId: bob!.user.id, content: ' \n\t ' }, 'Enter a message first.'],
      [{ receiverId: bob!.user.id }, 'Enter a message first.'],
      [{ receiverId: bob!.user.id, content: 'x'.repeat(1025) }, 'Messages can be at most 1024 characters.'],
      [{ receiverId: bob!.user.id, content: 12 }, 'Enter a message first.'],
      [{ content: 'hi' }, /receiverId/],
      [{ receiverId: 5, content: 'hi' }, /receiverId/],
      [{ id: 'not-a-uuid', receiverId: bob!.user.id, content: 'hi' }, 'id must be a UUID.'],
      [[], 'The request body must be a JSON object.'],
    ];
    for (const [body, message] of cases) {
      const answer = await send(ann!, body);
      expect(answer.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect((answer.body as unknown as { message: string }).message).toMatch(message);
    }
    const huge = await send(ann!, { receiverId: bob!.user.id, content: 'y'.repeat(60_000) });
    expect(huge.status).toBe(400);
    const self = await send(ann!, { receiverId: ann!.user.id, content: 'me' });
    expect(self.status).toBe(400);
    expect(self.body).toEqual({ message: 'You cannot send a message to yourself.' });
    for (const receiverId of [randomUUID(), 'someone']) {
      const answer = await send(ann!, { receiverId, content: 'hello?' });
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({ message: 'User not found.' });
    }
    expect(await rowsOf(ann!)).toEqual([]);
    const longest = await send(ann!, { receiverId: bob!.user.id, content: 'z'.repeat(1024) });
    expect(longest.status).toBe(201);
    expect(longest.body.content).toHaveLength(1024);
  });

  it('a replay never makes a second message: same key → stored answer; lost answer → the row by its id; another user’s id → 409', async () => {
    const [ann, bob, eve] = await people(server, 3, 'dr');
    const id = randomUUID();
    const body = { id, receiverId: bob!.user.id, content: 'once' };
    const first = await send(ann!, body, keyed(id));
    const repeat = await send(ann!, body, keyed(id));
    expect(repeat.status).toBe(201);
    expect(repeat.headers.get(REPLAYED_HEADER)).toBe('true');
    expect(repeat.body).toEqual(first.body);
    await server.database.db.delete(appliedMutations).where(eq(appliedMutations.userId, ann!.user.id));
    const retry = await send(ann!, body, keyed(id));
    expect(retry.status).toBe(201);
    expect(retry.headers.get(REPLAYED_HEADER)).toBeNull();
    expect(retry.body).toEqual(first.body);
    // Without a body id, the key alone finds the row of the lost answer.
    const key = randomUUID();
    const keyedOnly = await send(ann!, { receiverId: bob!.user.id, content: 'by key' }, keyed(key));
    await server.database.db.delete(appliedMutations).where(eq(appliedMutations.userId, ann!.user.id));
    const keyedRetry = await send(ann!, { receiverId: bob!.user.id, content: 'by key' }, keyed(key));
    expect(keyedRetry.status).toBe(201);
    expect(keyedRetry.body).toEqual(keyedOnly.body);
    expect(await rowsOf(ann!)).toHaveLength(2);

    const stolen = await send(eve!, { id, receiverId: bob!.user.id, content: 'mine now' });
    expect(stolen.status).toBe(409);
    expect(stolen.body).toEqual({ message: 'A message with this id already exists.' });
    expect(await rowsOf(eve!)).toEqual([]);
  });
});

describe('reading direct messages', () => {
  it('GET /api/direct-messages/:userId: only the two people’s messages, oldest first, with paging', async () => {
    const [ann, bob, eve] = await people(server, 3, 'dh');
    const sent: DirectMessage[] = [];
    for (let i = 0; i < 5; i += 1) {
      const [from, to] = i % 2 === 0 ? [ann!, bob!] : [bob!, ann!];
      sent.push((await send(from, { receiverId: to.user.id, content: `m${i}` })).body);
      server.advanceClock(1000);
    }
    await send(eve!, { receiverId: ann!.user.id, content: 'from eve' });
    await send(ann!, { receiverId: eve!.user.id, content: 'to eve' });

    const annView = await server.request<DirectMessage[]>('GET', `/api/direct-messages/${bob!.user.id}`, { token: ann!.token });
    expect(annView.status).toBe(200);
    expect(annView.body).toEqual(sent);
    const bobView = await server.request<DirectMessage[]>('GET', `/api/direct-messages/${ann!.user.id}`, { token: bob!.token });
    expect(bobView.body).toEqual(sent);
    // Eve sees only her own conversation with Ann, never Ann and Bob's.
    const eveView = await server.request<DirectMessage[]>('GET', `/api/direct-messages/${bob!.user.id}`, { token: eve!.token });
    expect(eveView.body).toEqual([]);
    expect((await server.request<DirectMessage[]>('GET', `/api/direct-messages/${ann!.user.id}`, { token: eve!.token })).body.map((m) => m.content)).toEqual([
      'from eve',
      'to eve',
    ]);

    const latestTwo = await server.request<DirectMessage[]>('GET', `/api/direct-messages/${bob!.user.id}?limit=2`, { token: ann!.token });
    expect(latestTwo.body.map((m) => m.content)).toEqual(['m3', 'm4']);
    const older = await server.request<DirectMessage[]>('GET', `/api/direct-messages/${bob!.user.id}?limit=2&before=${encodeURIComponent(sent[3]!.createdAt)}`, {
      token: ann!.token,
    });
    expect(older.body.map((m) => m.content)).toEqual(['m1', 'm2']);

    for (const query of ['?before=yesterday', '?limit=0', '?limit=201', '?limit=abc']) {
      const answer = await server.request('GET', `/api/direct-messages/${bob!.user.id}${query}`, { token: ann!.token });
      expect(answer.status, query).toBe(400);
    }
    for (const userId of [randomUUID(), 'nobody']) {
      const answer = await server.request('GET', `/api/direct-messages/${userId}`, { token: ann!.token });
      expect(answer.status).toBe(404);
    }
  });

  it('GET /api/direct-messages: one conversation per person with the last message, newest first', async () => {
    const [ann, bob, cid, eve] = await people(server, 4, 'dc');
    expect((await server.request('GET', '/api/direct-messages', { token: ann!.token })).body).toEqual([]);
    await send(ann!, { receiverId: bob!.user.id, content: 'hi bob' });
    server.advanceClock(1000);
    await send(cid!, { receiverId: ann!.user.id, content: 'hi ann, cid here' });
    server.advanceClock(1000);
    const last = await send(bob!, { receiverId: ann!.user.id, content: 'hey ann' });
    await send(cid!, { receiverId: eve!.user.id, content: 'not for ann' });

    const answer = await server.request<Conversation[]>('GET', '/api/direct-messages', { token: ann!.token });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual([
      {
        participant: { id: bob!.user.id, username: bob!.user.username, displayName: null, avatarUrl: null },
        lastMessage: { content: 'hey ann', createdAt: last.body.createdAt },
      },
      {
        participant: { id: cid!.user.id, username: cid!.user.username, displayName: null, avatarUrl: null },
        lastMessage: { content: 'hi ann, cid here', createdAt: expect.any(String) },
      },
    ]);
    expect((await server.request<Conversation[]>('GET', '/api/direct-messages', { token: eve!.token })).body.map((c) => c.participant.id)).toEqual([cid!.user.id]);
  });

  it('answers 401 without a token on every direct-message route', async () => {
    for (const [method, path] of [
      ['GET', '/api/direct-messages'],
      ['GET', `/api/direct-messages/${randomUUID()}`],
      ['POST', '/api/direct-messages/send'],
    ] as const) {
      const answer = await server.request(method, path, { body: method === 'POST' ? { receiverId: randomUUID(), content: 'x' } : undefined });
      expect(answer.status).toBe(401);
    }
  });
});

describe('live delivery', () => {
  it('DIRECT_MESSAGE reaches both of the receiver’s sockets and the sender’s, and nobody else', async () => {
    const [ann, bob, eve] = await people(server, 3, 'dl');
    const bobPhone = await connect(server, bob!);
    const bobLaptop = await connect(server, bob!);
    const annSocket = await connect(server, ann!);
    const eveSocket = await connect(server, eve!);
    const answer = await send(ann!, { id: randomUUID(), receiverId: bob!.user.id, content: 'live!' });
    const event = { type: 'DIRECT_MESSAGE', payload: answer.body };
    for (const socket of [bobPhone, bobLaptop, annSocket]) expect(await nextEvent(socket, ofType('DIRECT_MESSAGE'))).toEqual(event);
    await Promise.all([bobPhone, bobLaptop, annSocket, eveSocket].map(settle));
    expect(received(eveSocket)).toEqual([]);
    expect(received(bobPhone)).toEqual([event]);
    closeAll(bobPhone, bobLaptop, annSocket, eveSocket);
  });
});
