/**
 * The outbox sender (docs/architecture.md, "The sender"), shared by the page (src/sync/engine/sender.ts:
 * the verdicts are applied to the mirror) and the service worker (sw/sw.ts: they are recorded,
 * src/sync/engine/recorded-verdicts.ts). It imports neither the planner nor the rebase. Invariants:
 * - one sender at a time across tabs and the service worker (Web Lock OUTBOX_LOCK), and the lock
 *   is held at most one request's timeout (REQUEST_TIMEOUT_MS) per round: a hung request never
 *   holds other tabs longer;
 * - queued writes with no recorded verdict go in `seq` order, up to PUSH_MAX_MUTATIONS /
 *   PUSH_MAX_BYTES per request, with the cursor, so the answer also catches the mirror up (one
 *   round trip); a write with a recorded verdict is never sent again;
 * - per write: applied → gone; refused → failed with the server's message (Retry/Discard) and the
 *   queue goes on; no verdict (a 5xx for it) → tried again, and after MAX_ATTEMPTS shown failed;
 * - whole request: no network → wait (never counts against a write: being offline is not its
 *   fault); while the platform says online, at most UNREACHABLE_RETRY_CAP_MS apart (nothing else
 *   would tell us the connection works again; offline, the 'online' event and Background Sync
 *   do); timeout or 5xx → the next round sends the first write alone (after a first timeout at
 *   once: the timeout was its wait), so one bad write is found and counted instead of blocking
 *   everything; 429 → wait Retry-After; 401 → paused until the next login; 426 → paused, the
 *   app offers its update.
 */
import type { PushMutation, PushResponse } from '../../contract/sync';
import { PUSH_MAX_BYTES, PUSH_MAX_MUTATIONS } from '../../contract/sync-protocol';
import type { OutboxEntry, PodTableDB, SessionMeta } from '../../db/schema';
import { readSession, writeSession } from '../../db/session';
import { ApiError, NetworkError, serverMessage, TimeoutError, type ApiClient } from './api';
import type { ApplyOutcome, ServerData } from './apply-server';
import { BACKOFF_FLOOR_MS, backoffDelay, UNREACHABLE_RETRY_CAP_MS } from './backoff';
import { readCursor } from './cursor';
import { withLock as defaultWithLock, type WithLock } from './locks';
import { firstSendableEntries, sendableEntries } from './recorded-verdicts';
import { isUpdateRequired, markUpdateRequired } from './update-required';

export const OUTBOX_LOCK = 'podtable-outbox';
/** A request body stays well under the server's limit (JSON of the batch is measured). */
const BATCH_BYTES = PUSH_MAX_BYTES - 4 * 1024;

export type DrainResult =
  | { state: 'empty' }
  | { state: 'paused' }
  /** Waiting to try again; `offline` when no network answered (retry on the network's return). */
  | { state: 'waiting'; retryInMs: number; offline?: boolean };

export interface SenderDeps {
  db: PodTableDB;
  api: ApiClient;
  /**
   * Where every verdict goes (and the pull an answer carries): applyServerData in the page,
   * recordVerdicts in the service worker (whose answers carry no pull). The outcome matters
   * only with a pull ('stale': pull again).
   */
  settle: (data: ServerData) => Promise<ApplyOutcome | void>;
  /** Validates a push answer: `pushResponse.parse` in the page, a results-only schema in the worker (see catchUp). */
  readAnswer: (raw: unknown) => PushResponse;
  withLock?: WithLock;
  random?: () => number;
  /** Called when an answer says more changes wait than it carried (pull again). */
  onMoreToPull?: () => void;
  /**
   * Ask each push's answer to carry the pull from this device's cursor (the page: one round
   * trip sends and catches up). The service worker does not: it reads only the verdicts, so it
   * needs none of the row schemas (its size budget, docs/first-load.md).
   */
  catchUp?: boolean;
  /** The platform's idea of the network (navigator.onLine; true where there is none, as in Node). */
  isOnline?: () => boolean;
}

export interface Sender {
  drain(): Promise<DrainResult>;
  /** Forget the backoff: the network, the socket or the server is back. */
  resetBackoff(): void;
}

function batchOf(entries: OutboxEntry[], max: number): OutboxEntry[] {
  const batch: OutboxEntry[] = [];
  let bytes = 64;
  for (const entry of entries) {
    const size = JSON.stringify({ id: entry.id, name: entry.name, args: entry.args }).length + 1;
    if (batch.length >= max || (batch.length > 0 && bytes + size > BATCH_BYTES)) break;
    batch.push(entry);
    bytes += size;
  }
  return batch;
}

export function createOutboxSender(deps: SenderDeps): Sender {
  const { db, api } = deps;
  const withLock = deps.withLock ?? defaultWithLock;
  const random = deps.random ?? Math.random;
  const isOnline = deps.isOnline ?? (() => (globalThis.navigator as { onLine?: boolean } | undefined)?.onLine !== false);
  let failures = 0;
  /** After a failed request, send the first write alone to find which one fails. */
  let probing = false;

  function wait(offline = false): DrainResult {
    failures += 1;
    const cap = offline && isOnline() ? UNREACHABLE_RETRY_CAP_MS : undefined;
    return { state: 'waiting', retryInMs: backoffDelay(failures, random, cap), offline };
  }

  async function countAttempt(entry: OutboxEntry): Promise<void> {
    await deps.settle({ errored: [entry.id] });
  }

  async function handle(answer: PushResponse, cursor: number | null): Promise<DrainResult | 'next'> {
    const applied = answer.results.filter((result) => result.status === 'applied').map((result) => result.id);
    const refused = new Map(answer.results.flatMap((result) => (result.status === 'refused' ? [[result.id, result.message] as const] : [])));
    const errored = answer.results.filter((result) => result.status === 'error').map((result) => result.id);
    const pull = answer.pull;
    const outcome = await deps.settle({
      applied: pull ? [...applied, ...pull.applied] : applied,
      refused,
      errored,
      ...(pull ? { puts: pull.puts, dels: pull.dels, reset: pull.reset, cursor: { from: cursor, to: pull.cursor } } : {}),
    });
    if (pull && (pull.more || outcome === 'stale')) deps.onMoreToPull?.();
    if (answer.retryAfter !== undefined) {
      await noteSlowedDown(true);
      return { state: 'waiting', retryInMs: Math.max(1, answer.retryAfter) * 1000 };
    }
    await noteSlowedDown(false);
    // A write that failed without a verdict waits before its next try (unless it was just given up on).
    const retrying = errored.length > 0 && (await sendableEntries(db, errored)).length > 0;
    return retrying ? wait() : 'next';
  }

  /** Keeps SessionMeta.slowedDown true exactly while the last push answer was a 429 (whole or for one write). */
  async function noteSlowedDown(slowed: boolean): Promise<void> {
    if (Boolean((await readSession(db)).slowedDown) !== slowed) await writeSession(db, { slowedDown: slowed });
  }

  /** Keeps SessionMeta.unreachable true exactly while the last request found no network. */
  async function noteReachable(session: SessionMeta, reachable: boolean): Promise<void> {
    if (Boolean(session.unreachable) !== !reachable) await writeSession(db, { unreachable: !reachable });
  }

  async function round(): Promise<DrainResult | 'next'> {
    const session = await readSession(db);
    if (!session.token || session.paused || isUpdateRequired(session)) return { state: 'paused' };
    const max = probing ? 1 : PUSH_MAX_MUTATIONS;
    const queued = await firstSendableEntries(db, max);
    if (queued.length === 0) return { state: 'empty' };
    const batch = batchOf(queued, max);
    const cursor = deps.catchUp === false ? null : await readCursor(db);
    const mutations: PushMutation[] = batch.map((entry) => ({ id: entry.id, name: entry.name, args: entry.args }));
    let answer: PushResponse;
    try {
      const raw = await api.request('POST', '/api/sync/push', { body: { mutations, cursor } });
      await noteReachable(session, true);
      answer = deps.readAnswer(raw);
    } catch (error) {
      if (error instanceof NetworkError) {
        await noteReachable(session, false);
        return wait(true);
      }
      if (error instanceof ApiError) await noteReachable(session, true);
      if (error instanceof ApiError && error.status === 401) {
        await writeSession(db, { paused: true });
        return { state: 'paused' };
      }
      if (error instanceof ApiError && error.status === 426) {
        await markUpdateRequired(db);
        return { state: 'paused' };
      }
      if (error instanceof ApiError && error.status === 429) {
        await noteSlowedDown(true);
        return { state: 'waiting', retryInMs: error.retryAfterSeconds ? error.retryAfterSeconds * 1000 : backoffDelay(failures + 1, random) };
      }
      // A timeout, a 5xx, a refusal of the whole request or an answer we cannot read: the first
      // write alone is tried next, and counted, so a write that breaks every request is found.
      if (batch.length === 1) {
        if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
          await deps.settle({ refused: new Map([[batch[0]!.id, serverMessage(error) ?? error.message]]) });
          probing = false;
          return 'next';
        }
        await countAttempt(batch[0]!);
      }
      probing = true;
      if (!(error instanceof TimeoutError || error instanceof ApiError)) console.error('push answer not understood', error);
      // A first timeout already waited REQUEST_TIMEOUT_MS: the probe leaves at once (the lock is
      // let go in between), so a hung request delays the writes behind it by about the timeout.
      if (error instanceof TimeoutError && failures === 0) {
        failures = 1;
        return { state: 'waiting', retryInMs: BACKOFF_FLOOR_MS };
      }
      return wait();
    }
    probing = false;
    failures = 0;
    return handle(answer, cursor);
  }

  return {
    drain() {
      return withLock(OUTBOX_LOCK, async (): Promise<DrainResult> => {
        for (;;) {
          const result = await round();
          if (result !== 'next') return result;
        }
      });
    },
    resetBackoff() {
      failures = 0;
    },
  };
}
