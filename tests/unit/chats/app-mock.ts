/**
 * Stand-in for src/sync/app in component tests: a fresh fake-indexeddb mirror per test file,
 * spy actions (writes resolve like the real optimistic ones: at once), and a live client
 * whose status a test sets. Use: vi.mock('../../../src/sync/app', () => import('./app-mock')).
 */
import { vi } from 'vitest';
import { DEFAULT_NOTIFICATION_SETTINGS, type NotificationSettings } from '../../../src/contract/push';
import type { PublicUser } from '../../../src/contract/users';
import { openDatabase, type OutboxEntry, type PodRow, type PodTableDB } from '../../../src/db/schema';
import { writeSession } from '../../../src/db/session';
import type { LiveStatus } from '../../../src/sync/live';
import type { PullState } from '../../../src/sync/pull';

export const db: PodTableDB = openDatabase(`chats-test-${crypto.randomUUID()}`);

let status: LiveStatus = 'open';
const listeners = new Set<(status: LiveStatus) => void>();
export const live = {
  get status() {
    return status;
  },
  subscribe(listener: (status: LiveStatus) => void) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
};
export function setLiveStatus(next: LiveStatus): void {
  status = next;
  for (const listener of listeners) listener(next);
}

/**
 * The HTTP client, for the notification settings only (the rest goes through `actions`): a
 * server that keeps one user's settings in memory. `pushServer.settings` is what it stored.
 */
export const pushServer = { settings: { ...DEFAULT_NOTIFICATION_SETTINGS } as NotificationSettings };
export const api = {
  request: vi.fn(async (method: string, path: string, options?: { body?: unknown }): Promise<unknown> => {
    const muted = /^\/api\/push\/muted-pods\/(.+)$/.exec(path)?.[1];
    if (method === 'PUT' && path === '/api/push/settings') pushServer.settings = { ...pushServer.settings, ...(options?.body as object) };
    else if (muted) {
      const ids = pushServer.settings.mutedPodIds.filter((id) => id !== muted);
      pushServer.settings = { ...pushServer.settings, mutedPodIds: method === 'PUT' ? [...ids, muted] : ids };
    } else if (path !== '/api/push/settings') throw new Error(`unexpected request ${method} ${path}`);
    return pushServer.settings;
  }),
};

const resolved = () => vi.fn(async (..._args: unknown[]): Promise<unknown> => undefined);
export const actions = {
  searchUsers: vi.fn(async (_q: string): Promise<PublicUser[]> => []),
  listAllUsers: vi.fn(async (): Promise<PublicUser[]> => []),
  sendDirectMessage: vi.fn(async (_receiverId: string, _content: string): Promise<string> => crypto.randomUUID()),
  createPod: vi.fn(async (_name: string): Promise<string> => crypto.randomUUID()),
  sendPodMessage: vi.fn(async (_podId: string, _content: string): Promise<string> => crypto.randomUUID()),
  inviteToPod: resolved(),
  acceptPodInvitation: resolved(),
  declinePodInvitation: resolved(),
  withdrawPodInvitation: resolved(),
  removePodMember: resolved(),
  assignPodOwner: resolved(),
  leavePod: resolved(),
  deletePod: resolved(),
  sendFriendRequest: resolved(),
  acceptFriendRequest: resolved(),
  rejectFriendRequest: resolved(),
  removeFriend: resolved(),
  joinPod: vi.fn((_podId: string) => true),
  leavePodChannel: vi.fn((_podId: string) => true),
  pullList: resolved(),
  pullPodMessages: resolved(),
  pullPodInvites: resolved(),
  pullDirectMessages: resolved(),
  acceptGameInvite: resolved(),
  declineGameInvite: resolved(),
  retryWrite: resolved(),
  discardWrite: resolved(),
};

export const me: PublicUser = { id: 'me', username: 'ana', displayName: 'Ana', avatarUrl: null };
export const bo: PublicUser = { id: 'u-bo', username: 'bo', displayName: null, avatarUrl: null };
export const cy: PublicUser = { id: 'u-cy', username: 'cy', displayName: 'Cy', avatarUrl: null };

/** Empties the mirror, signs `me` in, resets spies and the live status. */
export async function resetApp(): Promise<void> {
  await Promise.all(db.tables.map((table) => table.clear()));
  await writeSession(db, { userId: me.id, token: 'tkn', paused: false });
  await db.users.put({ ...me, email: 'ana@example.test', defaultDeckId: null });
  for (const spy of Object.values(actions)) spy.mockReset();
  api.request.mockClear();
  pushServer.settings = { ...DEFAULT_NOTIFICATION_SETTINGS };
  status = 'open';
}

export async function setPull(key: string, state: PullState): Promise<void> {
  await db.meta.put({ key, value: state });
}
export const loaded = (): PullState => ({ loadedAt: Date.now(), error: null });
export const failedPull = (error = 'Network down'): PullState => ({ loadedAt: null, error });

export function pod(patch: Partial<PodRow> & Pick<PodRow, 'id' | 'name'>): PodRow {
  return { ownerId: me.id, createdById: me.id, members: [me], createdAt: '2026-01-01T00:00:00.000Z', ...patch };
}

export function outboxEntry(patch: Partial<OutboxEntry> & Pick<OutboxEntry, 'name' | 'target'>): OutboxEntry {
  return { id: crypto.randomUUID(), args: {}, keys: [`${patch.target.table}:${patch.target.id}`], status: 'queued', attempts: 0, createdAt: Date.now(), ...patch };
}
