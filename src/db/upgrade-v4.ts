/**
 * Dexie version 4 (sync protocol v2): queued v1 writes — raw REST requests `{kind, method, path,
 * body}` — become named mutations `{name, args}` with the same id, order and status, so nothing
 * a user typed before the update is lost or sent twice (the server keys both on the same id).
 * The mirror's rows stay readable (offline the app keeps showing them); the cursor starts
 * empty, so the first pull is a full snapshot that replaces them.
 */
import type { Transaction } from 'dexie';
import type { OutboxEntry, RowKey } from './schema';

/** A queued write as version 3 stored it. */
export interface V1OutboxEntry {
  seq?: number;
  id: string;
  kind: string;
  method: string;
  path: string;
  body?: unknown;
  target?: RowKey;
  status: 'queued' | 'failed';
  attempts: number;
  createdAt: number;
  error?: string;
}

export const UNSENDABLE_V1_WRITE = 'This change was made by an older version of PodTable and cannot be sent.';

type Body = Record<string, unknown>;

/** Path segments after `/api/`, decoded: '/api/pods/p1/members/u2' → ['pods','p1','members','u2']. */
function segments(path: string): string[] {
  return path
    .replace(/^\/api\//, '')
    .split('?')[0]!
    .split('/')
    .map((part) => decodeURIComponent(part));
}

function convertArgs(entry: V1OutboxEntry): { name: string; args: Body; target: RowKey } | null {
  const body = (entry.body && typeof entry.body === 'object' ? entry.body : {}) as Body;
  const parts = segments(entry.path);
  const target = entry.target ?? { table: 'unknown', id: entry.id };
  switch (entry.kind) {
    case 'profile.update':
    case 'game.create':
      return { name: entry.kind, args: body, target };
    case 'dm.send':
      return { name: 'dm.send', args: { id: body.id ?? entry.id, receiverId: body.receiverId, content: body.content }, target };
    case 'pod.create':
      return { name: 'pod.create', args: { id: body.id ?? entry.id, name: body.name }, target };
    case 'pod.message.send':
      return { name: 'pod.message.send', args: { id: body.id ?? entry.id, podId: parts[1], content: body.content }, target };
    case 'pod.invite':
      return { name: 'pod.invite', args: { id: entry.id, podId: parts[1], userId: body.userId }, target };
    case 'pod.invitation.accept':
    case 'pod.invitation.decline':
      return { name: entry.kind, args: { invitationId: parts[2] }, target };
    case 'pod.member.remove':
      return { name: entry.kind, args: { podId: parts[1], userId: parts[3] }, target };
    case 'pod.owner.assign':
      return { name: entry.kind, args: { podId: parts[1], newOwnerId: body.newOwnerId }, target };
    case 'pod.leave':
    case 'pod.delete':
      return { name: entry.kind, args: { podId: parts[1] }, target };
    case 'friend.request':
      return { name: entry.kind, args: { id: entry.id, addresseeId: body.addresseeId }, target };
    case 'friend.accept':
    case 'friend.reject':
    case 'friend.remove':
      return { name: entry.kind, args: { friendshipId: parts[1] }, target };
    case 'deck.create':
      return { name: 'deck.save', args: { ...body, id: body.id ?? target.id, create: true }, target };
    case 'deck.update':
      return { name: 'deck.save', args: { ...body, id: target.id, create: false }, target };
    case 'deck.delete':
      return { name: 'deck.delete', args: { id: target.id }, target };
    case 'game.increment':
      return { name: entry.kind, args: { gameId: parts[1], increment: body }, target };
    case 'game.update':
      return { name: entry.kind, args: { gameId: parts[1], update: body }, target };
    default:
      return null;
  }
}

/** The v2 entry for a v1 one; one the converter does not know is kept, failed, so the user sees it. */
export function convertV1Entry(entry: V1OutboxEntry): OutboxEntry {
  const converted = convertArgs(entry);
  const target = converted?.target ?? entry.target ?? { table: 'unknown', id: entry.id };
  const base = { seq: entry.seq, id: entry.id, target, keys: [`${target.table}:${target.id}`], attempts: 0, createdAt: entry.createdAt };
  if (!converted) return { ...base, name: entry.kind, args: entry.body ?? null, status: 'failed', error: UNSENDABLE_V1_WRITE };
  return { ...base, name: converted.name, args: converted.args, status: entry.status, error: entry.error };
}

export async function upgradeToMutations(tx: Transaction): Promise<void> {
  await tx
    .table('outbox')
    .toCollection()
    .modify((entry: V1OutboxEntry & Partial<OutboxEntry>, ref: { value: unknown }) => {
      if (entry.name !== undefined) return;
      ref.value = convertV1Entry(entry);
    });
}
