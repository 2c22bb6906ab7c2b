/** Friends and friend requests as screens see them. */
import type { FriendRequestRow, FriendshipRow, PodTableDB } from '../schema';
import { compareNames, nameOf } from '../../contract/names';

export async function friendsList(db: PodTableDB): Promise<FriendshipRow[]> {
  const rows = await db.friendships.toArray();
  return rows.sort((a, b) => compareNames(nameOf(a.friend), nameOf(b.friend)) || a.friendshipId.localeCompare(b.friendshipId));
}

/** Pending requests of one direction, newest first. */
export async function friendRequests(db: PodTableDB, direction: FriendRequestRow['direction']): Promise<FriendRequestRow[]> {
  const rows = await db.friendRequests.where('direction').equals(direction).toArray();
  return rows.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

export type Relationship = 'self' | 'friend' | 'pending' | 'none';

/** Where the signed-in user (`myId`) stands with `userId`, as the mirror knows it. */
export async function relationshipWith(db: PodTableDB, myId: string, userId: string): Promise<Relationship> {
  if (myId === userId) return 'self';
  if ((await db.friendships.where('friend.id').equals(userId).count()) > 0) return 'friend';
  const fromThem = await db.friendRequests.where('requester.id').equals(userId).filter((row) => row.addressee.id === myId).count();
  const fromMe = await db.friendRequests.where('addressee.id').equals(userId).filter((row) => row.requester.id === myId).count();
  return fromThem + fromMe > 0 ? 'pending' : 'none';
}

/** What became of a request `myId` sent to `userId`: its rows, and whether they are friends now. */
export async function requestOutcomeTo(db: PodTableDB, myId: string, userId: string): Promise<{ requests: FriendRequestRow[]; friends: boolean }> {
  const requests = await db.friendRequests.where('addressee.id').equals(userId).filter((row) => row.requester.id === myId).toArray();
  const friends = (await db.friendships.where('friend.id').equals(userId).count()) > 0;
  return { requests, friends };
}
