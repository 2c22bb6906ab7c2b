// @vitest-environment happy-dom
/**
 * The sync layer's start (src/sync/app.ts startSync) recomputes the `keys` of outbox entries
 * written by an older version, before it sends (plan.ts normalizeOutboxKeys).
 */
import { describe, expect, it, vi } from 'vitest';
import { writeSession } from '../../../src/db/session';
import { applyServerData } from '../../../src/sync/engine/apply-server';
import { mutate } from '../../../src/sync/engine/mutate';
import { planEntry } from '../../../src/sync/engine/plan';

describe('startSync', () => {
  it('recomputes the keys of an outbox entry whose keys are stale', async () => {
    const { db, startSync } = await import('../../../src/sync/app');
    await db.open();
    const me = { id: 'u1', username: 'ana', displayName: null, avatarUrl: null };
    await writeSession(db, { userId: me.id, token: null, paused: false });
    await db.users.put({ ...me, email: 'ana@example.test', defaultDeckId: null });
    await applyServerData(db, { puts: { pods: [{ id: 'p1', name: 'Friday', ownerId: me.id, createdById: me.id, members: [me], createdAt: '2026-01-01T00:00:00.000Z', rev: 1 }] } });
    const entry = await mutate(db, 'pod.message.send', { id: crypto.randomUUID(), podId: 'p1', content: 'hello' });
    const fresh = planEntry(entry, me)!.writes;
    expect(fresh.length).toBeGreaterThan(0);
    // What the v1 → v2 upgrade left: only a key this version does not compute.
    await db.outbox.update(entry.seq!, { keys: ['podMessages:stale'] });

    startSync();
    await vi.waitFor(async () => expect((await db.outbox.get(entry.seq!))?.keys).toEqual(fresh), { timeout: 5000 });
    db.close();
  });
});
