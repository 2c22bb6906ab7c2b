import { describe, expect, it } from 'vitest';
import type { PushRequest, PushResponse } from '../../../src/contract/sync';
import { PROTOCOL_VERSION, PUSH_MAX_MUTATIONS, pushResponse } from '../../../src/contract/sync';
import { readSession, writeSession } from '../../../src/db/session';
import { TimeoutError } from '../../../src/sync/engine/api';
import { applyServerData, MAX_ATTEMPTS } from '../../../src/sync/engine/apply-server';
import { UNREACHABLE_RETRY_CAP_MS } from '../../../src/sync/engine/backoff';
import { writeCursor } from '../../../src/sync/engine/cursor';
import { mutate } from '../../../src/sync/engine/mutate';
import { createSender } from '../../../src/sync/engine/sender';
import { fail, freshDb, offline, scriptedApi, type RecordedCall } from './helpers';

const pod = { id: 'p1', name: 'Friday', ownerId: 'u1', createdById: 'u1', members: [{ id: 'u1', username: 'user-u1', displayName: null, avatarUrl: null }], createdAt: '2026-01-01T00:00:00.000Z', rev: 1 };

async function withPod() {
  const db = await freshDb();
  await applyServerData(db, { puts: { pods: [pod] } });
  return db;
}

const say = (db: Awaited<ReturnType<typeof freshDb>>, content: string) => mutate(db, 'pod.message.send', { id: crypto.randomUUID(), podId: 'p1', content });
const readAnswer = (raw: unknown) => pushResponse.parse(raw);
const body = (call: RecordedCall) => call.options.body as PushRequest;
const allApplied = (call: RecordedCall): PushResponse => ({ results: body(call).mutations.map((m) => ({ id: m.id, status: 'applied' as const })), pull: null });

describe('outbox sender (batched push)', () => {
  it('sends queued writes in order, many per request, with the cursor, and empties the outbox', async () => {
    const db = await withPod();
    await writeCursor(db, 4);
    const written = [];
    for (let i = 0; i < 150; i++) written.push(await say(db, `m${i}`));
    const api = scriptedApi(allApplied);
    expect(await createSender({ db, api, readAnswer }).drain()).toEqual({ state: 'empty' });
    expect(api.calls.map((call) => body(call).mutations.length)).toEqual([PUSH_MAX_MUTATIONS, 50]);
    expect(api.calls.flatMap((call) => body(call).mutations.map((m) => m.id))).toEqual(written.map((entry) => entry.id));
    expect(body(api.calls[0]!).cursor).toBe(4);
    expect(await db.outbox.count()).toBe(0);
    expect((await db.podMessages.toArray()).every((message) => message.syncState === undefined)).toBe(true);
  });

  it('marks only the refused write failed and goes on with the rest', async () => {
    const db = await withPod();
    const [a, b, c] = [await say(db, 'a'), await say(db, 'b'), await say(db, 'c')];
    const api = scriptedApi(() => ({
      results: [
        { id: a.id, status: 'applied' },
        { id: b.id, status: 'refused', code: 404, message: 'Pod not found.' },
        { id: c.id, status: 'applied' },
      ],
      pull: null,
    }));
    expect(await createSender({ db, api, readAnswer }).drain()).toEqual({ state: 'empty' });
    expect(await db.outbox.toArray()).toMatchObject([{ id: b.id, status: 'failed', error: 'Pod not found.' }]);
    expect((await db.podMessages.get((b.args as { id: string }).id))?.syncState).toBe('failed');
  });

  it('offline: waits with a jittered backoff, never counts it against a write, and forgets it when the network is back', async () => {
    const db = await withPod();
    const entry = await say(db, 'x');
    let networkBack = false;
    const api = scriptedApi((call) => (networkBack ? allApplied(call) : offline()));
    // The browser knows it is offline: its 'online' event (and Background Sync) will say when to send.
    const sender = createSender({ db, api, random: () => 0.5, readAnswer, isOnline: () => false });
    const delays: number[] = [];
    for (let i = 0; i < 7; i++) {
      const result = await sender.drain();
      if (result.state !== 'waiting') throw new Error(result.state);
      expect(result.offline).toBe(true);
      delays.push(result.retryInMs);
    }
    expect(delays).toEqual([500, 1000, 2000, 4000, 8000, 15000, 15000]);
    expect((await db.outbox.get(entry.seq!))?.attempts).toBe(0);
    // What the screens read to say 'Waiting for connection…'.
    expect((await readSession(db)).unreachable).toBe(true);
    sender.resetBackoff();
    const again = await sender.drain();
    expect(again.state === 'waiting' && again.retryInMs).toBe(500);
    networkBack = true;
    expect(await sender.drain()).toEqual({ state: 'empty' });
    expect((await readSession(db)).unreachable).toBe(false);
  });

  it('no connection while the browser says online (nothing will tell when it is back): tries again at most 1 s apart, however long it lasts', async () => {
    const db = await withPod();
    await say(db, 'x');
    let networkBack = false;
    const api = scriptedApi((call) => (networkBack ? allApplied(call) : offline()));
    for (const random of [0.999, 0.5]) {
      const sender = createSender({ db, api, random: () => random, readAnswer, isOnline: () => true });
      const delays: number[] = [];
      for (let i = 0; i < 12; i++) {
        const result = await sender.drain();
        if (result.state !== 'waiting') throw new Error(result.state);
        delays.push(result.retryInMs);
      }
      expect(Math.max(...delays)).toBeLessThanOrEqual(UNREACHABLE_RETRY_CAP_MS);
      expect(delays.at(-1)).toBe(Math.floor(random * UNREACHABLE_RETRY_CAP_MS));
    }
    networkBack = true;
    expect(await createSender({ db, api, readAnswer }).drain()).toEqual({ state: 'empty' });
    expect(api.calls.at(-1) && body(api.calls.at(-1)!).mutations).toHaveLength(1);

    // A server that answers (a 5xx) is not probed that fast: it gets the full backoff.
    const other = await withPod();
    await say(other, 'y');
    const busy = createSender({ db: other, api: scriptedApi(() => fail(503)), random: () => 0.999, readAnswer, isOnline: () => true });
    const waits: number[] = [];
    for (let i = 0; i < 6; i++) {
      const result = await busy.drain();
      if (result.state === 'waiting') waits.push(result.retryInMs);
    }
    expect(Math.max(...waits)).toBeGreaterThan(UNREACHABLE_RETRY_CAP_MS * 10);
  });

  it('a write the server fails on (5xx for it) is tried again, then shown failed after a bounded number of tries; the queue goes on', async () => {
    const db = await withPod();
    const bad = await say(db, 'bad');
    const good = await say(db, 'good');
    const api = scriptedApi((call) => {
      const ids = body(call).mutations.map((m) => m.id);
      return { results: ids[0] === bad.id ? [{ id: bad.id, status: 'error', message: 'Something went wrong on our side.' }] : ids.map((id) => ({ id, status: 'applied' })), pull: null };
    });
    const sender = createSender({ db, api, random: () => 0, readAnswer });
    for (let i = 1; i < MAX_ATTEMPTS; i++) expect((await sender.drain()).state).toBe('waiting');
    expect(await sender.drain()).toEqual({ state: 'empty' });
    expect(await db.outbox.toArray()).toMatchObject([{ id: bad.id, status: 'failed', attempts: MAX_ATTEMPTS }]);
    expect(api.calls.at(-1) && body(api.calls.at(-1)!).mutations.map((m) => m.id)).toEqual([good.id]);
  });

  it('after a failed request (timeout, 5xx) sends the first write alone, so one write that breaks every request is found', async () => {
    const db = await withPod();
    const poison = await say(db, 'poison');
    await say(db, 'fine');
    let answers = 0;
    const api = scriptedApi((call) => {
      answers += 1;
      if (body(call).mutations.some((m) => m.id === poison.id)) throw new TimeoutError();
      return allApplied(call);
    });
    const sender = createSender({ db, api, random: () => 0, readAnswer });
    // One round finds the request fails, MAX_ATTEMPTS rounds send the poison alone, the last sends the rest.
    for (let i = 0; i < MAX_ATTEMPTS + 2; i++) await sender.drain();
    expect(api.calls.slice(1).every((call) => body(call).mutations.length === 1)).toBe(true);
    expect(await db.outbox.toArray()).toMatchObject([{ id: poison.id, status: 'failed' }]);
    expect(answers).toBeGreaterThan(MAX_ATTEMPTS);
  });

  it('401 pauses sending until the next login; 426 pauses it and asks for the update', async () => {
    for (const [status, field, value] of [
      [401, 'paused', true],
      [426, 'updateRequired', PROTOCOL_VERSION],
    ] as const) {
      const db = await withPod();
      await say(db, 'x');
      const sender = createSender({ db, api: scriptedApi(() => fail(status)), readAnswer });
      expect(await sender.drain()).toEqual({ state: 'paused' });
      expect((await readSession(db))[field]).toBe(value);
      expect(await db.outbox.count()).toBe(1);
    }
  });

  it('an update asked for by an older protocol does not hold back an app that speaks a newer one', async () => {
    const db = await withPod();
    await say(db, 'x');
    await writeSession(db, { updateRequired: PROTOCOL_VERSION });
    const api = scriptedApi(allApplied);
    expect(await createSender({ db, api, readAnswer }).drain()).toEqual({ state: 'paused' });
    expect(api.calls).toHaveLength(0);
    await writeSession(db, { updateRequired: PROTOCOL_VERSION - 1 });
    expect(await createSender({ db, api, readAnswer }).drain()).toEqual({ state: 'empty' });
    expect(await db.outbox.count()).toBe(0);
  });

  it('429 waits for Retry-After', async () => {
    const db = await withPod();
    await say(db, 'x');
    const api = scriptedApi(() => ({ results: [], retryAfter: 7, pull: null }));
    expect(await createSender({ db, api, readAnswer }).drain()).toEqual({ state: 'waiting', retryInMs: 7000 });
  });

  it("brings the mirror up to date with the pull in the push's answer", async () => {
    const db = await withPod();
    await writeCursor(db, 1);
    const entry = await say(db, 'hello');
    const api = scriptedApi((): PushResponse => ({
      results: [{ id: entry.id, status: 'applied' }],
      pull: { cursor: 3, reset: false, more: false, applied: [], puts: { pods: [{ ...pod, name: 'Renamed', rev: 2 }] }, dels: {} },
    }));
    await createSender({ db, api, readAnswer }).drain();
    expect((await db.pods.get('p1'))?.name).toBe('Renamed');
    expect((await db.meta.get('sync:cursor'))?.value).toBe(3);
  });
});
