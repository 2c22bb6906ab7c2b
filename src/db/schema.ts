/**
 * The local mirror (design.md): every entity the UI shows lives here, and components read
 * only these tables. The network moves rows in (pull, live events, outbox answers) and out
 * (the outbox). Later issues add tables in new Dexie versions; never edit a released version.
 */
import Dexie, { type Table } from 'dexie';
import type { Conversation, DirectMessage, FriendRequest, Friendship, Pod, PodInvitation, PodMessage } from '../contract/social';
import type { Deck } from '../contract/decks';
import type { Game } from '../contract/game';
import type { User } from '../contract/users';

/** A user as mirrored: the signed-in user's full record, or another user's public fields. */
export interface UserRow extends Omit<User, 'email'> {
  email?: string;
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
}

export type OutboxStatus = 'queued' | 'failed';

/** One write waiting for the server. Sent in `seq` order, one sender at a time, exactly once. */
export interface OutboxEntry {
  /** Auto-increment: the order of record. */
  seq?: number;
  /** UUID; sent as Idempotency-Key and used as the client id of any record the write creates. */
  id: string;
  /** Names the applier that folds the server's answer into the mirror (see src/sync/appliers). */
  kind: string;
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  body?: unknown;
  /** The mirror row this write changes, so the UI can mark it pending or failed. */
  target?: { table: string; id: string };
  status: OutboxStatus;
  attempts: number;
  /** Epoch ms before which the sender leaves a queued entry alone (backoff). */
  notBefore: number;
  createdAt: number;
  /** The server's message for a failed entry. */
  error?: string;
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
export type PodInvitationRow = PodInvitation;
export type DeckRow = Deck & PendingMark;
export type GameRow = Game & PendingMark;

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
  cards!: Table<CardRow, [string, string]>;

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
  }
}

export const DEFAULT_DB_NAME = 'podtable';

export function openDatabase(name: string = DEFAULT_DB_NAME): PodTableDB {
  return new PodTableDB(name);
}
