/**
 * A push that never answers (a connection that hangs instead of failing) holds the writes behind
 * it, and every other tab, for about REQUEST_TIMEOUT_MS, not longer (design.md "A sender that
 * never jams"). The real API client with a fetch that answers only its abort signal; fake
 * setTimeout/Date so 15 s pass at once (fake-indexeddb runs on setImmediate, left real).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pushResponse, type PushRequest, type PushResponse } from '../../../src/contract/sync';
import { createApiClient, REQUEST_TIMEOUT_MS } from '../../../src/sync/engine/api';
import { applyServerData } from '../../../src/sync/engine/apply-server';
import { BACKOFF_FLOOR_MS } from '../../../src/sync/engine/backoff';
import { createDrainLoop } from '../../../src/sync/engine/drain-loop';
import { mutate } from '../../../src/sync/engine/mutate';
import { createSender } from '../../../src/sync/engine/sender';
import { freshDb, scriptedApi, type RecordedCall } from './helpers';

const pod = { id: 'p1', name: 'Friday', ownerId: 'u1', createdById: 'u1', members: [{ id: 'u1', username: 'user-u1', displayName: null, avatarUrl: null }], createdAt: '2026-01-01T00:00:00.000Z', rev: 1 };
const readAnswer = (raw: unknown) => pushResponse.parse(raw);
const turn = () => new Promise((resolve) => setImmediate(resolve));

async function twoWrites() {
  const db = await freshDb();
  await applyServerData(db, { puts: { pods: [pod] } });
  const first = await mutate(db, 'pod.message.send', { id: crypto.randomUUID(), podId: 'p1', content: 'first' });
  const second = await mutate(db, 'pod.message.send', { id: crypto.randomUUID(), podId: 'p1', content: 'second' });
  return { db, first, second };
}

/** A fetch whose first call hangs until aborted; later calls answer every mutation applied. Records when each call was made. */
function hangingOnceFetch(start: number) {
  const sent: Array<{ at: number; ids: string[] }> = [];
  const fetchImpl = (async (_url: string, init: RequestInit) => {
    const ids = (JSON.parse(String(init.body)) as PushRequest).mutations.map((m) => m.id);
    sent.push({ at: Date.now() - start, ids });
    if (sent.length === 1) {
      return new Promise<Response>((_, reject) => init.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));
    }
    const answer: PushResponse = { results: ids.map((id) => ({ id, status: 'applied' })), pull: null };
    return new Response(JSON.stringify(answer), { status: 200, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
  return { sent, fetchImpl };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('a hung push', () => {
  it('delays the write queued behind it by the request timeout, not longer', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const { db, second } = await twoWrites();
    const { sent, fetchImpl } = hangingOnceFetch(Date.now());
    const loop = createDrainLoop(createSender({ db, api: createApiClient({ getToken: () => 'tkn', fetchImpl }), readAnswer, random: () => 0.999 }));
    loop.kick();
    while (sent.length === 0) await turn();

    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    expect(sent).toHaveLength(1);
    expect(await db.outbox.count()).toBe(2);

    // The timeout fires; the loop schedules its retry; the clock moves to it and no further.
    await vi.advanceTimersByTimeAsync(1);
    while (vi.getTimerCount() === 0) await turn();
    await vi.advanceTimersToNextTimerAsync();
    for (let i = 0; i < 1000 && (await db.outbox.count()) > 0; i++) await turn();
    expect(await db.outbox.count()).toBe(0);
    // The hung request carried both writes; the first answered request carrying the second:
    const carried = sent.slice(1).find((request) => request.ids.includes(second.id))!;
    expect(carried.at).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_MS);
    expect(carried.at).toBeLessThanOrEqual(REQUEST_TIMEOUT_MS + BACKOFF_FLOOR_MS);
    loop.stop();
    db.close();
  });

  it('holds another tab (a second sender sharing the lock) no longer than the request timeout', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const { db, first, second } = await twoWrites();
    const start = Date.now();
    const { sent, fetchImpl } = hangingOnceFetch(start);
    const hungTab = createSender({ db, api: createApiClient({ getToken: () => 'tkn', fetchImpl }), readAnswer });
    const otherApi = scriptedApi((call: RecordedCall): PushResponse => ({ results: (call.options.body as PushRequest).mutations.map((m) => ({ id: m.id, status: 'applied' })), pull: null }));
    const otherTab = createSender({ db, api: otherApi, readAnswer });

    const hung = hungTab.drain();
    while (sent.length === 0) await turn();
    let otherDoneAt: number | undefined;
    const other = otherTab.drain().then((result) => {
      otherDoneAt = Date.now() - start;
      return result;
    });

    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    for (let i = 0; i < 20; i++) await turn();
    expect(otherApi.calls).toHaveLength(0);
    expect(otherDoneAt).toBeUndefined();

    await vi.advanceTimersByTimeAsync(1);
    expect((await hung).state).toBe('waiting');
    expect(await other).toEqual({ state: 'empty' });
    expect(otherDoneAt).toBeLessThanOrEqual(REQUEST_TIMEOUT_MS);
    expect(otherApi.calls.flatMap((call) => (call.options.body as PushRequest).mutations.map((m) => m.id))).toEqual([first.id, second.id]);
    expect(await db.outbox.count()).toBe(0);
    db.close();
  });
});
