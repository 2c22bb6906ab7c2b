import { describe, expect, it } from 'vitest';
import { conversationSummaries, directMessagesWith, peerProfile, recentActivity } from '../../../src/db/queries';
import { ana, bo, cy, dm, entry, freshDb, pod, podMessage } from './helpers';

describe('direct message queries', () => {
  it('gives one conversation oldest first, without other peers', async () => {
    const db = await freshDb();
    await db.directMessages.bulkPut([
      dm('b', bo, '2026-01-01T11:00:00.000Z', 'second', true),
      dm('a', bo, '2026-01-01T10:00:00.000Z', 'first'),
      dm('x', cy, '2026-01-01T10:30:00.000Z'),
    ]);
    expect((await directMessagesWith(db, bo.id)).map((row) => row.content)).toEqual(['first', 'second']);
  });

  it('merges server conversations with the latest local message, newest first, empty ones last', async () => {
    const db = await freshDb();
    await db.conversations.bulkPut([
      { participantId: bo.id, participant: bo, lastMessage: { content: 'server last', createdAt: '2026-01-01T10:00:00.000Z' } },
      { participantId: 'u9', participant: { id: 'u9', username: 'nine', displayName: null, avatarUrl: null }, lastMessage: null },
    ]);
    // Bo: a newer message sent offline; Cy: a first message sent offline, no conversation row yet.
    await db.users.put({ ...cy, defaultDeckId: null });
    await db.directMessages.bulkPut([
      dm('q1', bo, '2026-01-02T09:00:00.000Z', 'still sending', true, { syncState: 'queued' }),
      dm('q2', cy, '2026-01-01T12:00:00.000Z', 'hi Cy', true, { syncState: 'queued' }),
    ]);
    await db.outbox.bulkAdd([
      entry('dm.send', { table: 'directMessages', id: 'q1' }),
      entry('dm.send', { table: 'directMessages', id: 'q2' }),
    ]);

    const summaries = await conversationSummaries(db);
    expect(summaries.map((row) => [row.participant.username, row.lastMessage?.content ?? null])).toEqual([
      ['bo', 'still sending'],
      ['cy', 'hi Cy'],
      ['nine', null],
    ]);
  });

  it("keeps the server's last message when it is newer than anything local", async () => {
    const db = await freshDb();
    await db.conversations.put({ participantId: bo.id, participant: bo, lastMessage: { content: 'newer on server', createdAt: '2026-03-01T00:00:00.000Z' } });
    await db.directMessages.put(dm('old', bo, '2026-01-01T00:00:00.000Z', 'old local'));
    expect((await conversationSummaries(db))[0]?.lastMessage?.content).toBe('newer on server');
  });

  it('finds who a peer is from the conversation, else the users table', async () => {
    const db = await freshDb();
    await db.users.put({ ...cy, defaultDeckId: null });
    await db.conversations.put({ participantId: bo.id, participant: bo, lastMessage: null });
    expect((await peerProfile(db, bo.id))?.username).toBe('bo');
    expect((await peerProfile(db, cy.id))?.displayName).toBe('Cy');
    expect(await peerProfile(db, 'nobody')).toBeNull();
  });
});

describe('recent activity', () => {
  it('mixes direct and pod messages newest first, naming the pod, and leaves out hidden pods', async () => {
    const db = await freshDb();
    await db.pods.bulkPut([pod('p1', 'Tuesday'), pod('gone', 'Leaving', { pendingRemoval: true })]);
    await db.podMessages.bulkPut([
      podMessage('pm1', 'p1', '2026-01-01T10:00:00.000Z', 'pod hello'),
      podMessage('pm2', 'gone', '2026-01-01T12:00:00.000Z', 'hidden'),
    ]);
    await db.directMessages.bulkPut([dm('d1', bo, '2026-01-01T11:00:00.000Z', 'dm hello'), dm('d0', cy, '2026-01-01T09:00:00.000Z', 'early', true)]);

    const items = await recentActivity(db);
    expect(items.map((item) => [item.kind, item.content, item.kind === 'pod' ? item.podName : item.peerId])).toEqual([
      ['direct', 'dm hello', bo.id],
      ['pod', 'pod hello', 'Tuesday'],
      ['direct', 'early', cy.id],
    ]);
    expect(items[2]?.sender.id).toBe(ana.id);
  });

  it('is limited to the newest N', async () => {
    const db = await freshDb();
    await db.directMessages.bulkPut(Array.from({ length: 5 }, (_, i) => dm(`d${i}`, bo, `2026-01-0${i + 1}T00:00:00.000Z`)));
    expect((await recentActivity(db, 2)).map((item) => item.id)).toEqual(['d4', 'd3']);
  });
});
