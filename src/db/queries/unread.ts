/**
 * Unread counts, computed from the mirror alone: a message is unread when someone else sent it,
 * it is not deleted, and it comes after the signed-in user's read marker of its thread
 * (src/contract/read-markers.ts; no marker: every message of the thread). Offline, the counts
 * are what the mirror holds: messages that have not reached this device are not counted, and a
 * thread whose history the mirror has only in part counts only that part.
 * Each thread costs one index range from its marker onwards ([peerId+createdAt] /
 * [podId+createdAt]), so a count reads only the messages after the marker; all threads' ranges
 * are asked at once, in one read transaction (a consistent view, no round trip per thread).
 */
import Dexie, { type Table } from 'dexie';
import { isPastMarker, readMarkerId, type ReadMarkerKind } from '../../contract/read-markers';
import type { PodTableDB, ReadMarkerRow } from '../schema';

/** What the unread rule reads of a message. */
export interface ReadableMessage {
  id: string;
  createdAt: string;
  deletedAt?: string | null;
}

/** Who sent a direct or pod message. */
export function senderIdOf(message: { senderId: string } | { sender: { id: string } }): string {
  return 'senderId' in message ? message.senderId : message.sender.id;
}

/** The unread rule for one message of a thread whose marker is `marker` (null: none). */
export function isUnread(message: ReadableMessage, senderId: string, marker: ReadMarkerRow | null | undefined, meId: string): boolean {
  return senderId !== meId && !message.deletedAt && isPastMarker({ createdAt: message.createdAt, messageId: message.id }, marker?.upTo);
}

/**
 * The index's lower bound for a marker: the marker's instant in the mirror's own spelling (the
 * server's ISO form), so the string order of the index agrees with the marker's order.
 */
function lowerTime(marker: ReadMarkerRow | null | undefined): string | typeof Dexie.minKey {
  if (!marker) return Dexie.minKey;
  const time = Date.parse(marker.upTo.createdAt);
  return Number.isFinite(time) ? new Date(time).toISOString() : Dexie.minKey;
}

async function countThread<T extends ReadableMessage>(
  table: Table<T, string>,
  index: string,
  key: string,
  marker: ReadMarkerRow | null | undefined,
  meId: string,
  senderOf: (message: T) => string,
): Promise<number> {
  // One batch read of the range (getAll), not a cursor stepping message by message.
  const after = await table.where(index).between([key, lowerTime(marker)], [key, Dexie.maxKey], true, true).toArray();
  return after.reduce((count, message) => (isUnread(message, senderOf(message), marker, meId) ? count + 1 : count), 0);
}

/** Unread messages of the conversation with `peerId`. */
export async function unreadInConversation(db: PodTableDB, meId: string, peerId: string): Promise<number> {
  const marker = await db.readMarkers.get(readMarkerId('dm', peerId));
  return countThread(db.directMessages, '[peerId+createdAt]', peerId, marker, meId, (message) => message.senderId);
}

/** Unread messages of pod `podId`. */
export async function unreadInPod(db: PodTableDB, meId: string, podId: string): Promise<number> {
  const marker = await db.readMarkers.get(readMarkerId('pod', podId));
  return countThread(db.podMessages, '[podId+createdAt]', podId, marker, meId, (message) => message.sender.id);
}

export interface UnreadCounts {
  /** By peer id: conversations with at least one unread message. */
  dms: ReadonlyMap<string, number>;
  /** By pod id: visible pods with at least one unread message. */
  pods: ReadonlyMap<string, number>;
  /** Every unread message of every conversation and visible pod (the Chats tab's total). */
  total: number;
}

/**
 * Every conversation's and every visible pod's unread count (a pod whose leave or delete is
 * queued is left out, as screens hide it). Conversations are the mirror's conversation rows:
 * an incoming message makes or moves its conversation row (src/sync/engine/apply-server.ts), and
 * a conversation without a row holds only the user's own unsent messages.
 */
export async function unreadCounts(db: PodTableDB, meId: string): Promise<UnreadCounts> {
  return db.transaction('r', [db.readMarkers, db.conversations, db.pods, db.directMessages, db.podMessages], async () => {
    const [markerRows, peerKeys, podRows] = await Promise.all([
      db.readMarkers.toArray(),
      db.conversations.toCollection().primaryKeys(),
      db.pods.filter((pod) => !pod.pendingRemoval).toArray(),
    ]);
    const markers = new Map(markerRows.map((marker) => [marker.id, marker]));
    const peers = peerKeys as string[];
    const podIds = podRows.map((pod) => pod.id);
    const [dmCounts, podCounts] = await Promise.all([
      Promise.all(peers.map((peerId) => countThread(db.directMessages, '[peerId+createdAt]', peerId, markers.get(readMarkerId('dm', peerId)), meId, (message) => message.senderId))),
      Promise.all(podIds.map((podId) => countThread(db.podMessages, '[podId+createdAt]', podId, markers.get(readMarkerId('pod', podId)), meId, (message) => message.sender.id))),
    ]);
    const unreadOnly = (ids: string[], counts: number[]) => new Map(ids.map((id, index) => [id, counts[index]!] as const).filter(([, count]) => count > 0));
    const total = [...dmCounts, ...podCounts].reduce((sum, count) => sum + count, 0);
    return { dms: unreadOnly(peers, dmCounts), pods: unreadOnly(podIds, podCounts), total };
  });
}

/** The signed-in user's marker of one thread; null when there is none. */
export async function readMarkerOf(db: PodTableDB, kind: ReadMarkerKind, targetId: string): Promise<ReadMarkerRow | null> {
  return (await db.readMarkers.get(readMarkerId(kind, targetId))) ?? null;
}
