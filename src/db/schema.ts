/**
 * The local mirror (design.md): every entity the UI shows lives here, and components read
 * only these tables. The network moves rows in (pull, live events, outbox answers) and out
 * (the outbox). Later issues add tables in new Dexie versions; never edit a released version.
 */
import Dexie, { type Table } from 'dexie';
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

export class PodTableDB extends Dexie {
  users!: Table<UserRow, string>;
  meta!: Table<MetaRow, string>;
  outbox!: Table<OutboxEntry, number>;

  constructor(name: string) {
    super(name);
    this.version(1).stores({
      users: 'id, username',
      meta: 'key',
      outbox: '++seq, &id, status, [target.table+target.id]',
    });
  }
}

export const DEFAULT_DB_NAME = 'podtable';

export function openDatabase(name: string = DEFAULT_DB_NAME): PodTableDB {
  return new PodTableDB(name);
}
