/** Blocking on the mirror: shown at once, offline included. */
import { describe, expect, it } from 'vitest';
import type { Friendship } from '../../../src/contract/social';
import { applyServerData } from '../../../src/sync/engine/apply-server';
import { mutate } from '../../../src/sync/engine/mutate';
import { freshDb } from './helpers';

const bo = { id: 'u-bo', username: 'bo', displayName: 'Bo', avatarUrl: null };
const me = { id: 'u1', username: 'user-u1', displayName: null, avatarUrl: null };
const friendship: Friendship = { friendshipId: 'f1', status: 'ACCEPTED', friend: bo, requester: me, createdAt: '2026-01-01T00:00:00.000Z' };

describe('blocking in the mirror', () => {
  it('a blocked friend leaves the friends list and appears in Blocked users at once, before the server answers', async () => {
    const db = await freshDb();
    await applyServerData(db, { puts: { friendships: [friendship] } });
    expect(await db.friendships.count()).toBe(1);
    await mutate(db, 'user.block', { userId: bo.id, friendshipId: 'f1' });
    expect(await db.friendships.count()).toBe(0);
    expect(await db.blockedUsers.get(bo.id)).toMatchObject({ userId: bo.id });
    expect((await db.outbox.toArray()).map((entry) => [entry.name, entry.status])).toEqual([['user.block', 'queued']]);
  });

  it('unblocking takes the person off Blocked users at once', async () => {
    const db = await freshDb();
    await mutate(db, 'user.block', { userId: bo.id });
    await mutate(db, 'user.unblock', { userId: bo.id });
    expect(await db.blockedUsers.count()).toBe(0);
  });
});
