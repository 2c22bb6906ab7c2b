import { describe, expect, it } from 'vitest';
import {
  firstPods,
  incomingPodInvitations,
  invitesBeingSent,
  isLocalOnlyPod,
  latestPodMessages,
  podOwnerId,
  visiblePod,
  visiblePods,
} from '../../../src/db/queries';
import { ana, bo, cy, entry, freshDb, pod, podMessage } from './helpers';

describe('pod queries', () => {
  it('lists pods by name, case-insensitively, hiding those whose leave or delete is queued', async () => {
    const db = await freshDb();
    await db.pods.bulkPut([pod('1', 'zebra'), pod('2', 'Alpha'), pod('3', 'beta'), pod('4', 'Aardvark', { pendingRemoval: true })]);
    expect((await visiblePods(db)).map((row) => row.name)).toEqual(['Alpha', 'beta', 'zebra']);
    expect((await firstPods(db, 2)).map((row) => row.name)).toEqual(['Alpha', 'beta']);
    expect(await visiblePod(db, '4')).toBeNull();
    expect(await visiblePod(db, 'missing')).toBeNull();
    expect((await visiblePod(db, '1'))?.name).toBe('zebra');
  });

  it('gives the latest N messages of one pod, oldest first', async () => {
    const db = await freshDb();
    await db.podMessages.bulkPut([
      podMessage('a', 'p1', '2026-01-01T10:00:00.000Z'),
      podMessage('b', 'p1', '2026-01-01T12:00:00.000Z'),
      podMessage('c', 'p1', '2026-01-01T11:00:00.000Z'),
      podMessage('d', 'p1', '2026-01-01T13:00:00.000Z'),
      podMessage('other', 'p2', '2026-01-01T14:00:00.000Z'),
    ]);
    expect((await latestPodMessages(db, 'p1', 3)).map((row) => row.id)).toEqual(['c', 'b', 'd']);
    expect((await latestPodMessages(db, 'p1', 10)).map((row) => row.id)).toEqual(['a', 'c', 'b', 'd']);
    expect(await latestPodMessages(db, 'p3', 3)).toEqual([]);
  });

  it('owner is ownerId, else createdById', () => {
    expect(podOwnerId(pod('1', 'x', { ownerId: bo.id }))).toBe(bo.id);
    expect(podOwnerId(pod('1', 'x', { ownerId: '', createdById: cy.id }))).toBe(cy.id);
  });

  it('knows a pod exists only here while its creation is in the outbox', async () => {
    const db = await freshDb();
    await db.outbox.add(entry('pod.create', { table: 'pods', id: 'p-new' }));
    await db.outbox.add(entry('pod.member.remove', { table: 'pods', id: 'p-old' }));
    expect(await isLocalOnlyPod(db, 'p-new')).toBe(true);
    expect(await isLocalOnlyPod(db, 'p-old')).toBe(false);
  });

  it('maps invitations being sent for one pod by invitee, ignoring other pods with a similar id', async () => {
    const db = await freshDb();
    const queued = entry('pod.invite', { table: 'podInvites', id: 'p1:u2' });
    const failed = entry('pod.invite', { table: 'podInvites', id: 'p1:u3' }, { status: 'failed' });
    await db.outbox.bulkAdd([queued, failed, entry('pod.invite', { table: 'podInvites', id: 'p10:u2' }), entry('pod.invite', { table: 'podInvites', id: 'p2:u2' })]);
    const sending = await invitesBeingSent(db, 'p1');
    expect([...sending.keys()].sort()).toEqual(['u2', 'u3']);
    expect(sending.get('u2')?.id).toBe(queued.id);
    expect(sending.get('u3')?.status).toBe('failed');
  });

  it('lists invitations addressed to me, newest first', async () => {
    const db = await freshDb();
    const invitation = (invitationId: string, invitee: typeof cy, createdAt: string) => ({
      invitationId,
      invitedBy: bo,
      invitee,
      pod: { id: 'p1', name: 'Tuesday' },
      createdAt,
    });
    await db.podInvitations.bulkPut([
      invitation('old', ana, '2026-01-01T00:00:00.000Z'),
      invitation('new', ana, '2026-02-01T00:00:00.000Z'),
      invitation('someone-else', cy, '2026-03-01T00:00:00.000Z'),
    ]);
    expect((await incomingPodInvitations(db, ana.id)).map((row) => row.invitationId)).toEqual(['new', 'old']);
  });
});
