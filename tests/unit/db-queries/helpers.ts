import type { PublicUser } from '../../../src/contract/users';
import { openDatabase, type DirectMessageRow, type OutboxEntry, type PodMessageRow, type PodRow, type PodTableDB } from '../../../src/db/schema';
import { writeSession } from '../../../src/db/session';

export const ana: PublicUser = { id: 'u1', username: 'ana', displayName: 'Ana', avatarUrl: null };
export const bo: PublicUser = { id: 'u2', username: 'bo', displayName: null, avatarUrl: null };
export const cy: PublicUser = { id: 'u3', username: 'cy', displayName: 'Cy', avatarUrl: null };

/** A uniquely named mirror per test, signed in as Ana. */
export async function freshDb(): Promise<PodTableDB> {
  const db = openDatabase(`queries-${crypto.randomUUID()}`);
  await db.open();
  await writeSession(db, { userId: ana.id, token: 't', paused: false });
  return db;
}

export function pod(id: string, name: string, patch: Partial<PodRow> = {}): PodRow {
  return { id, name, ownerId: ana.id, createdById: ana.id, members: [ana, bo], createdAt: '2026-01-01T00:00:00.000Z', ...patch };
}

export function podMessage(id: string, podId: string, createdAt: string, content = id, sender: PublicUser = bo): PodMessageRow {
  return { id, clientId: null, podId, content, createdAt, sender: { id: sender.id, username: sender.username, displayName: sender.displayName } };
}

export function dm(id: string, peer: PublicUser, createdAt: string, content = id, fromMe = false, patch: Partial<DirectMessageRow> = {}): DirectMessageRow {
  return {
    id,
    clientId: null,
    senderId: fromMe ? ana.id : peer.id,
    receiverId: fromMe ? peer.id : ana.id,
    content,
    createdAt,
    sender: fromMe ? ana : peer,
    peerId: peer.id,
    ...patch,
  };
}

export function entry(name: string, target: { table: string; id: string }, patch: Partial<OutboxEntry> = {}): OutboxEntry {
  return { id: crypto.randomUUID(), name, args: {}, target, keys: [`${target.table}:${target.id}`], status: 'queued', attempts: 0, createdAt: Date.now(), ...patch };
}
