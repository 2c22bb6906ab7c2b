/**
 * The mirror's stores as each released version of src/db/schema.ts declared them, to open a
 * database "as an older app left it" in upgrade tests. A released version never changes: add
 * the next one here when it ships, never edit one.
 */
import Dexie from 'dexie';

const RELEASED: Array<Record<string, string | null>> = [
  { users: 'id, username', meta: 'key', outbox: '++seq, &id, status, [target.table+target.id]' },
  {
    friendships: 'friendshipId, friend.id',
    friendRequests: 'friendshipId, direction, requester.id, addressee.id',
    conversations: 'participantId',
    directMessages: 'id, [peerId+createdAt], createdAt',
    pods: 'id, name',
    podMessages: 'id, [podId+createdAt], createdAt',
    podInvitations: 'invitationId, pod.id',
  },
  { decks: 'id, name', games: 'id, status, updatedAt', cards: '[kind+name], kind, search' },
  { outbox: '++seq, &id, status, [target.table+target.id], *keys', bases: 'key' },
  { gameInvites: 'inviteId, game.id, createdAt', blockedUsers: 'userId, createdAt' },
  { gameInvites: null },
  { gameInvites: 'id, game.id, createdAt' },
  { readMarkers: 'id, kind' },
];

/** Opens database `name` with versions 1 to `version` (≤ 8) as released. */
export async function openReleasedVersion(name: string, version: number): Promise<Dexie> {
  const old = new Dexie(name);
  RELEASED.slice(0, version).forEach((stores, index) => old.version(index + 1).stores(stores));
  await old.open();
  return old;
}
