import { describe, expect, it } from 'vitest';
import { readSession } from '../../../src/db/session';
import { enqueueWrite, retryEntry } from '../../../src/sync/outbox';
import { createSender, type Appliers } from '../../../src/sync/sender';
import { fail, freshDb, offline, scriptedApi } from './helpers';

const applied: string[] = [];
const appliers: Appliers = {
  note: {
    async applied(_db, entry) {
      applied.push(entry.id);
    },
  },
};

function write(text: string) {
  return { kind: 'note', method: 'POST' as const, path: '/api/notes', body: { text } };
}

describe('outbox sender', () => {
  it('sends entries in the order they were written, each with its own Idempotency-Key, and empties the outbox', async () => {
    const db = await freshDb();
    const a = await enqueueWrite(db, write('a'));
    const b = await enqueueWrite(db, write('b'));
    const c = await enqueueWrite(db, write('c'));
    const api = scriptedApi(() => ({ ok: true }));
    const result = await createSender({ db, api, appliers }).drain();
    expect(result).toEqual({ state: 'empty' });
    expect(api.calls.map((call) => (call.options.body as { text: string }).text)).toEqual(['a', 'b', 'c']);
    expect(api.calls.map((call) => call.options.idempotencyKey)).toEqual([a.id, b.id, c.id]);
    expect(await db.outbox.count()).toBe(0);
  });

  it('keeps an entry after a network error, backs off 1 s doubling to 30 s, and holds later entries back', async () => {
    const db = await freshDb();
    await enqueueWrite(db, write('first'));
    await enqueueWrite(db, write('second'));
    let now = 1_000_000;
    const api = scriptedApi(offline);
    const sender = createSender({ db, api, appliers, now: () => now });
    const delays: number[] = [];
    for (let attempt = 0; attempt < 7; attempt++) {
      const result = await sender.drain();
      if (result.state !== 'waiting') throw new Error(`expected waiting, got ${result.state}`);
      delays.push(result.retryInMs);
      now += result.retryInMs;
    }
    expect(delays).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
    expect(api.calls.every((call) => (call.options.body as { text: string }).text === 'first')).toBe(true);
    expect(await db.outbox.count()).toBe(2);
  });

  it.each([408, 429, 500, 503])('retries after %i with the same Idempotency-Key', async (status) => {
    const db = await freshDb();
    const entry = await enqueueWrite(db, write('x'));
    let answer: () => unknown = () => fail(status);
    const api = scriptedApi(() => answer());
    let now = 0;
    const sender = createSender({ db, api, appliers, now: () => now });
    expect((await sender.drain()).state).toBe('waiting');
    answer = () => ({ ok: true });
    now += 1000;
    expect(await sender.drain()).toEqual({ state: 'empty' });
    expect(api.calls.map((call) => call.options.idempotencyKey)).toEqual([entry.id, entry.id]);
  });

  it('pauses on 401 until the session is resumed, keeping the entry', async () => {
    const db = await freshDb();
    await enqueueWrite(db, write('x'));
    const api = scriptedApi(() => fail(401));
    const sender = createSender({ db, api, appliers });
    expect(await sender.drain()).toEqual({ state: 'paused' });
    expect((await readSession(db)).paused).toBe(true);
    expect(await sender.drain()).toEqual({ state: 'paused' });
    expect(api.calls).toHaveLength(1);
    expect(await db.outbox.count()).toBe(1);
  });

  it('marks a 4xx as failed with the server message and goes on with the queue; retry puts it back in place', async () => {
    const db = await freshDb();
    const bad = await enqueueWrite(db, write('bad'));
    await enqueueWrite(db, write('good'));
    let rejectBad = true;
    const api = scriptedApi((call) => {
      if ((call.options.body as { text: string }).text === 'bad' && rejectBad) fail(409, 'That e-mail is taken.');
      return { ok: true };
    });
    const sender = createSender({ db, api, appliers });
    expect(await sender.drain()).toEqual({ state: 'empty' });
    const rows = await db.outbox.toArray();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: bad.id, status: 'failed', error: 'That e-mail is taken.' });

    rejectBad = false;
    await retryEntry(db, bad.id);
    expect(await sender.drain()).toEqual({ state: 'empty' });
    expect(await db.outbox.count()).toBe(0);
  });

  it('never sends the same entry twice when two senders drain at once (one lock)', async () => {
    const db = await freshDb();
    for (const text of ['1', '2', '3', '4']) await enqueueWrite(db, write(text));
    const api = scriptedApi(async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      return { ok: true };
    });
    const first = createSender({ db, api, appliers });
    const second = createSender({ db, api, appliers });
    await Promise.all([first.drain(), second.drain(), first.drain()]);
    expect(api.calls.map((call) => (call.options.body as { text: string }).text)).toEqual(['1', '2', '3', '4']);
  });

  it('sends nothing without a token', async () => {
    const db = await freshDb();
    await db.meta.clear();
    await enqueueWrite(db, write('x'));
    const api = scriptedApi(() => ({ ok: true }));
    expect(await createSender({ db, api, appliers }).drain()).toEqual({ state: 'paused' });
    expect(api.calls).toHaveLength(0);
  });
});
