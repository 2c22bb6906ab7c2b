/**
 * Server payloads → mirror rows (the shape each table stores), and which tables carry pending
 * marks. Every payload is validated against the contract before it gets here.
 */
import { rowId, type SyncedTable } from '../../contract/entities';
import type { SyncDels, SyncPuts } from '../../contract/sync';
import type { PublicUser } from '../../contract/users';

// The synced tables, their keys and which carry pending marks are the entity registry's.
export { isSyncedTable, MARKED_TABLES, rowId, SYNCED_TABLES, type SyncedTable } from '../../contract/entities';

type Row = Record<string, unknown>;

/** A server row as its table stores it: the fields only this user's side has (peer, direction). */
export function toMirrorRow(table: SyncedTable, row: Row, meId: string): Row {
  switch (table) {
    case 'directMessages':
      return { ...row, peerId: row.senderId === meId ? row.receiverId : row.senderId };
    case 'friendRequests':
      return { ...row, direction: (row.requester as PublicUser).id === meId ? 'outgoing' : 'incoming' };
    case 'conversations':
      return { ...row, participantId: (row.participant as PublicUser).id };
    default:
      return row;
  }
}

/** Public users carried inside server rows, so names and avatars are in the users table too. */
export function embeddedUsers(puts: SyncPuts): PublicUser[] {
  const found: PublicUser[] = [];
  for (const pod of puts.pods ?? []) found.push(...pod.members);
  for (const friendship of puts.friendships ?? []) found.push(friendship.friend, friendship.requester);
  for (const request of puts.friendRequests ?? []) found.push(request.requester, request.addressee);
  for (const conversation of puts.conversations ?? []) found.push(conversation.participant);
  for (const message of puts.directMessages ?? []) found.push(message.sender);
  for (const invitation of puts.podInvitations ?? []) found.push(invitation.invitedBy, invitation.invitee);
  for (const invite of puts.gameInvites ?? []) found.push(invite.invitedBy);
  for (const block of puts.blockedUsers ?? []) found.push(block.user);
  return found;
}

/** Keyed rows of a pull's puts and dels: "table:id" → row, or null for a deletion. */
export function incomingRows(puts: SyncPuts, dels: SyncDels, meId: string): Map<string, Row | null> {
  const rows = new Map<string, Row | null>();
  for (const [table, ids] of Object.entries(dels) as Array<[SyncedTable, string[]]>) {
    for (const id of ids ?? []) rows.set(`${table}:${id}`, null);
  }
  for (const [table, list] of Object.entries(puts) as Array<[SyncedTable, Row[]]>) {
    for (const row of list ?? []) rows.set(`${table}:${rowId(table, row)}`, toMirrorRow(table, row, meId));
  }
  return rows;
}
