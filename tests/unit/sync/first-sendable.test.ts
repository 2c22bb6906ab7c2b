/**
 * The sender picks each push from the front of the outbox (firstSendableEntries), reading it in
 * pages instead of whole: the pick must be exactly the first entries `sendableEntries` lists —
 * queued, with no recorded verdict, in `seq` order — however many failed or recorded entries
 * stand before them, across page boundaries.
 */
import { describe, expect, it } from 'vitest';
import type { OutboxEntry, OutboxStatus, PodTableDB } from '../../../src/db/schema';
import { firstSendableEntries, RECORDED_VERDICTS_KEY, SENDABLE_PAGE, sendableEntries } from '../../../src/sync/engine/recorded-verdicts';
import { freshDb } from './helpers';

async function queue(db: PodTableDB, count: number, status: OutboxStatus = 'queued', prefix = 'm'): Promise<string[]> {
  const entries: OutboxEntry[] = Array.from({ length: count }, (_, i) => ({
    id: `${prefix}-${i}`,
    name: 'dm.send',
    args: { content: `${prefix} ${i}` },
    target: { table: 'directMessages', id: `${prefix}-${i}` },
    keys: [`directMessages:${prefix}-${i}`],
    status,
    attempts: 0,
    createdAt: 1_700_000_000_000 + i,
  }));
  await db.outbox.bulkAdd(entries);
  return entries.map((entry) => entry.id);
}

const ids = (entries: OutboxEntry[]) => entries.map((entry) => entry.id);

describe('firstSendableEntries', () => {
  it('is the front of sendableEntries, in seq order, up to the limit', async () => {
    const db = await freshDb();
    const queued = await queue(db, 150);
    expect(ids(await firstSendableEntries(db, 100))).toEqual(queued.slice(0, 100));
    expect(ids(await firstSendableEntries(db, 1))).toEqual(queued.slice(0, 1));
    expect(ids(await firstSendableEntries(db, 500))).toEqual(ids(await sendableEntries(db)));
  });

  it('skips more failed entries than a page holds, and recorded ones, to the queued writes behind them', async () => {
    const db = await freshDb();
    await queue(db, SENDABLE_PAGE + 30, 'failed', 'f');
    const queued = await queue(db, 120);
    await db.meta.put({ key: RECORDED_VERDICTS_KEY, value: queued.slice(0, 5).map((id) => ({ id, status: 'applied' })) });
    const picked = await firstSendableEntries(db, 100);
    expect(ids(picked)).toEqual(queued.slice(5, 105));
    expect(ids(picked)).toEqual(ids(await sendableEntries(db)).slice(0, 100));
  });

  it('finds a queued write exactly at a page boundary, and nothing in an outbox with none', async () => {
    const db = await freshDb();
    expect(await firstSendableEntries(db, 100)).toEqual([]);
    await queue(db, SENDABLE_PAGE, 'failed', 'f');
    expect(await firstSendableEntries(db, 100)).toEqual([]);
    const queued = await queue(db, 1);
    expect(ids(await firstSendableEntries(db, 100))).toEqual(queued);
  });
});
