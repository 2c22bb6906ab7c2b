/**
 * The outbox sender (design.md, "Write"). Invariants:
 * - one sender at a time across tabs and the service worker (lock OUTBOX_LOCK);
 * - entries go in `seq` order; a queued entry waiting for its backoff holds back every later
 *   one, so the server sees writes in the order the user made them;
 * - every request carries Idempotency-Key = entry.id, so a replay after a lost answer is
 *   applied once by the server;
 * - 2xx: the applier folds the server record into the mirror and the entry is deleted, in
 *   one transaction; network error, 408, 429, 5xx: kept, retried after backoff;
 *   401: sending pauses until the next login; other 4xx: marked failed with the server's
 *   message (the UI offers retry and discard) and the queue goes on.
 */
import type { OutboxEntry, PodTableDB } from '../db/schema';
import { readSession, writeSession } from '../db/session';
import { ApiError, NetworkError, serverMessage, type ApiClient } from './api';
import { backoffDelay, isRetryableStatus } from './backoff';
import { withLock as defaultWithLock, type WithLock } from './locks';

export const OUTBOX_LOCK = 'podtable-outbox';

export interface Applier {
  /** Runs inside the transaction that deletes the entry. */
  applied(db: PodTableDB, entry: OutboxEntry, body: unknown): Promise<void>;
  failed?(db: PodTableDB, entry: OutboxEntry, message: string): Promise<void>;
}
export type Appliers = Record<string, Applier>;

export type DrainResult =
  | { state: 'empty' }
  | { state: 'paused' }
  | { state: 'waiting'; retryInMs: number };

export interface SenderDeps {
  db: PodTableDB;
  api: ApiClient;
  appliers: Appliers;
  withLock?: WithLock;
  now?: () => number;
}

export interface Sender {
  drain(): Promise<DrainResult>;
}

export function createSender(deps: SenderDeps): Sender {
  const { db, api, appliers } = deps;
  const withLock = deps.withLock ?? defaultWithLock;
  const now = deps.now ?? Date.now;

  async function nextQueued(): Promise<OutboxEntry | undefined> {
    return db.outbox.orderBy('seq').filter((entry) => entry.status === 'queued').first();
  }

  async function markFailed(entry: OutboxEntry, message: string): Promise<void> {
    await db.transaction('rw', db.tables, async () => {
      await db.outbox.update(entry.seq!, { status: 'failed', error: message });
      await appliers[entry.kind]?.failed?.(db, entry, message);
    });
  }

  async function scheduleRetry(entry: OutboxEntry): Promise<number> {
    const attempts = entry.attempts + 1;
    const delay = backoffDelay(attempts);
    await db.outbox.update(entry.seq!, { attempts, notBefore: now() + delay });
    return delay;
  }

  async function sendOne(entry: OutboxEntry): Promise<DrainResult | 'next'> {
    const applier = appliers[entry.kind];
    if (!applier) {
      await markFailed(entry, `This change cannot be sent (unknown kind "${entry.kind}").`);
      return 'next';
    }
    let body: unknown;
    try {
      body = await api.request(entry.method, entry.path, { body: entry.body, idempotencyKey: entry.id });
    } catch (error) {
      if (error instanceof NetworkError) return { state: 'waiting', retryInMs: await scheduleRetry(entry) };
      if (error instanceof ApiError) {
        if (isRetryableStatus(error.status)) return { state: 'waiting', retryInMs: await scheduleRetry(entry) };
        if (error.status === 401) {
          await writeSession(db, { paused: true });
          return { state: 'paused' };
        }
        await markFailed(entry, serverMessage(error) ?? error.message);
        return 'next';
      }
      throw error;
    }
    await db.transaction('rw', db.tables, async () => {
      await db.outbox.delete(entry.seq!);
      await applier.applied(db, entry, body);
    });
    return 'next';
  }

  return {
    drain() {
      return withLock(OUTBOX_LOCK, async (): Promise<DrainResult> => {
        for (;;) {
          const session = await readSession(db);
          if (!session.token || session.paused) return { state: 'paused' };
          const entry = await nextQueued();
          if (!entry) return { state: 'empty' };
          const wait = entry.notBefore - now();
          if (wait > 0) return { state: 'waiting', retryInMs: wait };
          const result = await sendOne(entry);
          if (result !== 'next') return result;
        }
      });
    },
  };
}
