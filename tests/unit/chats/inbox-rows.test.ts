/** The inbox: one row per conversation and per pod, newest first, with the latest message and the unread count. */
import { describe, expect, it } from 'vitest';
import type { ActivityItem, ConversationSummary } from '../../../src/db/queries';
import type { PublicUser } from '../../../src/contract/users';
import { inboxRows } from '../../../src/features/chats/inbox-rows';

const me: PublicUser = { id: 'u-me', username: 'ana', displayName: null, avatarUrl: null };
const bo: PublicUser = { id: 'u-bo', username: 'bo', displayName: null, avatarUrl: null };
const cy: PublicUser = { id: 'u-cy', username: 'cy', displayName: 'Cy', avatarUrl: null };

const dm = (id: string, from: PublicUser, peerId: string, minute: number, content = id): ActivityItem => ({
  kind: 'direct',
  id,
  createdAt: `2026-01-01T10:${String(minute).padStart(2, '0')}:00.000Z`,
  content,
  sender: from,
  peerId,
});
const inPod = (id: string, from: PublicUser, minute: number, deleted = false): ActivityItem => ({
  kind: 'pod',
  id,
  createdAt: `2026-01-01T10:${String(minute).padStart(2, '0')}:00.000Z`,
  content: deleted ? '' : id,
  ...(deleted ? { deleted: true } : {}),
  sender: from,
  podId: 'p1',
  podName: 'Tuesday',
});
const summary = (participant: PublicUser, last: { content: string; minute: number } | null): ConversationSummary => ({
  participantId: participant.id,
  participant,
  lastMessage: last ? { content: last.content, createdAt: `2026-01-01T10:${String(last.minute).padStart(2, '0')}:00.000Z` } : null,
});

describe('inboxRows', () => {
  it('shows a conversation of many messages as one row, with its latest message and who sent it', () => {
    // Newest first, as recentActivity reads them: a back-and-forth with bo, then older pod talk.
    const activity = [dm('see you', me, bo.id, 9), dm('tonight?', bo, bo.id, 8), dm('hi', bo, bo.id, 7), inPod('deck ready', cy, 5), inPod('hello pod', bo, 4)];
    const rows = inboxRows([summary(bo, { content: 'see you', minute: 9 })], activity, me.id);
    expect(rows.map((row) => [row.key, row.name, row.last?.from ?? null, row.last?.content])).toEqual([
      [`dm:${bo.id}`, 'bo', 'You', 'see you'],
      ['pod:p1', 'Tuesday', 'Cy', 'deck ready'],
    ]);
  });

  it("orders rows by their latest message, carries each unread count, and lists a conversation with no message last", () => {
    const activity = [inPod('late', bo, 30, true), dm('yo', cy, cy.id, 20)];
    const unread = { dms: new Map([[cy.id, 2]]), pods: new Map([['p1', 1]]), total: 3 };
    const rows = inboxRows([summary(cy, { content: 'yo', minute: 20 }), summary(bo, null)], activity, me.id, unread);
    expect(rows.map((row) => [row.key, row.unread])).toEqual([
      ['pod:p1', 1],
      [`dm:${cy.id}`, 2],
      [`dm:${bo.id}`, 0],
    ]);
    expect(rows[0]!.last).toMatchObject({ deleted: true, from: 'bo' });
    // The peer's own message needs no name: the row is the conversation with them.
    expect(rows[1]!.last?.from).toBeNull();
    expect(rows[2]!.last).toBeNull();
  });
});
