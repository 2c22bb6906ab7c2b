/**
 * 'Find a friend' rules (the spec's validation rules), pure. The match is made on the full user list by
 * username: an exact (case-sensitive) match wins; failing that, a single case-insensitive
 * match is accepted ("ana" finds "Ana"), but never a guess between several.
 */
import type { PublicUser } from '../../contract/users';
import type { Relationship } from '../../db/queries';

export const ENTER_USERNAME = 'Please enter a username to search.';
export const USER_NOT_FOUND = 'User not found.';
export const ALREADY_FRIENDS = 'You are already friends with this user.';
export const ALREADY_PENDING = 'A friend request from this user is already pending.';
export const NOT_YOURSELF = 'You cannot send a friend request to yourself.';
export const REQUEST_FAILED = 'Failed to send friend request.';
export const REQUEST_SENT = 'Friend request sent successfully!';
export const USERS_UNAVAILABLE = 'Unable to search users right now.';

export function findByUsername(users: readonly PublicUser[], input: string): PublicUser | undefined {
  const wanted = input.trim();
  if (!wanted) return undefined;
  const exact = users.find((user) => user.username === wanted);
  if (exact) return exact;
  const folded = users.filter((user) => user.username.toLowerCase() === wanted.toLowerCase());
  return folded.length === 1 ? folded[0] : undefined;
}

/** Why a request to someone with this relationship cannot be sent, or null when it can. */
export function relationshipError(relationship: Relationship): string | null {
  switch (relationship) {
    case 'self':
      return NOT_YOURSELF;
    case 'friend':
      return ALREADY_FRIENDS;
    case 'pending':
      return ALREADY_PENDING;
    default:
      return null;
  }
}
