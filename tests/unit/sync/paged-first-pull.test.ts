/**
 * A new device's first pull comes in two parts: the head (what the dashboard and the chat list
 * show) is in the mirror, and its lists are no longer "loading", before the rest (friends,
 * histories, the games list) is asked; the rest stays owed across a failure and a restart.
 */
import { describe, expect, it } from 'vitest';
import type { PullResponse } from '../../../src/contract/sync';
import { applyServerData } from '../../../src/sync/engine/apply-server';
import { readCursor, readRestOwed } from '../../../src/sync/engine/cursor';
import { createPuller, pullKey, readPullState } from '../../../src/sync/engine/pull';
import type { PodTableDB } from '../../../src/db/schema';
import { listState } from '../../../src/ui/list-state';
import { fail, freshDb, scriptedApi } from './helpers';

const me = { id: 'u1', username: 'user-u1', displayName: null, avatarUrl: null };
const bob = { id: crypto.randomUUID(), username: 'bob', displayName: null, avatarUrl: null };
const podId = crypto.randomUUID();
const pod = { id: podId, name: 'Friday', ownerId: 'u1', createdById: 'u1', members: [me, bob], createdAt: '2026-01-01T00:00:00.000Z', rev: 1 };
const podMessage = (n: number) => ({ id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`, clientId: null, podId, content: `pod ${n}`, createdAt: `2026-01-01T10:00:0${n}.000Z`, sender: bob });
const friendship = { friendshipId: crypto.randomUUID(), status: 'ACCEPTED' as const, friend: bob, requester: me, createdAt: '2026-01-01T00:00:00.000Z' };
const dm = { id: crypto.randomUUID(), clientId: null, senderId: bob.id, receiverId: 'u1', content: 'hello', createdAt: '2026-01-01T09:00:00.000Z', sender: bob };

const head: PullResponse = { cursor: 7, reset: true, more: true, rest: true, applied: [], puts: { pods: [pod], podMessages: [podMessage(3), podMessage(4)], friendships: [], directMessages: [] }, dels: {} };
const rest = (cursor: number, more = false): PullResponse => ({
  cursor,
  reset: false,
  more,
  applied: [],
  puts: { podMessages: [1, 2, 3, 4].map(podMessage), friendships: [friendship], directMessages: [dm] },
  dels: {},
});

async function shown(db: PodTableDB) {
  return {
    podMessages: (await db.podMessages.orderBy('createdAt').toArray()).map((row) => row.content),
    pods: listState(await db.pods.toArray(), await readPullState(db, pullKey('pods'))),
    friends: listState(await db.friendships.toArray(), await readPullState(db, pullKey('friends'))),
    games: listState(await db.games.toArray(), await readPullState(db, pullKey('games'))),
  };
}

describe('the first pull of a new device', () => {
  it('shows the head, then asks for the rest from its cursor; the friends and games lists load with the rest', async () => {
    const db = await freshDb();
    let beforeRest: Awaited<ReturnType<typeof shown>> | undefined;
    const api = scriptedApi(async (call) => {
      if (call.path === '/api/sync/pull?snapshot=paged') return head;
      beforeRest = await shown(db);
      return rest(7);
    });
    await createPuller(db, api).sync();

    expect(api.calls.map((call) => call.path)).toEqual(['/api/sync/pull?snapshot=paged', '/api/sync/pull?cursor=7&snapshot=rest']);
    expect(beforeRest).toEqual({ podMessages: ['pod 3', 'pod 4'], pods: 'ready', friends: 'loading', games: 'loading' });
    expect(await shown(db)).toEqual({ podMessages: ['pod 1', 'pod 2', 'pod 3', 'pod 4'], pods: 'ready', friends: 'ready', games: 'empty' });
    expect(await db.directMessages.count()).toBe(1);
    expect(await readCursor(db)).toBe(7);
    expect(await readRestOwed(db)).toBe(false);
  });

  it('a device whose cursor the server lost gets a head again: its friends list says loading, not empty, until the rest', async () => {
    const db = await freshDb();
    await createPuller(db, scriptedApi((call) => (call.path === '/api/sync/pull?snapshot=paged' ? head : rest(7)))).sync();
    expect((await shown(db)).friends).toBe('ready');
    let beforeRest: Awaited<ReturnType<typeof shown>> | undefined;
    const api = scriptedApi(async (call) => {
      if (call.path === '/api/sync/pull?cursor=7&snapshot=paged') return { ...head, cursor: 12 };
      beforeRest = await shown(db);
      return rest(12);
    });
    await createPuller(db, api).sync();
    expect(beforeRest?.friends).toBe('loading');
    expect((await shown(db)).friends).toBe('ready');
  });

  it('a rest that fails stays owed: the next start asks for it first, from the cursor the mirror has', async () => {
    const db = await freshDb();
    const failing = scriptedApi((call) => (call.path === '/api/sync/pull?snapshot=paged' ? head : fail(503)));
    await expect(createPuller(db, failing).sync()).rejects.toThrow();
    expect(await readRestOwed(db)).toBe(true);
    expect((await shown(db)).friends).toBe('error');

    const api = scriptedApi(() => rest(7));
    await createPuller(db, api).sync();
    expect(api.calls.map((call) => call.path)).toEqual(['/api/sync/pull?cursor=7&snapshot=rest']);
    expect((await shown(db)).friends).toBe('ready');
  });

  it('a rest read while a live event moved the cursor is left out and asked again from the new cursor', async () => {
    const db = await freshDb();
    const api = scriptedApi(async (call) => {
      if (call.path === '/api/sync/pull?snapshot=paged') return head;
      if (call.path === '/api/sync/pull?cursor=7&snapshot=rest') {
        // A live message lands while the rest is on its way.
        await applyServerData(db, { puts: { podMessages: [podMessage(5)] }, cursor: { from: 7, to: 8 } });
        return rest(7, true);
      }
      return rest(8);
    });
    await createPuller(db, api).sync();
    expect(api.calls.map((call) => call.path)).toEqual(['/api/sync/pull?snapshot=paged', '/api/sync/pull?cursor=7&snapshot=rest', '/api/sync/pull?cursor=8&snapshot=rest']);
    expect((await shown(db)).podMessages).toEqual(['pod 1', 'pod 2', 'pod 3', 'pod 4', 'pod 5']);
    expect(await readRestOwed(db)).toBe(false);
  });

  it('a rest read after a live event moved the cursor lands where the cursor is, without being asked again', async () => {
    const db = await freshDb();
    const api = scriptedApi(async (call) => {
      if (call.path === '/api/sync/pull?snapshot=paged') return head;
      if (call.path === '/api/sync/pull?cursor=7&snapshot=rest') {
        // The user's own read marker (or anyone's message) moves the cursor before the server reads the rest.
        await applyServerData(db, { puts: { podMessages: [podMessage(5)] }, cursor: { from: 7, to: 8 } });
        return { ...rest(7, true), readAt: 8 };
      }
      return { cursor: 8, reset: false, more: false, applied: [], puts: {}, dels: {} };
    });
    await createPuller(db, api).sync();
    expect(api.calls.map((call) => call.path)).toEqual(['/api/sync/pull?snapshot=paged', '/api/sync/pull?cursor=7&snapshot=rest', '/api/sync/pull?cursor=8&snapshot=paged']);
    expect(await shown(db)).toEqual({ podMessages: ['pod 1', 'pod 2', 'pod 3', 'pod 4', 'pod 5'], pods: 'ready', friends: 'ready', games: 'empty' });
    expect(await readCursor(db)).toBe(8);
    expect(await readRestOwed(db)).toBe(false);
  });

  it('a rest read before the event that moved the cursor (readAt behind it) is asked again', async () => {
    const db = await freshDb();
    const api = scriptedApi(async (call) => {
      if (call.path === '/api/sync/pull?snapshot=paged') return head;
      if (call.path === '/api/sync/pull?cursor=7&snapshot=rest') {
        await applyServerData(db, { puts: { podMessages: [podMessage(5)] }, cursor: { from: 7, to: 8 } });
        return { ...rest(7), readAt: 7 };
      }
      return { ...rest(8), readAt: 8 };
    });
    await createPuller(db, api).sync();
    expect(api.calls.map((call) => call.path)).toEqual(['/api/sync/pull?snapshot=paged', '/api/sync/pull?cursor=7&snapshot=rest', '/api/sync/pull?cursor=8&snapshot=rest']);
    expect(await readCursor(db)).toBe(8);
    expect(await readRestOwed(db)).toBe(false);
  });

  it('a snapshot in one answer (a push answer after a reset) owes no rest', async () => {
    const db = await freshDb();
    await applyServerData(db, { ...head, restOwed: true, cursor: { from: null, to: 7 } });
    expect(await readRestOwed(db)).toBe(true);
    await applyServerData(db, { ...rest(9), reset: true, cursor: { from: 7, to: 9 } });
    expect(await readRestOwed(db)).toBe(false);
  });
});
