/** Database rows → the payloads of src/contract/social.ts. */
import { inArray } from 'drizzle-orm';
import type { DirectMessage, FriendRequest, Friendship, Pod, PodInvitation, PodMessage } from '../../src/contract/social';
import type { PublicUser } from '../../src/contract/users';
import type { directMessages, friendships, podInvitations, podMessages, pods } from '../db/schema';
import { users } from '../db/schema';
import type { DbOrTx } from '../db/types';
import { toPublicUser } from '../users/view';

export type FriendshipRow = typeof friendships.$inferSelect;
export type DirectMessageRow = typeof directMessages.$inferSelect;
export type PodRow = typeof pods.$inferSelect;
export type PodMessageRow = typeof podMessages.$inferSelect;
export type PodInvitationRow = typeof podInvitations.$inferSelect;
/** A message row whose stamps may be left out (a message just inserted has none). */
type MessageRowOf<R extends { editedAt: Date | null; deletedAt: Date | null }> = Omit<R, 'editedAt' | 'deletedAt'> & Partial<Pick<R, 'editedAt' | 'deletedAt'>>;

export type UserMap = Map<string, PublicUser>;

/** A message row's edit and deletion stamps, as the wire carries them: present only once set (older clients and tests see unchanged rows). */
export function messageStamps(row: { editedAt?: Date | null; deletedAt?: Date | null }): { editedAt?: string; deletedAt?: string } {
  return {
    ...(row.editedAt ? { editedAt: row.editedAt.toISOString() } : {}),
    ...(row.deletedAt ? { deletedAt: row.deletedAt.toISOString() } : {}),
  };
}

/** Public fields of these users, by id (one query). */
export async function publicUsers(db: DbOrTx, ids: Iterable<string>): Promise<UserMap> {
  const unique = [...new Set(ids)];
  const map: UserMap = new Map();
  if (unique.length === 0) return map;
  const rows = await db
    .select({ id: users.id, username: users.username, displayName: users.displayName, avatarUrl: users.avatarUrl, deletedAt: users.deletedAt })
    .from(users)
    .where(inArray(users.id, unique));
  for (const row of rows) map.set(row.id, toPublicUser(row));
  return map;
}

/** Users are never deleted while rows point at them (foreign keys cascade); a miss is a bug. */
function user(map: UserMap, id: string): PublicUser {
  const found = map.get(id);
  if (!found) throw new Error(`user ${id} missing from the lookup`);
  return found;
}

export function toFriendRequest(row: FriendshipRow, people: UserMap): FriendRequest {
  return {
    friendshipId: row.id,
    status: 'PENDING',
    requester: user(people, row.requesterId),
    addressee: user(people, row.addresseeId),
    createdAt: row.createdAt.toISOString(),
  };
}

/** An accepted friendship as `viewerId` sees it: `friend` is the other person. */
export function toFriendship(row: FriendshipRow, viewerId: string, people: UserMap): Friendship {
  return {
    friendshipId: row.id,
    status: 'ACCEPTED',
    friend: user(people, row.requesterId === viewerId ? row.addresseeId : row.requesterId),
    requester: user(people, row.requesterId),
    createdAt: row.createdAt.toISOString(),
  };
}

/** A message row; the send's lone statement builds one without the stamps (a new message has none). */
export function toDirectMessage(row: MessageRowOf<DirectMessageRow>, people: UserMap): DirectMessage {
  return {
    id: row.id,
    clientId: row.clientId,
    senderId: row.senderId,
    receiverId: row.receiverId,
    content: row.content,
    createdAt: row.createdAt.toISOString(),
    sender: user(people, row.senderId),
    ...messageStamps(row),
  };
}

export function toPod(row: PodRow, members: PublicUser[]): Pod {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    ownerId: row.ownerId,
    createdById: row.createdById,
    members,
    createdAt: row.createdAt.toISOString(),
    rev: row.rev,
  };
}

export function toPodMessage(row: MessageRowOf<PodMessageRow>, people: UserMap): PodMessage {
  const sender = user(people, row.senderId);
  return {
    id: row.id,
    clientId: row.clientId,
    podId: row.podId,
    content: row.content,
    createdAt: row.createdAt.toISOString(),
    sender: { id: sender.id, displayName: sender.displayName, username: sender.username },
    ...messageStamps(row),
  };
}

export function toPodInvitation(row: PodInvitationRow, pod: { id: string; name: string }, people: UserMap): PodInvitation {
  return {
    invitationId: row.id,
    invitedBy: user(people, row.invitedById),
    invitee: user(people, row.inviteeId),
    pod: { id: pod.id, name: pod.name },
    createdAt: row.createdAt.toISOString(),
  };
}
