/**
 * GET /api/users/me from memory (server/users/me-cache.ts): a process answers from its copy, and
 * an edit made on any process reaches every copy through the bus's USER_UPDATED event. Two
 * servers on one database and one bus stand for two processes.
 */
import { describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import type { User } from '../../src/contract/users';
import { users } from '../../server/db/schema';
import type { LiveBusMessage } from '../../server/live/transport';
import { createMeCache, listenForUserRecords } from '../../server/users/me-cache';
import { useTwoProcesses, type TestServer } from './helpers';

const two = useTwoProcesses();

const me = async (on: TestServer, token: string) => {
  const answer = await on.request<User>('GET', '/api/users/me', { token });
  expect(answer.status).toBe(200);
  return answer.body;
};

describe('GET /api/users/me from memory', () => {
  it('answers from its copy: a change made behind the bus (straight in the database) is not seen by a process that holds one', async () => {
    const { token, user } = await two.a.newUser('mc');
    expect((await me(two.b, token)).displayName).toBeNull();
    await two.database.db.update(users).set({ displayName: 'Behind the bus' }).where(eq(users.id, user.id));
    // The documented limit: only changes that go through the change log reach the copies.
    expect((await me(two.b, token)).displayName).toBeNull();
    two.b.app.deps.meCache.clear();
    expect((await me(two.b, token)).displayName).toBe('Behind the bus');
  });

  it('a profile edit on one process is answered by the other at once, though it held the old record', async () => {
    const { token } = await two.a.newUser('pe');
    const before = await me(two.b, token);
    expect(two.b.app.deps.meCache.get(before.id)).toEqual(before);
    const edit = await two.a.request<User>('PUT', '/api/users/me', { token, body: { displayName: 'Ana the Bold' } });
    expect(edit.status).toBe(200);
    expect(await me(two.b, token)).toEqual(edit.body);
    expect(await me(two.a, token)).toEqual(edit.body);
    expect(edit.body.rev).toBe((before.rev ?? 0) + 1);
  });

  it('a deck deleted on one process clears the default deck in the other process\'s copy', async () => {
    const { token } = await two.a.newUser('dd');
    const deck = await two.a.request<{ id: string }>('POST', '/api/decks', { token, body: { name: 'Atraxa' } });
    expect(deck.status).toBe(201);
    expect((await two.a.request('PUT', '/api/users/me', { token, body: { defaultDeckId: deck.body.id } })).status).toBe(200);
    expect((await me(two.b, token)).defaultDeckId).toBe(deck.body.id);
    expect((await two.a.request('DELETE', `/api/decks/${deck.body.id}`, { token })).status).toBe(204);
    expect((await me(two.b, token)).defaultDeckId).toBeNull();
  });
});

describe('the cache itself', () => {
  const user = (rev: number, displayName: string): User => ({ id: 'u1', username: 'ana', displayName, email: 'ana@example.com', avatarUrl: null, defaultDeckId: null, rev });

  it('never takes a record back to an older rev (a read that started before an edit and ended after its event)', () => {
    const cache = createMeCache();
    expect(cache.remember(user(3, 'new'))).toEqual(user(3, 'new'));
    expect(cache.remember(user(2, 'old'))).toEqual(user(3, 'new'));
    expect(cache.get('u1')).toEqual(user(3, 'new'));
    cache.remember(user(4, 'newer'));
    expect(cache.get('u1')?.displayName).toBe('newer');
  });

  it('forgets a copy after its time to live', () => {
    vi.useFakeTimers();
    try {
      const cache = createMeCache({ ttlMs: 1000 });
      cache.remember(user(1, 'x'));
      vi.advanceTimersByTime(999);
      expect(cache.get('u1')).toBeDefined();
      vi.advanceTimersByTime(2);
      expect(cache.get('u1')).toBeUndefined();
      expect(cache.size).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps at most maxEntries users, the oldest going first', () => {
    const cache = createMeCache({ maxEntries: 2 });
    for (const id of ['u1', 'u2', 'u3']) cache.remember({ ...user(1, id), id });
    expect(cache.size).toBe(2);
    expect(cache.get('u1')).toBeUndefined();
    expect(cache.get('u3')?.displayName).toBe('u3');
  });

  it('learns records from USER_UPDATED bus events only, and forgets everything on a bus gap', () => {
    const handlers: Array<(message: LiveBusMessage) => void> = [];
    const gaps: Array<(reason: string) => void> = [];
    const cache = createMeCache();
    listenForUserRecords({ onMessage: (h) => handlers.push(h), onGap: (h) => gaps.push(h) }, cache);
    const send = (message: LiveBusMessage) => handlers.forEach((h) => h(message));
    send({ kind: 'event', userIds: ['u1'], data: JSON.stringify({ type: 'DM_RECEIVED', payload: { content: 'say "USER_UPDATED"' } }) });
    expect(cache.size).toBe(0);
    send({ kind: 'event', userIds: ['u1'], positions: [7], data: JSON.stringify({ type: 'USER_UPDATED', payload: user(5, 'from the bus') }) });
    expect(cache.get('u1')?.displayName).toBe('from the bus');
    send({ kind: 'disconnect', userIds: ['u1'], code: 4001, reason: 'x' });
    expect(cache.size).toBe(1);
    gaps.forEach((h) => h('subscription lost'));
    expect(cache.size).toBe(0);
  });
});
