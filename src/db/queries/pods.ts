/**
 * Pods as screens see them. A pod whose leave or delete is queued (`pendingRemoval`) is
 * hidden everywhere; lists are sorted by name. Messages come oldest first.
 */
import Dexie from 'dexie';
import type { OutboxEntry, PodInvitationRow, PodMessageRow, PodRow, PodTableDB } from '../schema';
import { compareNames } from '../../contract/names';
import { outboxByTarget, outboxEntriesFor } from './outbox';

/** The mutation that creates a pod (src/contract/mutations.ts). */
const POD_CREATE_KIND = 'pod.create';

/** The owner of a pod: ownerId, else createdById (the spec's roles and permissions). */
export function podOwnerId(pod: Pick<PodRow, 'ownerId' | 'createdById'>): string {
  return pod.ownerId || pod.createdById;
}

export function byPodName(a: PodRow, b: PodRow): number {
  return compareNames(a.name, b.name) || a.id.localeCompare(b.id);
}

export async function visiblePods(db: PodTableDB): Promise<PodRow[]> {
  const pods = await db.pods.filter((pod) => !pod.pendingRemoval).toArray();
  return pods.sort(byPodName);
}

/** The first `count` visible pods by name (the dashboard's panel). */
export async function firstPods(db: PodTableDB, count: number): Promise<PodRow[]> {
  return (await visiblePods(db)).slice(0, count);
}

/** The pod, or null when the mirror does not have it or its removal is queued. */
export async function visiblePod(db: PodTableDB, podId: string): Promise<PodRow | null> {
  const pod = await db.pods.get(podId);
  return pod && !pod.pendingRemoval ? pod : null;
}

/** The latest `limit` messages of a pod, oldest first. */
export async function latestPodMessages(db: PodTableDB, podId: string, limit: number): Promise<PodMessageRow[]> {
  const newest = await db.podMessages
    .where('[podId+createdAt]')
    .between([podId, Dexie.minKey], [podId, Dexie.maxKey])
    .reverse()
    .limit(limit)
    .toArray();
  return newest.reverse();
}

/** True while the pod exists only on this device (its creation is queued or was refused). */
export async function isLocalOnlyPod(db: PodTableDB, podId: string): Promise<boolean> {
  const entries = await outboxEntriesFor(db, 'pods', podId);
  return entries.some((entry) => entry.name === POD_CREATE_KIND);
}

/** Pending invitations of one pod (anyone's), from pullPodInvites and sent invites. */
export function invitationsOfPod(db: PodTableDB, podId: string): Promise<PodInvitationRow[]> {
  return db.podInvitations.where('pod.id').equals(podId).toArray();
}

/** Invitations addressed to `userId`, newest first. */
export async function incomingPodInvitations(db: PodTableDB, userId: string): Promise<PodInvitationRow[]> {
  const rows = await db.podInvitations.filter((row) => row.invitee.id === userId).toArray();
  return rows.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

/** Invitations of `podId` being sent, keyed by invitee id (outbox target podInvites `${podId}:${userId}`). */
export async function invitesBeingSent(db: PodTableDB, podId: string): Promise<Map<string, OutboxEntry>> {
  const byTarget = await outboxByTarget(db, 'podInvites', `${podId}:`);
  return new Map([...byTarget].map(([targetId, entry]) => [targetId.slice(podId.length + 1), entry]));
}
