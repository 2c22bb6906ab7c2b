/**
 * Who may see a friendship or a pending friend request: its two people. The one rule for the
 * REST reads (server/sync/reads.ts `listFriendships`, `listFriendRequests`), the pull (the
 * `friendship` loader of server/sync/changes.ts) and the live fan-out (`audienceOfFriendship`).
 */
import { eq, or, type SQL } from 'drizzle-orm';
import { friendships } from '../db/schema';

/** SQL over `friendships` (accepted and pending): the rows `userId` may see. */
export function friendshipsVisibleTo(userId: string): SQL {
  return or(eq(friendships.requesterId, userId), eq(friendships.addresseeId, userId))!;
}

/** The users who hear of a change to this friendship or request: requester, then addressee. */
export function audienceOfFriendship(row: { requesterId: string; addresseeId: string }): string[] {
  return [row.requesterId, row.addresseeId];
}
