import { describe, expect, it } from 'vitest';
import type { ServerEvent } from '../../../src/contract/live';
import { readCursor, writeCursor } from '../../../src/sync/engine/cursor';
import { applyLiveEvent } from '../../../src/sync/engine/live-events';
import { mutate } from '../../../src/sync/engine/mutate';
import { freshDb } from './helpers';

const pod = (name: string, rev: number) => ({ id: 'p1', name, ownerId: 'u1', createdById: 'u1', members: [{ id: 'u1', username: 'user-u1', displayName: null, avatarUrl: null }], createdAt: '2026-01-01T00:00:00.000Z', rev });
const updated = (name: string, rev: number, pos?: number, mid?: string): ServerEvent => ({ type: 'POD_UPDATED', payload: pod(name, rev), ...(pos === undefined ? {} : { pos }), ...(mid ? { mid } : {}) });

describe('live events by position', () => {
  it('applies the next position and moves the cursor; ignores an older one; a gap asks for a pull', async () => {
    const db = await freshDb();
    await writeCursor(db, 4);
    expect(await applyLiveEvent(db, updated('Five', 2, 5))).toBe('applied');
    expect(await readCursor(db)).toBe(5);
    expect((await db.pods.get('p1'))?.name).toBe('Five');
    expect(await applyLiveEvent(db, updated('Old', 1, 3))).toBe('ignored');
    expect((await db.pods.get('p1'))?.name).toBe('Five');
    expect(await applyLiveEvent(db, updated('Seven', 4, 7))).toBe('pull');
    expect(await readCursor(db)).toBe(5);
    expect((await db.pods.get('p1'))?.name).toBe('Five');
  });

  it('before the first pull (no cursor) every event asks for the pull', async () => {
    const db = await freshDb();
    expect(await applyLiveEvent(db, updated('One', 1, 1))).toBe('pull');
    expect(await db.pods.count()).toBe(0);
  });

  it("an event's mutation id acknowledges this device's write, even an old one", async () => {
    const db = await freshDb();
    await writeCursor(db, 9);
    const write = await mutate(db, 'pod.create', { id: crypto.randomUUID(), name: 'Mine' });
    expect(await applyLiveEvent(db, { type: 'SYNC', pos: 8, mid: write.id })).toBe('ignored');
    expect(await db.outbox.count()).toBe(0);
  });

  it("a PONG whose head is past the cursor asks for a pull (an event was lost on the server's side)", async () => {
    const db = await freshDb();
    await writeCursor(db, 9);
    expect(await applyLiveEvent(db, { type: 'PONG', head: 9 })).toBe('ignored');
    expect(await applyLiveEvent(db, { type: 'PONG', head: 10 })).toBe('pull');
  });
});
