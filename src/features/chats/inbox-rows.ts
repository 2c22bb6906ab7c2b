/**
 * The inbox (All Chats → Recent Activity): one row per conversation and per pod, newest activity
 * first, each with its latest message and its unread count. Direct conversations come from the
 * conversation list (every one, 'Started a new conversation' when it has no message yet); pods
 * from the latest messages the mirror holds (a pod shows once it has a message among the newest
 * INBOX_SCAN pod messages). Pure: the screen passes what it read.
 */
import type { ActivityItem, ConversationSummary, UnreadCounts } from '../../db/queries';
import { nameOf } from '../../contract/names';

/** Messages of each kind read to find each pod's latest one. */
export const INBOX_SCAN = 200;

/** What a row opens. */
export type ChatTarget = { kind: 'direct'; peerId: string } | { kind: 'pod'; podId: string };

export interface InboxLast {
  content: string;
  createdAt: string;
  deleted: boolean;
  /** 'You' for one's own message, the sender's name in a pod, null for the peer's own in a direct conversation. */
  from: string | null;
}

export type InboxRow = ChatTarget & {
  key: string;
  /** The peer's name, or the pod's. */
  name: string;
  /** The peer (direct rows), for the avatar. */
  participant?: ConversationSummary['participant'];
  last: InboxLast | null;
  unread: number;
};

function fromOf(item: ActivityItem, myId: string): string | null {
  if (item.sender.id === myId) return 'You';
  return item.kind === 'pod' ? nameOf(item.sender) : null;
}

export function inboxRows(conversations: readonly ConversationSummary[], activity: readonly ActivityItem[], myId: string, unread?: UnreadCounts): InboxRow[] {
  // `activity` is newest first: the first item of a chat is its latest message.
  const latestDirect = new Map<string, ActivityItem>();
  const latestPod = new Map<string, Extract<ActivityItem, { kind: 'pod' }>>();
  for (const item of activity) {
    if (item.kind === 'direct' && !latestDirect.has(item.peerId)) latestDirect.set(item.peerId, item);
    if (item.kind === 'pod' && !latestPod.has(item.podId)) latestPod.set(item.podId, item);
  }

  const rows: InboxRow[] = conversations.map((conversation) => {
    const item = latestDirect.get(conversation.participantId);
    const stored = conversation.lastMessage;
    const last: InboxLast | null = stored
      ? { content: stored.content, createdAt: stored.createdAt, deleted: Boolean(stored.deleted), from: item && item.createdAt === stored.createdAt ? fromOf(item, myId) : null }
      : null;
    return {
      kind: 'direct',
      peerId: conversation.participantId,
      key: `dm:${conversation.participantId}`,
      name: nameOf(conversation.participant),
      participant: conversation.participant,
      last,
      unread: unread?.dms.get(conversation.participantId) ?? 0,
    };
  });
  // A message whose conversation row has not arrived yet still gets its row, when the peer sent it (so it can be named).
  const listed = new Set(conversations.map((conversation) => conversation.participantId));
  for (const [peerId, item] of latestDirect) {
    if (listed.has(peerId) || item.sender.id !== peerId) continue;
    rows.push({
      kind: 'direct',
      peerId,
      key: `dm:${peerId}`,
      name: nameOf(item.sender),
      participant: { avatarUrl: null, ...item.sender },
      last: { content: item.content, createdAt: item.createdAt, deleted: Boolean(item.deleted), from: null },
      unread: unread?.dms.get(peerId) ?? 0,
    });
  }
  for (const [podId, item] of latestPod) {
    rows.push({
      kind: 'pod',
      podId,
      key: `pod:${podId}`,
      name: item.podName,
      last: { content: item.content, createdAt: item.createdAt, deleted: Boolean(item.deleted), from: fromOf(item, myId) },
      unread: unread?.pods.get(podId) ?? 0,
    });
  }
  return rows.sort((a, b) => (b.last?.createdAt ?? '').localeCompare(a.last?.createdAt ?? '') || a.key.localeCompare(b.key));
}
