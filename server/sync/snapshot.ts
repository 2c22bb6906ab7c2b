/**
 * A full snapshot of what a user sees, for a first pull or after a reset: their record, friends
 * and requests, conversations with their latest messages, pods with their latest messages,
 * invitations, decks, games and game invitations, and their read markers. Bounded like the REST
 * lists, so a snapshot stays a few hundred kB; older messages are read page by page through the
 * REST routes when a chat scrolls back.
 *
 * A paged snapshot (`snapshot=paged`, src/contract/sync.ts) sends it in two parts, so a new
 * device shows its dashboard and chat list before the histories arrive:
 * - the head: every small list whole (pods, requests, invitations, decks, game invitations,
 *   blocks, read markers), the newest conversations, the latest messages of each pod the
 *   dashboard shows, and the games still being played (the way back to the table);
 * - the rest: every conversation, the friends, the histories (messages per chat) and the games
 *   list. It is read later than the head, so each row is as new as or newer than the head's
 *   cursor; the client applies it as a pull at that cursor (or drops it and asks again when its
 *   cursor moved meanwhile).
 */
import { eq } from 'drizzle-orm';
import type { SyncDels, SyncPuts } from '../../src/contract/sync';
import type { Conversation } from '../../src/contract/social';
import { users } from '../db/schema';
import type { DbOrTx } from '../db/types';
import { listGameInvites } from '../games/invites';
import { listBlocks } from '../social/blocks';
import { listReadMarkers } from '../social/read-markers';
import { toUser } from '../users/view';
import {
  listActiveGames,
  listConversations,
  listDecks,
  listFriendRequests,
  listFriendships,
  listGames,
  listInvitations,
  listPods,
  recentDirectMessages,
  recentPodMessages,
  visiblePodIds,
} from './reads';

/** Latest messages per pod and per conversation in a snapshot: enough to read recent chats offline. */
export const SNAPSHOT_MESSAGES_PER_CHAT = 50;
/** Conversations whose messages come with a snapshot (the list itself is complete); the head's conversations. */
export const SNAPSHOT_CONVERSATIONS_WITH_MESSAGES = 30;
/** Latest messages per pod in a snapshot's head: what the dashboard shows of a pod. */
export const HEAD_MESSAGES_PER_POD = 3;

type Puts<T extends keyof SyncPuts> = Required<Pick<SyncPuts, T>>;

/** The lists both a full snapshot and a head carry whole. */
async function smallLists(db: DbOrTx, me: string) {
  const [row] = await db.select().from(users).where(eq(users.id, me));
  return {
    users: row ? [toUser(row)] : [],
    friendRequests: await listFriendRequests(db, me),
    pods: await listPods(db, me),
    podInvitations: await listInvitations(db, me),
    decks: await listDecks(db, me),
    gameInvites: await listGameInvites(db, me),
    blockedUsers: await listBlocks(db, me),
    readMarkers: await listReadMarkers(db, me),
  } satisfies Puts<'users' | 'friendRequests' | 'pods' | 'podInvitations' | 'decks' | 'gameInvites' | 'blockedUsers' | 'readMarkers'>;
}

/** What a head leaves to the rest (given the conversations and pod ids, read once). */
async function histories(db: DbOrTx, me: string, conversations: Conversation[], podIds: string[]) {
  const peers = conversations.slice(0, SNAPSHOT_CONVERSATIONS_WITH_MESSAGES).map((conversation) => conversation.participant.id);
  return {
    conversations,
    friendships: await listFriendships(db, me),
    directMessages: await recentDirectMessages(db, me, peers, SNAPSHOT_MESSAGES_PER_CHAT),
    podMessages: await recentPodMessages(db, me, podIds, SNAPSHOT_MESSAGES_PER_CHAT),
    games: await listGames(db, me),
  } satisfies Puts<'conversations' | 'friendships' | 'directMessages' | 'podMessages' | 'games'>;
}

/** Every synced table's rows (a table of src/contract/entities.ts missing here does not compile). */
export async function buildSnapshot(db: DbOrTx, me: string): Promise<{ puts: Required<SyncPuts>; dels: SyncDels }> {
  const lists = await smallLists(db, me);
  const rest = await histories(db, me, await listConversations(db, me), lists.pods.map((pod) => pod.id));
  return { puts: { ...lists, ...rest }, dels: {} };
}

/** A paged snapshot's head: also every synced table, the histories cut to what the first screens show. */
export async function buildSnapshotHead(db: DbOrTx, me: string): Promise<{ puts: Required<SyncPuts>; dels: SyncDels }> {
  const lists = await smallLists(db, me);
  const conversations = await listConversations(db, me, { limit: SNAPSHOT_CONVERSATIONS_WITH_MESSAGES });
  return {
    puts: {
      ...lists,
      conversations,
      friendships: [],
      directMessages: [],
      podMessages: await recentPodMessages(db, me, lists.pods.map((pod) => pod.id), HEAD_MESSAGES_PER_POD),
      games: await listActiveGames(db, me),
    },
    dels: {},
  };
}

/** A paged snapshot's rest: the tables the head cut short, whole. */
export async function buildSnapshotRest(db: DbOrTx, me: string): Promise<{ puts: SyncPuts; dels: SyncDels }> {
  return { puts: await histories(db, me, await listConversations(db, me), await visiblePodIds(db, me)), dels: {} };
}
