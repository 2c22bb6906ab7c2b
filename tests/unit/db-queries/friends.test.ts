import { describe, expect, it } from 'vitest';
import { friendRequests, friendsList, relationshipWith, requestOutcomeTo } from '../../../src/db/queries';
import type { PublicUser } from '../../../src/contract/users';
import type { FriendRequestRow } from '../../../src/db/schema';
import { ana, bo, cy, freshDb } from './helpers';

const dee: PublicUser = { id: 'u4', username: 'dee', displayName: 'Dee', avatarUrl: null };

function request(friendshipId: string, requester: PublicUser, addressee: PublicUser, createdAt = '2026-01-01T00:00:00.000Z'): FriendRequestRow {
  return { friendshipId, status: 'PENDING', requester, addressee, createdAt, direction: requester.id === ana.id ? 'outgoing' : 'incoming' };
}

describe('friend queries', () => {
  it('sorts friends by display name else username', async () => {
    const db = await freshDb();
    await db.friendships.bulkPut([
      { friendshipId: 'f1', status: 'ACCEPTED', friend: dee, requester: ana, createdAt: '2026-01-01T00:00:00.000Z' },
      { friendshipId: 'f2', status: 'ACCEPTED', friend: bo, requester: ana, createdAt: '2026-01-01T00:00:00.000Z' },
      { friendshipId: 'f3', status: 'ACCEPTED', friend: cy, requester: ana, createdAt: '2026-01-01T00:00:00.000Z' },
    ]);
    expect((await friendsList(db)).map((row) => row.friend.username)).toEqual(['bo', 'cy', 'dee']);
  });

  it('splits requests by direction, newest first', async () => {
    const db = await freshDb();
    await db.friendRequests.bulkPut([
      request('in-old', bo, ana, '2026-01-01T00:00:00.000Z'),
      request('in-new', cy, ana, '2026-02-01T00:00:00.000Z'),
      request('out', ana, dee),
    ]);
    expect((await friendRequests(db, 'incoming')).map((row) => row.friendshipId)).toEqual(['in-new', 'in-old']);
    expect((await friendRequests(db, 'outgoing')).map((row) => row.friendshipId)).toEqual(['out']);
  });

  it('tells self, friend, pending either way, and none apart', async () => {
    const db = await freshDb();
    await db.friendships.put({ friendshipId: 'f', status: 'ACCEPTED', friend: bo, requester: ana, createdAt: '2026-01-01T00:00:00.000Z' });
    await db.friendRequests.bulkPut([request('in', cy, ana), request('out', ana, dee)]);
    expect(await relationshipWith(db, ana.id, ana.id)).toBe('self');
    expect(await relationshipWith(db, ana.id, bo.id)).toBe('friend');
    expect(await relationshipWith(db, ana.id, cy.id)).toBe('pending');
    expect(await relationshipWith(db, ana.id, dee.id)).toBe('pending');
    expect(await relationshipWith(db, ana.id, 'u9')).toBe('none');
  });

  it('follows a sent request to its outcome', async () => {
    const db = await freshDb();
    await db.friendRequests.put({ ...request('out', ana, dee), syncState: 'queued' });
    expect(await requestOutcomeTo(db, ana.id, dee.id)).toMatchObject({ friends: false, requests: [{ syncState: 'queued' }] });
    expect((await requestOutcomeTo(db, ana.id, bo.id)).requests).toEqual([]);
  });
});
