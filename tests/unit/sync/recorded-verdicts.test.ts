/**
 * The service worker records the server's verdicts (src/sync/engine/recorded-verdicts.ts) and the page
 * applies them (applyRecordedVerdicts, src/sync/engine/apply-server.ts): the mirror and the outbox must
 * end exactly as when the page's sender applies each answer itself, a recorded write is never
 * sent again, and a recorded verdict is applied before any server data the page gets afterwards.
 */
import { describe, expect, it, vi } from 'vitest';
import type { Game } from '../../../src/contract/game';
import type { PushRequest, PushResponse } from '../../../src/contract/sync';
import { pushResponse } from '../../../src/contract/sync';
import { openDatabase, type PodTableDB } from '../../../src/db/schema';
import { readSession } from '../../../src/db/session';
import { ApiError } from '../../../src/sync/engine/api';
import { applyRecordedVerdicts, applyServerData } from '../../../src/sync/engine/apply-server';
import { GAVE_UP_MESSAGE, MAX_ATTEMPTS } from '../../../src/sync/engine/attempts';
import { countUnsent } from '../../../src/sync/actions/auth';
import { mutate } from '../../../src/sync/engine/mutate';
import type { Sender } from '../../../src/sync/engine/outbox-sender';
import { createWorkerSender } from '../../../src/sync/engine/worker-sender';
import { readRecordedVerdicts, recordVerdicts, RECORDED_VERDICTS_KEY, sendableEntries } from '../../../src/sync/engine/recorded-verdicts';
import { createSender } from '../../../src/sync/engine/sender';
import { watchRecordedVerdicts } from '../../../src/sync/engine/watch-verdicts';
import { fourPlayerGame } from '../game/helpers';
import { fail, freshDb, scriptedApi, type RecordedCall } from './helpers';

type Verdict = 'applied' | 'error' | { refused: string };

const me = { id: 'u1', username: 'user-u1', displayName: null, avatarUrl: null };
const bo = { id: 'u2', username: 'bo', displayName: null, avatarUrl: null };
const pod = { id: 'p1', name: 'Friday', ownerId: 'u1', createdById: 'u1', members: [me], createdAt: '2026-01-01T00:00:00.000Z', rev: 1 };
const body = (call: RecordedCall) => call.options.body as PushRequest;
const sentIds = (calls: RecordedCall[]) => calls.flatMap((call) => body(call).mutations.map((m) => m.id));

/** A server that answers each mutation as `verdicts` says (default applied) and, like the real one, stops a batch at an error. */
function server(verdicts: Map<string, Verdict>, pull: () => PushResponse['pull'] = () => null) {
  /** How many answers each mutation got (a mutation after an error in its batch gets none). */
  const answered = new Map<string, number>();
  const api = scriptedApi((call): PushResponse => {
    const results: PushResponse['results'] = [];
    for (const { id } of body(call).mutations) {
      answered.set(id, (answered.get(id) ?? 0) + 1);
      const verdict = verdicts.get(id) ?? 'applied';
      if (verdict === 'error') {
        results.push({ id, status: 'error', message: 'Something went wrong on our side.' });
        break;
      }
      results.push(verdict === 'applied' ? { id, status: 'applied' } : { id, status: 'refused', code: 403, message: verdict.refused });
    }
    return { results, pull: pull() };
  });
  return Object.assign(api, { answered });
}

/** The page's sender: every answer applied to the mirror at once. */
const pageSender = (db: PodTableDB, api: ReturnType<typeof server>) => createSender({ db, api, random: () => 0, readAnswer: (raw) => pushResponse.parse(raw) });

/** The service worker's sender (the one sw/sw.ts uses): no catch-up, verdicts recorded. */
const workerSender = (db: PodTableDB, api: ReturnType<typeof server>) => createWorkerSender({ db, api, random: () => 0 });

async function drainUntilEmpty(sender: Sender): Promise<void> {
  for (let round = 0; round < 4 * MAX_ATTEMPTS; round++) if ((await sender.drain()).state === 'empty') return;
  throw new Error('the outbox did not drain');
}

let clones = 0;
/** A second device state identical to `from` (same rows, same outbox seqs and createdAt). */
async function cloneDb(from: PodTableDB): Promise<PodTableDB> {
  clones += 1;
  const to = openDatabase(`clone-${Date.now()}-${clones}`);
  await to.open();
  for (const table of from.tables) await to.table(table.name).bulkPut(await table.toArray());
  return to;
}

async function snapshot(db: PodTableDB): Promise<Record<string, unknown[]>> {
  return Object.fromEntries(await Promise.all(db.tables.map(async (table) => [table.name, await table.toArray()] as const)));
}

/** A mirror with a pod, a game and an incoming friend request, and six writes waiting. */
async function deviceWithWrites() {
  const db = await freshDb();
  const game: Game = { ...fourPlayerGame(), rev: 1 };
  await db.users.put({ ...bo, email: undefined, defaultDeckId: null });
  await applyServerData(db, {
    puts: {
      pods: [pod],
      games: [game],
      friendRequests: [{ friendshipId: 'f1', status: 'PENDING', requester: bo, addressee: me, createdAt: '2026-01-01T00:00:00.000Z' }],
    },
  });
  const say = (content: string) => mutate(db, 'pod.message.send', { id: crypto.randomUUID(), podId: 'p1', content });
  const writes = {
    hello: await say('hello'),
    rename: await mutate(db, 'pod.rename', { podId: 'p1', name: 'Saturday' }),
    life: await mutate(db, 'game.increment', { gameId: game.id, increment: { id: crypto.randomUUID(), seat: 1, counter: 'life', delta: -5 } }),
    accept: await mutate(db, 'friend.accept', { friendshipId: 'f1' }),
    poison: await say('breaks the server'),
    bye: await say('bye'),
  };
  const verdicts = new Map<string, Verdict>([
    [writes.rename.id, { refused: 'Only the owner can rename the pod.' }],
    [writes.accept.id, { refused: 'Friend request not found.' }],
    [writes.poison.id, 'error'],
  ]);
  return { db, game, writes, verdicts };
}

describe('verdicts recorded by the service worker, applied by the page', () => {
  it('leave the mirror and the outbox exactly as the page applying each answer itself', async () => {
    const { db: direct, writes, verdicts } = await deviceWithWrites();
    const recorded = await cloneDb(direct);

    await drainUntilEmpty(pageSender(direct, server(verdicts)));

    const workerApi = server(verdicts);
    const worker = workerSender(recorded, workerApi);
    await drainUntilEmpty(worker);
    // Until the page applies them, the writes stay in the outbox as they were, with their verdicts recorded.
    expect(await recorded.outbox.count()).toBe(6);
    expect(await recorded.outbox.where('id').equals(writes.poison.id).first()).toMatchObject({ status: 'queued', attempts: MAX_ATTEMPTS });
    expect(await readRecordedVerdicts(recorded)).toEqual([
      { id: writes.hello.id, status: 'applied' },
      { id: writes.life.id, status: 'applied' },
      { id: writes.rename.id, status: 'refused', message: 'Only the owner can rename the pod.' },
      { id: writes.accept.id, status: 'refused', message: 'Friend request not found.' },
      { id: writes.poison.id, status: 'gaveUp' },
      { id: writes.bye.id, status: 'applied' },
    ]);
    // Each write was answered once and never sent after its verdict; the poison MAX_ATTEMPTS times.
    for (const write of Object.values(writes)) expect(workerApi.answered.get(write.id)).toBe(write === writes.poison ? MAX_ATTEMPTS : 1);
    const calls = workerApi.calls.length;
    expect(await worker.drain()).toEqual({ state: 'empty' });
    expect(workerApi.calls).toHaveLength(calls);

    expect(await applyRecordedVerdicts(recorded)).toBe(true);
    expect(await recorded.meta.get(RECORDED_VERDICTS_KEY)).toBeUndefined();
    expect(await snapshot(recorded)).toEqual(await snapshot(direct));
    // What that state is: the refused rename and the given-up message show failed, the rest is settled.
    expect(await recorded.outbox.toArray()).toMatchObject([
      { id: writes.rename.id, status: 'failed', error: 'Only the owner can rename the pod.' },
      { id: writes.poison.id, status: 'failed', error: GAVE_UP_MESSAGE, attempts: MAX_ATTEMPTS },
    ]);
    expect(await recorded.pods.get('p1')).toMatchObject({ name: 'Friday', syncState: 'failed', syncError: 'Only the owner can rename the pod.' });
    expect(await recorded.friendRequests.get('f1')).toBeDefined();
    expect(await recorded.friendships.get('f1')).toBeUndefined();
    // Applied once: a second call finds nothing to apply.
    expect(await applyRecordedVerdicts(recorded)).toBe(false);
  });

  it("a verdict the worker recorded is applied before the next answer the page's own sender gets, and the page never sends that write", async () => {
    const db = await freshDb();
    await applyServerData(db, { puts: { pods: [pod] } });
    const first = await mutate(db, 'pod.rename', { podId: 'p1', name: 'Saturday' });
    const direct = await cloneDb(db);
    const verdicts = new Map<string, Verdict>([[first.id, { refused: 'Only the owner can rename the pod.' }]]);

    // The worker sends the first rename (the app closed), the server refuses it.
    await drainUntilEmpty(workerSender(db, server(verdicts)));
    const second = await mutate(db, 'pod.rename', { podId: 'p1', name: 'Sunday' }, { id: 'second-rename' });
    await mutate(direct, 'pod.rename', { podId: 'p1', name: 'Sunday' }, { id: 'second-rename' });
    // Another member renamed it meanwhile; the page's push answer carries that copy.
    const pull = () => ({ cursor: 1, reset: false, more: false, applied: [], puts: { pods: [{ ...pod, name: 'Sunday', rev: 3 }] }, dels: {} });

    const pageApi = server(verdicts, pull);
    await drainUntilEmpty(pageSender(db, pageApi));
    expect(sentIds(pageApi.calls)).toEqual([second.id]);

    // The same two answers, got by one sender in order.
    await drainUntilEmpty(pageSender(direct, server(verdicts, pull)));
    expect(await snapshot(db)).toEqual(await snapshot(direct));
    expect(await db.pods.get('p1')).toMatchObject({ name: 'Sunday', syncState: 'failed' });
  });

  it('a write the worker gets no verdict for is retried by the worker, counted once per send, and given up at MAX_ATTEMPTS', async () => {
    const db = await freshDb();
    await applyServerData(db, { puts: { pods: [pod] } });
    const entry = await mutate(db, 'pod.message.send', { id: crypto.randomUUID(), podId: 'p1', content: 'x' });
    const api = server(new Map([[entry.id, 'error']]));
    const worker = workerSender(db, api);
    for (let attempt = 1; attempt < MAX_ATTEMPTS; attempt++) {
      expect((await worker.drain()).state).toBe('waiting');
      expect(await db.outbox.get(entry.seq!)).toMatchObject({ status: 'queued', attempts: attempt });
      expect(await readRecordedVerdicts(db)).toEqual([]);
    }
    expect(await worker.drain()).toEqual({ state: 'empty' });
    expect(await readRecordedVerdicts(db)).toEqual([{ id: entry.id, status: 'gaveUp' }]);
    await applyRecordedVerdicts(db);
    expect(await db.outbox.get(entry.seq!)).toMatchObject({ status: 'failed', error: GAVE_UP_MESSAGE, attempts: MAX_ATTEMPTS });
    expect((await db.podMessages.get((entry.args as { id: string }).id))?.syncState).toBe('failed');
  });

  it('a write the server refuses alone after a failed request (a 4xx for the whole probe) is recorded refused with its message', async () => {
    const db = await freshDb();
    await applyServerData(db, { puts: { pods: [pod] } });
    const entry = await mutate(db, 'pod.message.send', { id: crypto.randomUUID(), podId: 'p1', content: 'x' });
    let calls = 0;
    const api = scriptedApi(() => (++calls === 1 ? fail(503) : fail(400, 'This message is not allowed.')));
    const worker = workerSender(db, api as ReturnType<typeof server>);
    await drainUntilEmpty(worker);
    expect(await readRecordedVerdicts(db)).toEqual([{ id: entry.id, status: 'refused', message: 'This message is not allowed.' }]);
    await applyRecordedVerdicts(db);
    expect(await db.outbox.get(entry.seq!)).toMatchObject({ status: 'failed', error: 'This message is not allowed.', attempts: 1 });
  });

  it('401, 426 and 429 behave in the worker as in the page: paused, update asked for, wait; nothing recorded', async () => {
    for (const [status, expected] of [
      [401, { state: 'paused' }],
      [426, { state: 'paused' }],
      [429, { state: 'waiting', retryInMs: 3000 }],
    ] as const) {
      const db = await freshDb();
      await applyServerData(db, { puts: { pods: [pod] } });
      await mutate(db, 'pod.message.send', { id: crypto.randomUUID(), podId: 'p1', content: 'x' });
      // A 429 as the API client throws it, with Retry-After: 3.
      const api = scriptedApi(() => (status === 429 ? throwError(new ApiError(429, { message: 'slow down' }, 'slow down', 3)) : fail(status)));
      expect(await workerSender(db, api as ReturnType<typeof server>).drain()).toEqual(expected);
      const session = await readSession(db);
      if (status === 401) expect(session.paused).toBe(true);
      if (status === 426) expect(session.updateRequired).toBeDefined();
      if (status === 429) expect(session.slowedDown).toBe(true);
      expect(await readRecordedVerdicts(db)).toEqual([]);
      expect(await db.outbox.toArray()).toMatchObject([{ status: 'queued', attempts: 0 }]);
    }
  });

  it('records wait while nobody is signed in, and an applied one no longer counts as unsent', async () => {
    const db = await freshDb();
    await applyServerData(db, { puts: { pods: [pod] } });
    const entry = await mutate(db, 'pod.message.send', { id: crypto.randomUUID(), podId: 'p1', content: 'x' });
    await recordVerdicts(db, { applied: [entry.id] });
    const user = await db.users.get('u1');
    await db.users.delete('u1');
    expect(await applyRecordedVerdicts(db)).toBe(false);
    expect(await readRecordedVerdicts(db)).toHaveLength(1);
    // Not applied yet, and still never sent again.
    expect(await sendableEntries(db)).toEqual([]);
    await db.users.put(user!);
    expect(await countUnsent({ db, api: scriptedApi(() => undefined), kick: () => undefined })).toBe(0);
    expect(await db.podMessages.get((entry.args as { id: string }).id)).not.toHaveProperty('syncState');
  });

  it('a page watching the mirror applies what the worker records while it is open', async () => {
    const page = await freshDb();
    await applyServerData(page, { puts: { pods: [pod] } });
    const entry = await mutate(page, 'pod.message.send', { id: crypto.randomUUID(), podId: 'p1', content: 'x' });
    const stop = watchRecordedVerdicts(page);
    // The worker: its own connection to the same database.
    const worker = openDatabase(page.name);
    await drainUntilEmpty(workerSender(worker, server(new Map())));
    await vi.waitFor(async () => expect(await page.outbox.count()).toBe(0));
    expect(await page.podMessages.get((entry.args as { id: string }).id)).not.toHaveProperty('syncState');
    expect(await page.meta.get(RECORDED_VERDICTS_KEY)).toBeUndefined();
    stop();
    worker.close();
  });

  it('a snapshot that arrives before the page applied a recorded write holds its effect once', async () => {
    const db = await freshDb();
    const game: Game = { ...fourPlayerGame(), rev: 1 };
    await applyServerData(db, { puts: { games: [game] } });
    const entry = await mutate(db, 'game.increment', { gameId: game.id, increment: { id: crypto.randomUUID(), seat: 1, counter: 'life', delta: -5 } });
    await drainUntilEmpty(workerSender(db, server(new Map())));
    // The server applied it; a full snapshot (which lists no applied ids) carries its effect.
    const after = { ...game, rev: 2, participants: game.participants.map((p) => (p.seatNumber === 1 ? { ...p, lifeTotal: 35 } : p)) };
    await applyServerData(db, { reset: true, puts: { games: [after] }, cursor: { from: null, to: 9 } });
    const shown = await db.games.get(game.id);
    expect(shown?.participants.find((p) => p.seatNumber === 1)?.lifeTotal).toBe(35);
    expect(shown).not.toHaveProperty('syncState');
    expect(await db.outbox.get(entry.seq!)).toBeUndefined();
    expect(await db.bases.count()).toBe(0);
    expect(await readRecordedVerdicts(db)).toEqual([]);
  });
});

function throwError(error: Error): never {
  throw error;
}
