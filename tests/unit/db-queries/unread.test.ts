/**
 * Unread counts from the mirror (src/db/queries/unread.ts): messages after the marker, sent by
 * someone else, not deleted; no marker counts every such message; per conversation, per visible
 * pod, and a total.
 */
import { describe, expect, it } from 'vitest';
import { readMarkerId, type ReadMarker } from '../../../src/contract/read-markers';
import type { PodTableDB } from '../../../src/db/schema';
import { unreadCounts, unreadInConversation, unreadInPod } from '../../../src/db/queries/unread';
import { ana, bo, cy, dm, freshDb, pod, podMessage } from './helpers';

const at = (minute: number) => `2026-03-01T10:${String(minute).padStart(2, '0')}:00.000Z`;

function marker(kind: 'dm' | 'pod', targetId: string, createdAt: string, messageId: string): ReadMarker {
  return { id: readMarkerId(kind, targetId), kind, targetId, upTo: { createdAt, messageId }, updatedAt: at(59) };
}

async function conversationWith(db: PodTableDB, peer: typeof bo): Promise<void> {
  await db.conversations.put({ participantId: peer.id, participant: peer, lastMessage: null });
}

describe('unread counts', () => {
  it('counts messages after the marker from the other person, not deleted, not mine', async () => {
    const db = await freshDb();
    await conversationWith(db, bo);
    await db.directMessages.bulkPut([
      dm('d1', bo, at(1)),
      dm('d2', bo, at(2)),
      dm('d3', bo, at(3)),
      dm('d4', bo, at(4), 'mine', true),
      dm('d5', bo, at(5), '', false, { deletedAt: at(6) }),
      dm('d6', bo, at(7)),
    ]);
    // No marker: every message from bo that is not deleted.
    expect(await unreadInConversation(db, ana.id, bo.id)).toBe(4);
    await db.readMarkers.put(marker('dm', bo.id, at(2), 'd2'));
    expect(await unreadInConversation(db, ana.id, bo.id)).toBe(2);
    await db.readMarkers.put(marker('dm', bo.id, at(7), 'd6'));
    expect(await unreadInConversation(db, ana.id, bo.id)).toBe(0);
  });

  it('orders messages of the same instant by id, as the thread shows them', async () => {
    const db = await freshDb();
    await conversationWith(db, bo);
    await db.directMessages.bulkPut([dm('a', bo, at(3)), dm('b', bo, at(3)), dm('c', bo, at(3))]);
    await db.readMarkers.put(marker('dm', bo.id, at(3), 'b'));
    expect(await unreadInConversation(db, ana.id, bo.id)).toBe(1);
    // A marker's time spelled with an offset is the same instant.
    await db.readMarkers.put(marker('dm', bo.id, '2026-03-01T12:03:00+02:00', 'a'));
    expect(await unreadInConversation(db, ana.id, bo.id)).toBe(2);
  });

  it('per conversation, per visible pod, and a total; a pod being left counts nothing', async () => {
    const db = await freshDb();
    await conversationWith(db, bo);
    await conversationWith(db, cy);
    await db.directMessages.bulkPut([dm('b1', bo, at(1)), dm('c1', cy, at(1)), dm('c2', cy, at(2)), dm('c3', cy, at(3), 'me', true)]);
    await db.readMarkers.put(marker('dm', bo.id, at(1), 'b1'));
    await db.pods.bulkPut([pod('p1', 'Friday'), pod('p2', 'Leaving', { pendingRemoval: true }), pod('p3', 'Quiet')]);
    await db.podMessages.bulkPut([
      podMessage('m1', 'p1', at(1)),
      podMessage('m2', 'p1', at(2), 'from cy', cy),
      podMessage('m3', 'p1', at(3), 'mine', ana),
      podMessage('m4', 'p2', at(1)),
      podMessage('m5', 'p3', at(1)),
    ]);
    await db.readMarkers.put(marker('pod', 'p3', at(1), 'm5'));

    const counts = await unreadCounts(db, ana.id);
    expect([...counts.dms]).toEqual([[cy.id, 2]]);
    expect([...counts.pods]).toEqual([['p1', 2]]);
    expect(counts.total).toBe(4);
    expect(await unreadInPod(db, ana.id, 'p1')).toBe(2);

    // Reading the pod up to cy's message leaves nothing (the newer one is mine).
    await db.readMarkers.put(marker('pod', 'p1', at(2), 'm2'));
    expect((await unreadCounts(db, ana.id)).total).toBe(2);
  });

  it('an empty mirror counts nothing', async () => {
    const db = await freshDb();
    expect(await unreadCounts(db, ana.id)).toEqual({ dms: new Map(), pods: new Map(), total: 0 });
  });
});
