/**
 * Pods, pod messages and pod invitations: optimistic writes through the outbox and how
 * server records land in the mirror. A pod leaving the caller's world (left, removed,
 * deleted) takes its messages and invitations with it: the mirror holds only what the
 * signed-in user may see.
 */
import {
  assignOwnerBody,
  createPodBody,
  invitePodBody,
  podInvitationSchema,
  podMessageSchema,
  podSchema,
  sendPodMessageBody,
  type Pod,
} from '../../contract/social';
import type { OutboxEntry, PodRow, PodTableDB } from '../../db/schema';
import { readSession } from '../../db/session';
import type { SyncContext } from '../context';
import { upsertPublicUsers } from '../merge';
import { enqueueWrite, entriesFor, newId } from '../outbox';
import type { Applier } from '../sender';
import { currentPublicUser } from './me';

export const PodKinds = {
  create: 'pod.create',
  sendMessage: 'pod.message.send',
  invite: 'pod.invite',
  acceptInvitation: 'pod.invitation.accept',
  declineInvitation: 'pod.invitation.decline',
  removeMember: 'pod.member.remove',
  assignOwner: 'pod.owner.assign',
  leave: 'pod.leave',
  delete: 'pod.delete',
} as const;

/** Outbox target of an invitation being sent: `${podId}:${userId}` in the 'podInvites' space. */
export function inviteTargetId(podId: string, userId: string): string {
  return `${podId}:${userId}`;
}

export async function forgetPod(db: PodTableDB, podId: string): Promise<void> {
  await db.transaction('rw', [db.pods, db.podMessages, db.podInvitations], async () => {
    await db.pods.delete(podId);
    await db.podMessages.where('[podId+createdAt]').between([podId, ''], [podId, '\uffff']).delete();
    await db.podInvitations.filter((invitation) => invitation.pod.id === podId).delete();
  });
}

/** Stores a server pod; a pod the caller is no longer a member of is forgotten instead. */
export async function storePod(db: PodTableDB, raw: unknown): Promise<Pod | undefined> {
  const pod = podSchema.parse(raw);
  const { userId } = await readSession(db);
  if (!pod.members.some((member) => member.id === userId)) {
    await forgetPod(db, pod.id);
    return undefined;
  }
  await db.transaction('rw', [db.pods, db.users, db.outbox], async () => {
    await db.pods.put(withPendingChanges(pod, await entriesFor(db, 'pods', pod.id)));
    await upsertPublicUsers(db, pod.members);
  });
  return pod;
}

/** The server's pod with this device's unsent pod changes still shown on top of it. */
function withPendingChanges(pod: Pod, entries: OutboxEntry[]): PodRow {
  const queued = entries.filter((entry) => entry.status === 'queued');
  if (queued.length === 0) return pod;
  const row: PodRow = { ...pod, syncState: 'queued' };
  for (const entry of queued) {
    if (entry.kind === PodKinds.leave || entry.kind === PodKinds.delete) row.pendingRemoval = true;
    if (entry.kind === PodKinds.assignOwner) row.ownerId = (entry.body as { newOwnerId: string }).newOwnerId;
    if (entry.kind === PodKinds.removeMember) {
      const removed = decodeURIComponent(entry.path.split('/').at(-1) ?? '');
      row.members = row.members.filter((member) => member.id !== removed);
    }
  }
  return row;
}

export async function storePodMessages(db: PodTableDB, raw: unknown[]): Promise<void> {
  const messages = raw.map((item) => podMessageSchema.parse(item));
  await db.podMessages.bulkPut(messages);
}

export async function storePodInvitations(db: PodTableDB, raw: unknown[]): Promise<void> {
  const invitations = raw.map((item) => podInvitationSchema.parse(item));
  await db.transaction('rw', [db.podInvitations, db.users], async () => {
    await db.podInvitations.bulkPut(invitations);
    await upsertPublicUsers(db, invitations.flatMap((invitation) => [invitation.invitedBy, invitation.invitee]));
  });
}

async function markPod(db: PodTableDB, podId: string, patch: Partial<PodRow>): Promise<void> {
  await db.pods.update(podId, patch);
}

export async function createPod(ctx: SyncContext, name: string): Promise<string> {
  const body = createPodBody.parse({ id: newId(), name });
  const id = body.id!;
  const me = await currentPublicUser(ctx.db);
  await enqueueWrite(ctx.db, { id, kind: PodKinds.create, method: 'POST', path: '/api/pods', body, target: { table: 'pods', id } }, async () => {
    await ctx.db.pods.put({ id, name: body.name, ownerId: me.id, createdById: me.id, members: [me], createdAt: new Date().toISOString(), syncState: 'queued' });
  });
  ctx.kick();
  return id;
}

export async function sendPodMessage(ctx: SyncContext, podId: string, content: string): Promise<string> {
  const body = sendPodMessageBody.parse({ id: newId(), content });
  const id = body.id!;
  const me = await currentPublicUser(ctx.db);
  await enqueueWrite(
    ctx.db,
    { id, kind: PodKinds.sendMessage, method: 'POST', path: `/api/pods/${encodeURIComponent(podId)}/messages`, body, target: { table: 'podMessages', id } },
    async () => {
      await ctx.db.podMessages.put({
        id,
        clientId: id,
        podId,
        content: body.content,
        createdAt: new Date().toISOString(),
        sender: { id: me.id, username: me.username, displayName: me.displayName },
        syncState: 'queued',
      });
    },
  );
  ctx.kick();
  return id;
}

export async function inviteToPod(ctx: SyncContext, podId: string, userId: string): Promise<void> {
  const body = invitePodBody.parse({ userId });
  await enqueueWrite(ctx.db, {
    kind: PodKinds.invite,
    method: 'POST',
    path: `/api/pods/${encodeURIComponent(podId)}/invite`,
    body,
    target: { table: 'podInvites', id: inviteTargetId(podId, userId) },
  });
  ctx.kick();
}

export async function answerInvitation(ctx: SyncContext, invitationId: string, accept: boolean): Promise<void> {
  await enqueueWrite(
    ctx.db,
    {
      kind: accept ? PodKinds.acceptInvitation : PodKinds.declineInvitation,
      method: 'POST',
      path: `/api/pods/invitations/${encodeURIComponent(invitationId)}/${accept ? 'accept' : 'decline'}`,
      target: { table: 'podInvitations', id: invitationId },
    },
    async () => {
      await ctx.db.podInvitations.delete(invitationId);
    },
  );
  ctx.kick();
}

export async function removeMember(ctx: SyncContext, podId: string, userId: string): Promise<void> {
  await enqueueWrite(
    ctx.db,
    { kind: PodKinds.removeMember, method: 'DELETE', path: `/api/pods/${encodeURIComponent(podId)}/members/${encodeURIComponent(userId)}`, target: { table: 'pods', id: podId } },
    async () => {
      const pod = await ctx.db.pods.get(podId);
      if (pod) await markPod(ctx.db, podId, { members: pod.members.filter((member) => member.id !== userId), syncState: 'queued' });
    },
  );
  ctx.kick();
}

export async function assignOwner(ctx: SyncContext, podId: string, newOwnerId: string): Promise<void> {
  const body = assignOwnerBody.parse({ newOwnerId });
  await enqueueWrite(
    ctx.db,
    { kind: PodKinds.assignOwner, method: 'POST', path: `/api/pods/${encodeURIComponent(podId)}/assign-owner`, body, target: { table: 'pods', id: podId } },
    async () => markPod(ctx.db, podId, { ownerId: newOwnerId, syncState: 'queued' }),
  );
  ctx.kick();
}

/** Leave or delete: the pod disappears from lists at once and is forgotten once the server agrees. */
export async function leaveOrDeletePod(ctx: SyncContext, podId: string, mode: 'leave' | 'delete'): Promise<void> {
  await enqueueWrite(
    ctx.db,
    {
      kind: mode === 'leave' ? PodKinds.leave : PodKinds.delete,
      method: mode === 'leave' ? 'POST' : 'DELETE',
      path: mode === 'leave' ? `/api/pods/${encodeURIComponent(podId)}/leave` : `/api/pods/${encodeURIComponent(podId)}`,
      target: { table: 'pods', id: podId },
    },
    async () => markPod(ctx.db, podId, { syncState: 'queued', pendingRemoval: true }),
  );
  ctx.kick();
}

const markFailed: Applier['failed'] = async (db, entry, message) => {
  if (entry.target?.table === 'pods') await db.pods.update(entry.target.id, { syncState: 'failed', syncError: message, pendingRemoval: false });
  if (entry.target?.table === 'podMessages') await db.podMessages.update(entry.target.id, { syncState: 'failed', syncError: message });
};

const storeAnsweredPod: Applier = {
  async applied(db, _entry, body) {
    await storePod(db, body);
  },
  failed: markFailed,
};

const forgetAnsweredPod: Applier = {
  async applied(db, entry) {
    if (entry.target) await forgetPod(db, entry.target.id);
  },
  failed: markFailed,
};

export const podAppliers: Record<string, Applier> = {
  [PodKinds.create]: storeAnsweredPod,
  [PodKinds.removeMember]: storeAnsweredPod,
  [PodKinds.assignOwner]: storeAnsweredPod,
  [PodKinds.acceptInvitation]: storeAnsweredPod,
  [PodKinds.leave]: forgetAnsweredPod,
  [PodKinds.delete]: forgetAnsweredPod,
  [PodKinds.sendMessage]: {
    async applied(db, _entry, body) {
      await storePodMessages(db, [body]);
    },
    failed: markFailed,
  },
  [PodKinds.invite]: {
    async applied(db, _entry, body) {
      await storePodInvitations(db, [body]);
    },
  },
  [PodKinds.declineInvitation]: { async applied() {} },
};
