/**
 * The monotonic rule of read markers on the device: `read.mark` moves the mirror's marker only
 * forwards ((time, message id) order), a newer server copy arriving under a pending older mark
 * wins, and `markRead` queues a write only for a forward move of a message the server has.
 */
import { describe, expect, it } from 'vitest';
import { compareReadPoints, isPastMarker, readMarkerId, type ReadMarker } from '../../../src/contract/read-markers';
import type { PodTableDB } from '../../../src/db/schema';
import { applyServerData } from '../../../src/sync/engine/apply-server';
import type { SyncContext } from '../../../src/sync/engine/context';
import { mutate } from '../../../src/sync/engine/mutate';
import { markRead } from '../../../src/sync/actions/read-markers';
import { freshDb, scriptedApi } from '../sync/helpers';

const PEER = 'u2';
const at = (minute: number) => `2026-03-01T10:${String(minute).padStart(2, '0')}:00.000Z`;
const point = (minute: number, messageId: string) => ({ createdAt: at(minute), messageId });

function serverMarker(upTo: { createdAt: string; messageId: string }): ReadMarker {
  return { id: readMarkerId('dm', PEER), kind: 'dm', targetId: PEER, upTo, updatedAt: at(59) };
}

const markerNow = async (db: PodTableDB) => (await db.readMarkers.get(readMarkerId('dm', PEER)))?.upTo;

function context(db: PodTableDB): SyncContext & { kicks: number } {
  const ctx = { db, api: scriptedApi(() => undefined), kicks: 0, kick: () => void (ctx.kicks += 1) };
  return ctx;
}

describe('the order of read points', () => {
  it('is by time as an instant, then by message id', () => {
    expect(compareReadPoints(point(1, 'b'), point(2, 'a'))).toBeLessThan(0);
    expect(compareReadPoints(point(2, 'a'), point(2, 'b'))).toBeLessThan(0);
    expect(compareReadPoints({ createdAt: '2026-03-01T12:00:00+02:00', messageId: 'a' }, point(0, 'a'))).toBe(0);
    expect(isPastMarker(point(1, 'a'), null)).toBe(true);
    expect(isPastMarker(point(1, 'a'), point(1, 'a'))).toBe(false);
  });
});

describe('read.mark on the mirror', () => {
  it('moves the marker forwards only: an older or equal point changes nothing, ties go by message id', async () => {
    const db = await freshDb();
    await mutate(db, 'read.mark', { kind: 'dm', id: PEER, upTo: point(5, 'm5') });
    expect(await markerNow(db)).toEqual(point(5, 'm5'));
    await mutate(db, 'read.mark', { kind: 'dm', id: PEER, upTo: point(3, 'm3') });
    await mutate(db, 'read.mark', { kind: 'dm', id: PEER, upTo: point(5, 'm5') });
    await mutate(db, 'read.mark', { kind: 'dm', id: PEER, upTo: point(5, 'm4') });
    expect(await markerNow(db)).toEqual(point(5, 'm5'));
    await mutate(db, 'read.mark', { kind: 'dm', id: PEER, upTo: point(5, 'm6') });
    expect(await markerNow(db)).toEqual(point(5, 'm6'));
    // A pod's marker is its own row.
    await mutate(db, 'read.mark', { kind: 'pod', id: PEER, upTo: point(1, 'p1') });
    expect((await db.readMarkers.get(readMarkerId('pod', PEER)))?.upTo).toEqual(point(1, 'p1'));
    expect(await markerNow(db)).toEqual(point(5, 'm6'));
  });

  it('two devices in any order end at the greatest point: a newer server copy under a pending older mark wins', async () => {
    const db = await freshDb();
    await applyServerData(db, { puts: { readMarkers: [serverMarker(point(2, 'm2'))] } });
    // This device read up to m4 offline.
    const entry = await mutate(db, 'read.mark', { kind: 'dm', id: PEER, upTo: point(4, 'm4') });
    expect(await markerNow(db)).toEqual(point(4, 'm4'));
    // Meanwhile the other device read up to m9: the server's copy arrives while the mark waits.
    await applyServerData(db, { puts: { readMarkers: [serverMarker(point(9, 'm9'))] } });
    expect(await markerNow(db)).toEqual(point(9, 'm9'));
    // The server applied the older mark with no effect.
    await applyServerData(db, { applied: [entry.id] });
    expect(await markerNow(db)).toEqual(point(9, 'm9'));
    expect(await db.outbox.count()).toBe(0);
  });

  it('a refused mark (the message is no longer the reader’s) is dropped, and the marker is the server’s again', async () => {
    const db = await freshDb();
    await applyServerData(db, { puts: { readMarkers: [serverMarker(point(2, 'm2'))] } });
    const entry = await mutate(db, 'read.mark', { kind: 'dm', id: PEER, upTo: point(4, 'm4') });
    await applyServerData(db, { refused: new Map([[entry.id, 'Message not found.']]) });
    expect(await db.outbox.count()).toBe(0);
    expect(await markerNow(db)).toEqual(point(2, 'm2'));
  });
});

describe('markRead', () => {
  it('queues a write only when the marker moves forwards, and never for a message the server does not have', async () => {
    const db = await freshDb();
    const ctx = context(db);
    expect(await markRead(ctx, 'dm', PEER, { id: 'm3', createdAt: at(3) })).toBe(true);
    expect(await markRead(ctx, 'dm', PEER, { id: 'm3', createdAt: at(3) })).toBe(false);
    expect(await markRead(ctx, 'dm', PEER, { id: 'm1', createdAt: at(1) })).toBe(false);
    expect(await markRead(ctx, 'dm', PEER, { id: 'mine', createdAt: at(7), syncState: 'queued' })).toBe(false);
    expect(await markRead(ctx, 'dm', PEER, { id: 'm8', createdAt: at(8) })).toBe(true);
    const queued = await db.outbox.toArray();
    expect(queued.map((entry) => [entry.name, entry.args])).toEqual([
      ['read.mark', { kind: 'dm', id: PEER, upTo: point(3, 'm3') }],
      ['read.mark', { kind: 'dm', id: PEER, upTo: point(8, 'm8') }],
    ]);
    expect(ctx.kicks).toBe(2);
    expect(await markerNow(db)).toEqual(point(8, 'm8'));
  });
});
