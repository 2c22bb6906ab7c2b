/** Database rows → what the API answers. The password hash never leaves this module's input. */
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

/** What anyone signed in may see of another user: never the e-mail. */
export function toPublicUser(row: Pick<UserRow, 'id' | 'username' | 'displayName' | 'avatarUrl'>): PublicUser {
  return { id: row.id, username: row.username, displayName: row.displayName, avatarUrl: row.avatarUrl };
}

export function avatarPath(userId: string, version: string): string {
  return `/api/users/${userId}/avatar?v=${version}`;
}
