/**
 * The server's verdicts as the service worker keeps them (docs/architecture.md, "The service
 * worker records, the page applies"). The worker sends the outbox with the page's sender but
 * does not plan or rebase (the mutators and game rules would cost its size budget,
 * docs/first-load.md): it records each answer here, and the page applies the records
 * (applyRecordedVerdicts in src/sync/engine/apply-server.ts) before any other server data, so the mirror
 * ends exactly as if the worker had applied them when it got them.
 * Invariants:
 * - one answer is recorded in ONE transaction (outbox + meta), in answer order, by whoever holds
 *   the outbox lock;
 * - a write with a recorded verdict is never sent again (`sendableEntries` leaves it out), by the
 *   worker or the page, until the page has applied the verdict (the entry is gone or failed);
 * - an answer without a verdict (a 5xx for the write, a timeout) counts the attempt on the entry
 *   at once, so the worker retries a bounded number of times with the app closed; the attempt
 *   that reaches MAX_ATTEMPTS is recorded `gaveUp` (the page shows it failed);
 * - the records live in one meta row, not in a new table or index: no Dexie version change, so a
 *   worker that updates while an older page is open never blocks it with an upgrade. Known limit:
 *   an older page does not read the row and sends those writes once more; the server answers a
 *   repeat `applied` with no effect (exactly once by id) and refuses a refused one again.
 */
import type { OutboxEntry, PodTableDB } from '../../db/schema';
import { MAX_ATTEMPTS } from './attempts';

export const RECORDED_VERDICTS_KEY = 'sync:verdicts';

export type RecordedVerdict = { id: string; status: 'applied' } | { id: string; status: 'refused'; message: string } | { id: string; status: 'gaveUp' };

/** An answer's verdicts, as the sender reads them (the shape applyServerData takes). */
export interface AnswerVerdicts {
  applied?: readonly string[];
  refused?: ReadonlyMap<string, string>;
  errored?: readonly string[];
}

function isRecordedVerdict(value: unknown): value is RecordedVerdict {
  const verdict = value as Partial<Record<'id' | 'status' | 'message', unknown>> | null;
  if (!verdict || typeof verdict !== 'object' || typeof verdict.id !== 'string') return false;
  return verdict.status === 'applied' || verdict.status === 'gaveUp' || (verdict.status === 'refused' && typeof verdict.message === 'string');
}

/** The recorded verdicts, oldest first (storage is a boundary: anything malformed is left out). */
export async function readRecordedVerdicts(db: PodTableDB): Promise<RecordedVerdict[]> {
  const value = (await db.meta.get(RECORDED_VERDICTS_KEY))?.value;
  return Array.isArray(value) ? value.filter(isRecordedVerdict) : [];
}

/** Records one answer (the service worker's `settle`). Attempts are counted on the entries here. */
export async function recordVerdicts(db: PodTableDB, answer: AnswerVerdicts): Promise<void> {
  await db.transaction('rw', db.outbox, db.meta, async () => {
    const recorded = await readRecordedVerdicts(db);
    const known = new Set(recorded.map((verdict) => verdict.id));
    const add = (verdict: RecordedVerdict) => {
      if (known.has(verdict.id)) return;
      known.add(verdict.id);
      recorded.push(verdict);
    };
    for (const id of answer.applied ?? []) add({ id, status: 'applied' });
    for (const [id, message] of answer.refused ?? []) add({ id, status: 'refused', message });
    for (const id of answer.errored ?? []) {
      const entry = await db.outbox.where('id').equals(id).first();
      if (!entry || known.has(id) || entry.status !== 'queued') continue;
      const attempts = entry.attempts + 1;
      await db.outbox.update(entry.seq!, { attempts });
      if (attempts >= MAX_ATTEMPTS) add({ id, status: 'gaveUp' });
    }
    await db.meta.put({ key: RECORDED_VERDICTS_KEY, value: recorded });
  });
}

/**
 * Queued entries with no recorded verdict, in `seq` order (only those with one of `ids` when
 * given): what a sender may send. Read in one transaction with the records, so a verdict being
 * applied by the page meanwhile is seen either as a record or as its result, never as neither.
 */
export async function sendableEntries(db: PodTableDB, ids?: readonly string[]): Promise<OutboxEntry[]> {
  return db.transaction('r', db.outbox, db.meta, async () => {
    const sendable = await sendableTest(db);
    const entries = ids ? (await db.outbox.where('id').anyOf(ids).toArray()).sort((a, b) => a.seq! - b.seq!) : await db.outbox.orderBy('seq').toArray();
    return entries.filter(sendable);
  });
}

/**
 * Entries read per page by `firstSendableEntries`: twice a push's PUSH_MAX_MUTATIONS, so one
 * page usually holds a whole batch even behind a few failed entries.
 */
export const SENDABLE_PAGE = 200;

/**
 * The first `limit` of `sendableEntries`, read in pages of SENDABLE_PAGE by `seq`: picking the
 * next push reads about one batch, not the whole queue (reading the whole queue each round made
 * replaying n writes read n²/200 entries).
 */
export async function firstSendableEntries(db: PodTableDB, limit: number): Promise<OutboxEntry[]> {
  return db.transaction('r', db.outbox, db.meta, async () => {
    const sendable = await sendableTest(db);
    const found: OutboxEntry[] = [];
    let after = -Infinity;
    for (;;) {
      const page = await db.outbox.where('seq').above(after).limit(SENDABLE_PAGE).toArray();
      for (const entry of page) {
        if (!sendable(entry)) continue;
        found.push(entry);
        if (found.length === limit) return found;
      }
      if (page.length < SENDABLE_PAGE) return found;
      after = page[page.length - 1]!.seq!;
    }
  });
}

async function sendableTest(db: PodTableDB): Promise<(entry: OutboxEntry) => boolean> {
  const recorded = new Set((await readRecordedVerdicts(db)).map((verdict) => verdict.id));
  return (entry) => entry.status === 'queued' && !recorded.has(entry.id);
}
