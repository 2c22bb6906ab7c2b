/**
 * A full snapshot of what a user sees, for a first pull or after a reset: their record, friends
 * and requests, conversations with their latest messages, pods with their latest messages,
 * invitations, decks, games and game invitations, and their read markers. Bounded like the REST
 * lists, so a snapshot stays a few hundred kB; older messages are read page by page through the
 * REST routes when a chat scrolls back.
 */
import { eq } from 'drizzle-orm';
import type { SyncDels, SyncPuts } from '../../src/contract/sync';
import { users } from '../db/schema';
import type { DbOrTx } from '../db/types';
import { listGameInvites } from '../games/invites';
import { listBlocks } from '../social/blocks';
import { listReadMarkers } from '../social/read-markers';
import { toUser } from '../users/view';
import {
  listConversations,
  listDecks,
  listFriendRequests,
  listFriendships,
  listGames,
  listInvitations,
  listPods,
  recentDirectMessages,
  recentPodMessages,
} from './reads';

/** Latest messages per pod and per conversation in a snapshot: enough to read recent chats offline. */
export const SNAPSHOT_MESSAGES_PER_CHAT = 50;
/** Conversations whose messages come with a snapshot (the list itself is complete). */
export const SNAPSHOT_CONVERSATIONS_WITH_MESSAGES = 30;

/** Every synced table's rows (a table of src/contract/entities.ts missing here does not compile). */
export async function buildSnapshot(db: DbOrTx, me: string): Promise<{ puts: Required<SyncPuts>; dels: SyncDels }> {
  const [row] = await db.select().from(users).where(eq(users.id, me));
  const conversations = await listConversations(db, me);
  const pods = await listPods(db, me);
  const peers = conversations.slice(0, SNAPSHOT_CONVERSATIONS_WITH_MESSAGES).map((conversation) => conversation.participant.id);
  return {
    puts: {
      users: row ? [toUser(row)] : [],
      friendships: await listFriendships(db, me),
      friendRequests: await listFriendRequests(db, me),
      conversations,
      directMessages: await recentDirectMessages(db, me, peers, SNAPSHOT_MESSAGES_PER_CHAT),
      pods,
      podMessages: await recentPodMessages(db, me, pods.map((pod) => pod.id), SNAPSHOT_MESSAGES_PER_CHAT),
      podInvitations: await listInvitations(db, me),
      decks: await listDecks(db, me),
      games: await listGames(db, me),
      gameInvites: await listGameInvites(db, me),
      blockedUsers: await listBlocks(db, me),
      readMarkers: await listReadMarkers(db, me),
    },
    dels: {},
  };
}
