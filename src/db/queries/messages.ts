/**
 * Direct messages, conversations and the recent-activity feed as screens see them.
 * A conversation may exist only on this device (a first message sent offline has no
 * conversation row until the server answers), so the list merges the server's
 * conversations with the latest local message per peer.
 */
import Dexie from 'dexie';
import type { PublicUser } from '../../contract/users';
import type { DirectMessageRow, PodMessageRow, PodTableDB } from '../schema';
import { outboxEntriesIn } from './outbox';

/** Default of directMessagesWith (the server's page maximum); a conversation view shows a growing window (chat-history.ts). */
const CONVERSATION_MESSAGE_LIMIT = 200;
/** Items in the 'Recent Activity' feed. */
export const RECENT_ACTIVITY_LIMIT = 20;

function peerRange(peerId: string): [unknown[], unknown[]] {
  return [
    [peerId, Dexie.minKey],
    [peerId, Dexie.maxKey],
  ];
}

/** The latest `limit` messages with `peerId`, oldest first. */
export async function directMessagesWith(db: PodTableDB, peerId: string, limit = CONVERSATION_MESSAGE_LIMIT): Promise<DirectMessageRow[]> {
  const [lower, upper] = peerRange(peerId);
  const newest = await db.directMessages.where('[peerId+createdAt]').between(lower, upper).reverse().limit(limit).toArray();
  return newest.reverse();
}

function latestDirectMessage(db: PodTableDB, peerId: string): Promise<DirectMessageRow | undefined> {
  const [lower, upper] = peerRange(peerId);
  return db.directMessages.where('[peerId+createdAt]').between(lower, upper).last();
}

function toPublic(user: PublicUser): PublicUser {
  const shown: PublicUser = { id: user.id, username: user.username, displayName: user.displayName, avatarUrl: user.avatarUrl };
  if (user.deleted) shown.deleted = true;
  return shown;
}

/**
 * Who `peerId` is: the conversation's participant, else the mirrored user; null when unknown.
 * Marked deleted when either copy says so (deletion is final).
 */
export async function peerProfile(db: PodTableDB, peerId: string): Promise<PublicUser | null> {
  const [conversation, user] = await Promise.all([db.conversations.get(peerId), db.users.get(peerId)]);
  const found = conversation?.participant ?? user;
  if (!found) return null;
  return toPublic(user?.deleted ? { ...found, deleted: true } : found);
}

export interface ConversationSummary {
  participantId: string;
  participant: PublicUser;
  /** `deleted`: the latest message was deleted (its content is blank; screens show "Message deleted"). */
  lastMessage: { content: string; createdAt: string; deleted?: boolean } | null;
}

/**
 * Every conversation, newest activity first; those with no message last. Peers without a
 * conversation row are found through the outbox (only an unsent message can lack one), so
 * this never scans the message table.
 */
export async function conversationSummaries(db: PodTableDB): Promise<ConversationSummary[]> {
  const conversations = await db.conversations.toArray();
  const peers = new Set(conversations.map((row) => row.participantId));
  const unsentIds = (await outboxEntriesIn(db, 'directMessages')).map((entry) => entry.target!.id);
  const unsent = await db.directMessages.bulkGet(unsentIds);
  for (const message of unsent) if (message) peers.add(message.peerId);

  const byPeer = new Map(conversations.map((row) => [row.participantId, row]));
  const summaries: ConversationSummary[] = [];
  for (const peerId of peers) {
    const conversation = byPeer.get(peerId);
    const local = await latestDirectMessage(db, peerId);
    const participant = conversation?.participant ?? (await db.users.get(peerId)) ?? (local && local.senderId === peerId ? local.sender : undefined);
    if (!participant) continue;
    const stored = conversation?.lastMessage;
    let lastMessage: ConversationSummary['lastMessage'] = stored ? { content: stored.content, createdAt: stored.createdAt, ...(stored.deletedAt ? { deleted: true } : {}) } : null;
    if (local && (!lastMessage || local.createdAt >= lastMessage.createdAt)) {
      lastMessage = { content: local.content, createdAt: local.createdAt, ...(local.deletedAt ? { deleted: true } : {}) };
    }
    summaries.push({ participantId: peerId, participant: toPublic(participant), lastMessage });
  }
  return summaries.sort((a, b) => {
    const at = a.lastMessage?.createdAt ?? '';
    const bt = b.lastMessage?.createdAt ?? '';
    return bt.localeCompare(at) || a.participantId.localeCompare(b.participantId);
  });
}

/** `deleted`: the message was deleted (its content is blank; screens show "Message deleted"). */
export type ActivityItem =
  | { kind: 'direct'; id: string; createdAt: string; content: string; deleted?: boolean; sender: DirectMessageRow['sender']; peerId: string }
  | { kind: 'pod'; id: string; createdAt: string; content: string; deleted?: boolean; sender: PodMessageRow['sender']; podId: string; podName: string };

/** Direct and pod messages, newest first; messages of hidden pods are left out. */
export async function recentActivity(db: PodTableDB, limit = RECENT_ACTIVITY_LIMIT): Promise<ActivityItem[]> {
  const pods = new Map((await db.pods.filter((pod) => !pod.pendingRemoval).toArray()).map((pod) => [pod.id, pod.name]));
  const direct = await db.directMessages.orderBy('createdAt').reverse().limit(limit).toArray();
  const inPods = await db.podMessages
    .orderBy('createdAt')
    .reverse()
    .filter((message) => pods.has(message.podId))
    .limit(limit)
    .toArray();
  const items: ActivityItem[] = [
    ...direct.map((message): ActivityItem => ({
      kind: 'direct',
      id: message.id,
      createdAt: message.createdAt,
      content: message.content,
      ...(message.deletedAt ? { deleted: true } : {}),
      sender: message.sender,
      peerId: message.peerId,
    })),
    ...inPods.map((message): ActivityItem => ({
      kind: 'pod',
      id: message.id,
      createdAt: message.createdAt,
      content: message.content,
      ...(message.deletedAt ? { deleted: true } : {}),
      sender: message.sender,
      podId: message.podId,
      podName: pods.get(message.podId)!,
    })),
  ];
  return items.sort((a, b) => b.createdAt.localeCompare(a.createdAt) || a.id.localeCompare(b.id)).slice(0, limit);
}
