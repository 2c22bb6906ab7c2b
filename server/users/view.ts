/** Database rows → what the API answers. The password hash never leaves this module's input. */
import { DELETED_USER_NAME } from '../../src/contract/account-data';
import type { PublicUser, User } from '../../src/contract/users';
import type { users } from '../db/schema';

export type UserRow = typeof users.$inferSelect;

/** The columns a User answer is made of (GET /api/users/me reads only these). */
export type UserFields = Pick<UserRow, 'id' | 'username' | 'displayName' | 'email' | 'avatarUrl' | 'defaultDeckId' | 'rev'>;

export function toUser(row: UserFields): User {
  return {
    id: row.id,
    username: row.username,
    displayName: row.displayName,
    email: row.email,
    avatarUrl: row.avatarUrl,
    defaultDeckId: row.defaultDeckId,
    rev: row.rev,
  };
}

/**
 * What anyone signed in may see of another user: never the e-mail. A deleted account (a tombstone,
 * `deletedAt` set) is shown as "Deleted user" when the row read carries `deletedAt`; its stored
 * display name is that text too, for readers that do not select the column. Only a tombstone carries
 * `deleted: true`; a live account's answer has no such key.
 */
export function toPublicUser(row: Pick<UserRow, 'id' | 'username' | 'displayName' | 'avatarUrl'> & { deletedAt?: Date | null }): PublicUser {
  if (row.deletedAt) return { id: row.id, username: DELETED_USER_NAME, displayName: DELETED_USER_NAME, avatarUrl: null, deleted: true };
  return { id: row.id, username: row.username, displayName: row.displayName, avatarUrl: row.avatarUrl };
}

export function avatarPath(userId: string, version: string): string {
  return `/api/users/${userId}/avatar?v=${version}`;
}
