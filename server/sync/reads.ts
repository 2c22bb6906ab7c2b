/**
 * The lists a user sees, as the REST routes answer them and as the pull's snapshot sends them.
 * Who may see which rows is each entity's rule in server/visibility/; these add order and bounds.
 */
import { and, asc, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Conversation } from '../../src/contract/social';
import { decks, directConversations, directMessages, friendships, games, podInvitations, podMessages, pods } from '../db/schema';
import type { DbOrTx } from '../db/types';
import { toDeck } from '../decks/repo';
import { gameForViewer } from '../games/guest-emails';
import { toGame } from '../games/repo';
import { invitationViews } from '../mutations/pod-invitations';
import { membersOf } from '../social/pods-repo';
import { publicUsers, toDirectMessage, toFriendRequest, toFriendship, toPod, toPodMessage } from '../social/views';
import { decksVisibleTo } from '../visibility/decks';
import { conversationsVisibleTo, directMessagesVisibleTo } from '../visibility/direct-messages';
import { friendshipsVisibleTo } from '../visibility/friendships';
import { endedInMyPods, gamesPlayedBy } from '../visibility/games';
import { podInvitationsVisibleTo } from '../visibility/pod-invitations';
import { podMessagesVisibleTo, podsVisibleTo } from '../visibility/pods';

/** GET /api/games answers the newest this many; older games stay readable by id. */
export const GAMES_LIST_MAX = 100;

export async function listFriendships(db: DbOrTx, me: string) {
  const rows = await db
    .select()
    .from(friendships)
    .where(and(eq(friendships.status, 'ACCEPTED'), friendshipsVisibleTo(me)));
  const people = await publicUsers(db, rows.flatMap((row) => [row.requesterId, row.addresseeId]));
  return rows
    .map((row) => toFriendship(row, me, people))
    .sort((a, b) => a.friend.username.toLowerCase().localeCompare(b.friend.username.toLowerCase()));
}

export async function listFriendRequests(db: DbOrTx, me: string) {
  const rows = await db
    .select()
    .from(friendships)
    .where(and(eq(friendships.status, 'PENDING'), friendshipsVisibleTo(me)))
    .orderBy(desc(friendships.createdAt), desc(friendships.id));
  const people = await publicUsers(db, rows.flatMap((row) => [row.requesterId, row.addresseeId]));
  return rows.map((row) => toFriendRequest(row, people));
}

const dm = directMessages;

/**
 * One entry per person the caller has exchanged messages with (or, given `peerIds`, with those
 * of them), newest conversation first; at most `limit`. Read from the caller's rows of
 * `direct_conversations` (one per peer, naming its newest message), so the cost follows the
 * conversations, not the messages.
 */
export async function listConversations(db: DbOrTx, me: string, options: { peerIds?: readonly string[]; limit?: number } = {}): Promise<Conversation[]> {
  if (options.peerIds?.length === 0) return [];
  const query = db
    .select({ message: dm, peerId: directConversations.peerId })
    .from(directConversations)
    .innerJoin(dm, eq(dm.id, directConversations.lastMessageId))
    .where(and(conversationsVisibleTo(me), options.peerIds ? inArray(directConversations.peerId, [...options.peerIds]) : undefined, directMessagesVisibleTo(me)))
    .orderBy(desc(directConversations.lastAt), desc(directConversations.lastMessageId));
  const latest = options.limit === undefined ? await query : await query.limit(options.limit);
  const people = await publicUsers(db, latest.map((row) => row.peerId));
  const conversations: Conversation[] = [];
  for (const { message, peerId } of latest) {
    const participant = people.get(peerId);
    if (!participant) continue;
    const lastMessage = { content: message.content, createdAt: message.createdAt.toISOString(), ...(message.deletedAt ? { deletedAt: message.deletedAt.toISOString() } : {}) };
    conversations.push({ participant, lastMessage });
  }
  return conversations;
}

/** The latest `perPeer` messages with each of `peerIds`, oldest first per conversation. */
export async function recentDirectMessages(db: DbOrTx, me: string, peerIds: string[], perPeer: number) {
  if (peerIds.length === 0) return [];
  const peer = sql<string>`CASE WHEN ${dm.senderId} = ${me} THEN ${dm.receiverId} ELSE ${dm.senderId} END`;
  const ranked = db
    .select({
      id: dm.id,
      rank: sql<number>`row_number() OVER (PARTITION BY ${peer} ORDER BY ${dm.createdAt} DESC, ${dm.id} DESC)`.as('rank'),
    })
    .from(dm)
    .where(
      or(
        and(eq(dm.senderId, me), inArray(dm.receiverId, peerIds)),
        and(eq(dm.receiverId, me), inArray(dm.senderId, peerIds)),
      ),
    )
    .as('ranked');
  const rows = await db
    .select({ message: dm })
    .from(dm)
    .innerJoin(ranked, eq(ranked.id, dm.id))
    .where(sql`${ranked.rank} <= ${perPeer}`)
    .orderBy(asc(dm.createdAt), asc(dm.id));
  const people = await publicUsers(db, rows.map((row) => row.message.senderId));
  return rows.map((row) => toDirectMessage(row.message, people));
}

/** The ids of the pods `me` sees. */
export async function visiblePodIds(db: DbOrTx, me: string): Promise<string[]> {
  const rows = await db.select({ id: pods.id }).from(pods).where(podsVisibleTo(db, me));
  return rows.map((row) => row.id);
}

export async function listPods(db: DbOrTx, me: string) {
  const rows = await db
    .select()
    .from(pods)
    .where(podsVisibleTo(db, me))
    .orderBy(desc(pods.createdAt), desc(pods.id));
  const members = await membersOf(db, rows.map((row) => row.id));
  return rows.map((row) => toPod(row, members.get(row.id) ?? []));
}

/**
 * The latest `perPod` messages of each of `podIds` that `me` may see, oldest first per pod: per
 * pod a lateral `LIMIT perPod` on (pod_id, created_at), so the cost follows what is sent, not
 * the pods' whole history.
 */
export async function recentPodMessages(db: DbOrTx, me: string, podIds: string[], perPod: number) {
  if (podIds.length === 0) return [];
  // The outer rows are the pods table itself, so the lateral subquery names them "pods"."id".
  const newest = db
    .select({ id: podMessages.id })
    .from(podMessages)
    .where(and(eq(podMessages.podId, pods.id), podMessagesVisibleTo(db, me)))
    .orderBy(desc(podMessages.createdAt), desc(podMessages.id))
    .limit(perPod)
    .as('newest');
  const ids = db.select({ id: newest.id }).from(pods).crossJoinLateral(newest).where(inArray(pods.id, podIds)).as('ids');
  const rows = await db
    .select({ message: podMessages })
    .from(podMessages)
    .innerJoin(ids, eq(ids.id, podMessages.id))
    .orderBy(asc(podMessages.createdAt), asc(podMessages.id));
  const people = await publicUsers(db, rows.map((row) => row.message.senderId));
  return rows.map((row) => toPodMessage(row.message, people));
}

/** The pending invitations this user may see (server/visibility/pod-invitations.ts): to them, and of their pods. */
export async function listInvitations(db: DbOrTx, me: string) {
  const rows = await db
    .select()
    .from(podInvitations)
    .where(podInvitationsVisibleTo(db, me))
    .orderBy(desc(podInvitations.createdAt), desc(podInvitations.id));
  return invitationViews(db, rows);
}

export async function listDecks(db: DbOrTx, me: string) {
  const rows = await db.select().from(decks).where(decksVisibleTo(me)).orderBy(asc(decks.createdAt), asc(decks.id));
  return rows.map(toDeck);
}

/** The games `me` plays in, then the ended games of their pods (server/visibility/games.ts), newest first each. */
export async function listGames(db: DbOrTx, me: string, limit = GAMES_LIST_MAX) {
  const rows = await db
    .select({ game: games })
    .from(games)
    .where(inArray(games.id, gamesPlayedBy(db, me)))
    .orderBy(desc(games.startTime), desc(games.createdAt))
    .limit(limit);
  const mine = new Set(rows.map((row) => row.game.id));
  const podRows = await db.select({ game: games }).from(games).where(endedInMyPods(db, me)).orderBy(desc(games.startTime), desc(games.createdAt)).limit(limit);
  return [...rows, ...podRows.filter((row) => !mine.has(row.game.id))].map((row) => gameForViewer(toGame(row.game), me));
}

/** The games `me` plays in that are still being played, newest first (a snapshot's head). */
export async function listActiveGames(db: DbOrTx, me: string, limit = GAMES_LIST_MAX) {
  const rows = await db
    .select({ game: games })
    .from(games)
    .where(and(inArray(games.id, gamesPlayedBy(db, me)), eq(games.status, 'ACTIVE')))
    .orderBy(desc(games.startTime), desc(games.createdAt))
    .limit(limit);
  return rows.map((row) => gameForViewer(toGame(row.game), me));
}
