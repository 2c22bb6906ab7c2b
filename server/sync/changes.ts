/**
 * Turns change-log refs into what the reader may see NOW: the rows' current state where the
 * reader has access, a deletion where the row is gone or access was lost (a removed member, a
 * stranger, an ended friendship). Authorization is exactly the REST routes': each loader filters
 * with its entity's rule from server/visibility/ (a pod and its messages for members, a message
 * for its two participants, a deck for its owner, a game for its creator and account
 * participants and, once ended, its pod's members, a game invitation for its invitee only, a
 * block for its blocker only, a pod invitation for its invitee and its pod's members, a read
 * marker for its owner only); a user's
 * full record for that user only. The map is keyed by the registry's ref kinds
 * (src/contract/entities.ts), so an entity without a loader does not compile.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { RefKind } from '../../src/contract/entities';
import type { SyncDels, SyncPuts } from '../../src/contract/sync';
import { blocks, decks, directMessages, friendships, gameInvites, games, podInvitations, podMessages, pods, users } from '../db/schema';
import type { DbOrTx } from '../db/types';
import { toDeck } from '../decks/repo';
import { gameInviteViews } from '../games/invites';
import { gameForViewer } from '../games/guest-emails';
import { toGame } from '../games/repo';
import { blockViews } from '../social/blocks';
import { readMarkersByIds } from '../social/read-markers';
import { membersOf } from '../social/pods-repo';
import { publicUsers, toDirectMessage, toFriendRequest, toFriendship, toPod, toPodMessage } from '../social/views';
import { toUser } from '../users/view';
import { invitationViews } from '../mutations/pod-invitations';
import { blocksVisibleTo } from '../visibility/blocks';
import { decksVisibleTo } from '../visibility/decks';
import { directMessagesVisibleTo } from '../visibility/direct-messages';
import { friendshipsVisibleTo } from '../visibility/friendships';
import { gameInvitesVisibleTo } from '../visibility/game-invites';
import { gamesVisibleTo } from '../visibility/games';
import { podInvitationsVisibleTo } from '../visibility/pod-invitations';
import { podMessagesVisibleTo, podsVisibleTo } from '../visibility/pods';
import { listConversations } from './reads';
import { isUuid } from '../validate';

export interface Changes {
  puts: SyncPuts;
  dels: SyncDels;
}

/** Puts the rows of `ids` this reader may see into `out`, and the rest into its deletions. */
type Loader = (db: DbOrTx, me: string, ids: string[], out: Changes) => Promise<void>;

function put<K extends keyof SyncPuts>(out: Changes, table: K, rows: NonNullable<SyncPuts[K]>): void {
  if (rows.length === 0) return;
  (out.puts[table] ??= [] as never as NonNullable<SyncPuts[K]>).push(...(rows as never[]));
}

function del(out: Changes, table: keyof SyncDels, ids: Iterable<string>): void {
  const list = [...ids];
  if (list.length === 0) return;
  (out.dels[table] ??= []).push(...list);
}

function missing(ids: string[], found: Iterable<string>): string[] {
  const seen = new Set(found);
  return ids.filter((id) => !seen.has(id));
}

const loaders: Record<RefKind, Loader> = {
  async user(db, me, ids, out) {
    if (!ids.includes(me)) return;
    const [row] = await db.select().from(users).where(eq(users.id, me));
    if (row) put(out, 'users', [toUser(row)]);
  },
  async friendship(db, me, ids, out) {
    const rows = await db
      .select()
      .from(friendships)
      .where(and(inArray(friendships.id, ids), friendshipsVisibleTo(me)));
    const people = await publicUsers(db, rows.flatMap((row) => [row.requesterId, row.addresseeId]));
    for (const row of rows) {
      if (row.status === 'ACCEPTED') {
        put(out, 'friendships', [toFriendship(row, me, people)]);
        del(out, 'friendRequests', [row.id]);
      } else {
        put(out, 'friendRequests', [toFriendRequest(row, people)]);
        del(out, 'friendships', [row.id]);
      }
    }
    const gone = missing(ids, rows.map((row) => row.id));
    del(out, 'friendships', gone);
    del(out, 'friendRequests', gone);
  },
  async dm(db, me, ids, out) {
    const rows = await db
      .select()
      .from(directMessages)
      .where(and(inArray(directMessages.id, ids), directMessagesVisibleTo(me)));
    const people = await publicUsers(db, rows.map((row) => row.senderId));
    put(out, 'directMessages', rows.map((row) => toDirectMessage(row, people)));
    del(out, 'directMessages', missing(ids, rows.map((row) => row.id)));
  },
  async pod(db, me, ids, out) {
    const rows = await db
      .select()
      .from(pods)
      .where(and(inArray(pods.id, ids), podsVisibleTo(db, me)));
    const members = await membersOf(db, rows.map((row) => row.id));
    put(out, 'pods', rows.map((row) => toPod(row, members.get(row.id) ?? [])));
    del(out, 'pods', missing(ids, rows.map((row) => row.id)));
  },
  async podMessage(db, me, ids, out) {
    const rows = await db
      .select()
      .from(podMessages)
      .where(and(inArray(podMessages.id, ids), podMessagesVisibleTo(db, me)));
    const people = await publicUsers(db, rows.map((row) => row.senderId));
    put(out, 'podMessages', rows.map((row) => toPodMessage(row, people)));
    del(out, 'podMessages', missing(ids, rows.map((row) => row.id)));
  },
  async podInvitation(db, me, ids, out) {
    const rows = await db
      .select()
      .from(podInvitations)
      .where(and(inArray(podInvitations.id, ids), podInvitationsVisibleTo(db, me)));
    put(out, 'podInvitations', await invitationViews(db, rows));
    del(out, 'podInvitations', missing(ids, rows.map((row) => row.id)));
  },
  async deck(db, me, ids, out) {
    const rows = await db
      .select()
      .from(decks)
      .where(and(inArray(decks.id, ids), decksVisibleTo(me)));
    put(out, 'decks', rows.map(toDeck));
    del(out, 'decks', missing(ids, rows.map((row) => row.id)));
  },
  async game(db, me, ids, out) {
    const rows = await db
      .select()
      .from(games)
      .where(and(inArray(games.id, ids), gamesVisibleTo(db, me)));
    put(out, 'games', rows.map((row) => gameForViewer(toGame(row), me)));
    del(out, 'games', missing(ids, rows.map((row) => row.id)));
  },
  async gameInvite(db, me, ids, out) {
    const rows = await db
      .select()
      .from(gameInvites)
      .where(and(inArray(gameInvites.id, ids), gameInvitesVisibleTo(me)));
    const views = await gameInviteViews(db, rows);
    put(out, 'gameInvites', views);
    del(out, 'gameInvites', missing(ids, views.map((view) => view.id)));
  },
  async block(db, me, ids, out) {
    const rows = await db
      .select()
      .from(blocks)
      .where(and(blocksVisibleTo(me), inArray(blocks.blockedId, ids)));
    const views = await blockViews(db, rows);
    put(out, 'blockedUsers', views);
    del(out, 'blockedUsers', missing(ids, views.map((view) => view.userId)));
  },
  async readMarker(db, me, ids, out) {
    // The reader's own markers only (server/visibility/read-markers.ts).
    const markers = await readMarkersByIds(db, me, ids);
    put(out, 'readMarkers', markers);
    del(out, 'readMarkers', missing(ids, markers.map((marker) => marker.id)));
  },
  async conversation(db, me, ids, out) {
    // Only the reader's own conversations: the list is computed from their messages.
    put(out, 'conversations', await listConversations(db, me, { peerIds: [...ids].filter(isUuid) }));
  },
};

export async function loadChanges(db: DbOrTx, me: string, refs: Map<RefKind, Set<string>>): Promise<Changes> {
  const out: Changes = { puts: {}, dels: {} };
  for (const [kind, ids] of refs) {
    if (ids.size > 0) await loaders[kind](db, me, [...ids], out);
  }
  return out;
}
