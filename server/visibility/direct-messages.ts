/**
 * Who may see a direct message: its sender and its receiver, nobody else. The one rule for the
 * REST reads (server/sync/reads.ts `listConversations`, `recentDirectMessages`), the pull (the
 * `dm` loader of server/sync/changes.ts) and the live fan-out (`audienceOfDirectMessage`).
 * A conversation is derived from these messages, so it has the same audience: its two people,
 * each reading their own row of `direct_conversations`.
 */
import { eq, or, type SQL } from 'drizzle-orm';
import { directConversations, directMessages } from '../db/schema';

/** SQL over `direct_messages`: the rows `userId` may see. */
export function directMessagesVisibleTo(userId: string): SQL {
  return or(eq(directMessages.senderId, userId), eq(directMessages.receiverId, userId))!;
}

/** SQL over `direct_conversations`: the rows of `userId`'s own conversations. */
export function conversationsVisibleTo(userId: string): SQL {
  return eq(directConversations.userId, userId);
}

/** The users who hear of this message: sender first, then receiver. */
export function audienceOfDirectMessage(message: { senderId: string; receiverId: string }): string[] {
  return [message.senderId, message.receiverId];
}
