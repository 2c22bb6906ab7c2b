/**
 * The local mirror (docs/architecture.md, "The mirror"): every entity the UI shows lives here,
 * and components read only these tables. The network moves rows in (pull, live events, outbox
 * answers) and out (the outbox). Later issues add tables in new Dexie versions; never edit a
 * released version.
 * A version that changes what rows mean forgets the sync cursor in its upgrade (version 4 does:
 * src/db/upgrade-v4.ts): the rows stay readable offline, and the next pull is a full snapshot
 * (`reset`) that replaces every mirror table; the outbox (and the session, and the card cache)
 * stay.
 * Each synced table's key is the one src/contract/entities.ts states (a unit test checks every
 * store against it); the store strings below are written out, never derived, so a released
 * version cannot change by accident.
 */
import Dexie, { type Table } from 'dexie';
import { upgradeToMutations } from './upgrade-v4';
import { parkGameInvites, restoreGameInvites } from './upgrade-v7';
import type { Conversation, DirectMessage, FriendRequest, Friendship, Pod, PodInvitation, PodMessage } from '../contract/social';
import type { Deck } from '../contract/decks';
import type { Game, GameEvent } from '../contract/game';
import type { GameInvite } from '../contract/game-invites';
import type { BlockedUser } from '../contract/blocks';
import type { User } from '../contract/users';
import type { ReadMarker } from '../contract/read-markers';
import type { WatchView } from '../contract/game-watch';
import type { GameIncrement } from '../contract/game';

/** A user as mirrored: the signed-in user's full record, or another user's public fields. */
export interface UserRow extends Omit<User, 'email'> {
  email?: string;
  /** Another user's account was deleted (the public user's flag); absent for live accounts. */
  deleted?: boolean;
}

/** Key/value rows: 'session' holds who is signed in (and a copy of the token for the service worker). */
export interface MetaRow {
  key: string;
  value: unknown;
}

export interface SessionMeta {
  userId: string | null;
  /** Copy of localStorage 'token': the service worker cannot read localStorage but must replay the outbox. */
  token: string | null;
  /** Set by a 401 answer; the sender pauses until the user logs in again. */
  paused: boolean;
  /**
   * Set by a 426 answer (or socket close 4426): the protocol version the server refused. Sending
   * waits while the running app still speaks that version; an updated app ignores it.
   */
  updateRequired?: number;
  /**
   * The last push found no network (the server unreachable); cleared by the next answer of any
   * kind. Queued writes read 'Waiting for connection…' while it is set (being offline does not
   * count against a write, so its attempts stay 0).
   */
  unreachable?: boolean;
  /**
   * The server answered the last push 429 (the user writes faster than their limit): queued
   * writes wait for Retry-After and read "You're sending quickly…" until the next push answer.
   */
  slowedDown?: boolean;
}

export type OutboxStatus = 'queued' | 'failed';

/** A mirror row a mutation writes: `{ table, id }`; the table may be a pseudo table (no rows) such as 'podInvites'. */
export interface RowKey {
  table: string;
  id: string;
}

/**
 * One write waiting for the server (a named mutation). Sent in `seq` order,
 * many per request, one sender at a time, applied exactly once by the server (keyed by `id`).
 */
export interface OutboxEntry {
  /** Auto-increment: the order of record. A retried entry moves to the end (a new seq). */
  seq?: number;
  /** UUID: the mutation id (and the id of the record a creating mutation makes). */
  id: string;
  /** The mutation (src/contract/mutations.ts). */
  name: string;
  /** Its arguments, as validated by the contract when the write was made. */
  args: unknown;
  /** The main row it writes, so the UI can mark it pending or failed. */
  target: RowKey;
  /** Every row it writes, as "table:id" (multi-entry index): which writes to re-apply over a server row. */
  keys: string[];
  status: OutboxStatus;
  /** Sends that ended without the server's verdict (a 5xx for this mutation, a timeout); bounded. */
  attempts: number;
  /** Epoch ms when the write was made (or retried): the time its optimistic rows carry. */
  createdAt: number;
  /** The server's message for a failed entry. */
  error?: string;
}

/**
 * The server's copy of a row that pending writes change (absent from the server: `row: null`).
 * The mirror shows `rebase(base, pending writes)`; a base lives only while a write about its
 * row waits, so a refused write can be discarded exactly and a newer server copy lands under
 * the writes still pending.
 */
export interface BaseRow {
  /** "table:id" */
  key: string;
  row: unknown;
}

/** Sync state a row carries while a write about it waits in the outbox. */
export interface PendingMark {
  /** 'queued': not yet accepted by the server; 'failed': refused, with the server's message. */
  syncState?: 'queued' | 'failed';
  syncError?: string;
}

export interface DirectMessageRow extends DirectMessage, PendingMark {
  /** The other participant, from the signed-in user's side: the conversation key. */
  peerId: string;
}
export interface ConversationRow extends Conversation {
  participantId: string;
}
export interface PodRow extends Pod, PendingMark {
  /** Leave or delete is queued: hidden from lists until the server agrees (or refuses). */
  pendingRemoval?: boolean;
}
export type PodMessageRow = PodMessage & PendingMark;
export type FriendshipRow = Friendship & PendingMark;
export interface FriendRequestRow extends FriendRequest, PendingMark {
  direction: 'incoming' | 'outgoing';
}
export type PodInvitationRow = PodInvitation & PendingMark;
export type DeckRow = Deck & PendingMark;
export type GameRow = Game & PendingMark;
export type GameInviteRow = GameInvite & PendingMark;
export type BlockedUserRow = BlockedUser & PendingMark;
/** A read marker (src/contract/read-markers.ts), keyed `<kind>:<target id>`; the signed-in user's own. */
export type ReadMarkerRow = ReadMarker;

/**
 * A game's TV view as the last poll of its read-only link brought it (src/sync/watch/watch-poller.ts),
 * keyed by the link's token; the /watch page renders only this row. Not a synced entity: no
 * account, no outbox, no cursor. `view` null: nothing fetched yet, or the link died.
 */
export interface WatchViewRow {
  token: string;
  view: WatchView | null;
  /** The ETag of `view` (If-None-Match of the next poll). */
  etag: string | null;
  /** loading: no answer yet; live: the last poll answered; offline: it did not (the view is the last one seen); gone: the link is dead (404). */
  state: 'loading' | 'live' | 'offline' | 'gone';
  /** When the server last answered (ms). */
  answeredAt: number | null;
}

/**
 * A seat taken with a join code without an account (src/sync/guest/guest-seat-sync.ts), keyed by
 * the game's id: the credential (the only copy: lost with this row) and the table as the last
 * poll brought it. Not a synced entity: no account, no cursor; its taps wait in `guestTaps`.
 */
export interface GuestSeatRow {
  gameId: string;
  /** The GuestSeat credential (src/contract/game-guest.ts). */
  token: string;
  seatNumber: number;
  name: string;
  expiresAt: string;
  view: WatchView | null;
  /** The game's revision `view` shows: an older answer never replaces a newer one. */
  rev: number;
  etag: string | null;
  /** As WatchViewRow's; gone: the seat is no longer this device's (`goneReason` says why). */
  state: 'loading' | 'live' | 'offline' | 'gone';
  goneReason: string | null;
  answeredAt: number | null;
}

/** A guest seat's counter tap waiting to be sent (replayed in order, exactly once by `increment.id`). */
export interface GuestTapRow {
  seq?: number;
  gameId: string;
  increment: GameIncrement;
}

/** A card name seen in a commander search, kept so search works offline (issue: decks and the table). */
export interface CardRow {
  name: string;
  /** 'commander': can lead a deck; 'partner': partner-capable or a background. */
  kind: 'commander' | 'partner';
  typeLine: string | null;
  imageUrl: string | null;
  /** Lower-cased name, for offline substring search. */
  search: string;
}

/**
 * One entry of a game's whole story as the server numbers it (src/contract/game-story.ts), kept
 * from the pages this device pulled; positions 1, 2, 3 … per game, so a gap is visible.
 */
export interface GameStoryRow {
  gameId: string;
  position: number;
  event: GameEvent;
}

export class PodTableDB extends Dexie {
  users!: Table<UserRow, string>;
  meta!: Table<MetaRow, string>;
  outbox!: Table<OutboxEntry, number>;
  friendships!: Table<FriendshipRow, string>;
  friendRequests!: Table<FriendRequestRow, string>;
  conversations!: Table<ConversationRow, string>;
  directMessages!: Table<DirectMessageRow, string>;
  pods!: Table<PodRow, string>;
  podMessages!: Table<PodMessageRow, string>;
  podInvitations!: Table<PodInvitationRow, string>;
  decks!: Table<DeckRow, string>;
  games!: Table<GameRow, string>;
  gameInvites!: Table<GameInviteRow, string>;
  blockedUsers!: Table<BlockedUserRow, string>;
  readMarkers!: Table<ReadMarkerRow, string>;
  cards!: Table<CardRow, [string, string]>;
  bases!: Table<BaseRow, string>;
  gameStory!: Table<GameStoryRow, [string, number]>;
  watchViews!: Table<WatchViewRow, string>;
  guestSeats!: Table<GuestSeatRow, string>;
  guestTaps!: Table<GuestTapRow, number>;

  constructor(name: string) {
    super(name);
    this.version(1).stores({
      users: 'id, username',
      meta: 'key',
      outbox: '++seq, &id, status, [target.table+target.id]',
    });
    this.version(2).stores({
      friendships: 'friendshipId, friend.id',
      friendRequests: 'friendshipId, direction, requester.id, addressee.id',
      conversations: 'participantId',
      directMessages: 'id, [peerId+createdAt], createdAt',
      pods: 'id, name',
      podMessages: 'id, [podId+createdAt], createdAt',
      podInvitations: 'invitationId, pod.id',
    });
    this.version(3).stores({
      decks: 'id, name',
      games: 'id, status, updatedAt',
      cards: '[kind+name], kind, search',
    });
    // Sync protocol v2: the outbox holds named mutations; the mirror is rebuilt from the server
    // (queued v1 writes are converted, not lost).
    this.version(4)
      .stores({ outbox: '++seq, &id, status, [target.table+target.id], *keys', bases: 'key' })
      .upgrade((tx) => upgradeToMutations(tx));
    // Game invitations and blocks. Invitations made before this version were never applied here,
    // so the cursor is forgotten: the next pull is a snapshot (rows stay readable meanwhile).
    this.version(5)
      .stores({ gameInvites: 'inviteId, game.id, createdAt', blockedUsers: 'userId, createdAt' })
      .upgrade((tx) => tx.table('meta').delete('sync:cursor'));
    // Game invitations are keyed by `id` (src/db/upgrade-v7.ts): a primary key cannot change in
    // place, so version 6 deletes the store and version 7 creates it again, rows carried over
    // and the cursor forgotten (the next pull is a snapshot). The outbox is not touched.
    this.version(6)
      .stores({ gameInvites: null })
      .upgrade((tx) => parkGameInvites(tx));
    this.version(7)
      .stores({ gameInvites: 'id, game.id, createdAt' })
      .upgrade((tx) => restoreGameInvites(tx));
    // Read markers. An older app skipped their events and dropped them from its pulls, so the
    // cursor is forgotten: the next pull is a snapshot that brings them (rows stay readable).
    this.version(8)
      .stores({ readMarkers: 'id, kind' })
      .upgrade((tx) => tx.table('meta').delete('sync:cursor'));
    // Pages of games' whole stories (src/sync/actions/game-story.ts): a cache, not synced rows.
    this.version(9).stores({ gameStory: '[gameId+position], gameId' });
    // The TV view's last table per link (no synced data changes: the cursor stays).
    this.version(10).stores({ watchViews: 'token' });
    // Seats taken without an account and their waiting taps (no synced data changes: the cursor stays).
    this.version(11).stores({ guestSeats: 'gameId', guestTaps: '++seq, gameId' });
  }
}

export const DEFAULT_DB_NAME = 'podtable';

export function openDatabase(name: string = DEFAULT_DB_NAME): PodTableDB {
  return new PodTableDB(name);
}
