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
import type { LiveStatus } from '../../../src/sync/engine/live';
import type { PullState } from '../../../src/sync/engine/pull';

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
  /** The one write action: handed to the spy of its kind below, so a test names the write it expects. */
  mutate: vi.fn(async (name: string, input: unknown): Promise<unknown> => {
    const args = input as Record<string, string>;
    switch (name) {
      case 'dm.send':
        return actions.sendDirectMessage(args.receiverId!, args.content!);
      case 'pod.create':
        return actions.createPod(args.name!);
      case 'pod.message.send':
        return actions.sendPodMessage(args.podId!, args.content!);
      case 'dm.edit':
        return actions.editDirectMessage(args.id, args.content);
      case 'dm.delete':
        return actions.deleteDirectMessage(args.id);
      case 'pod.message.edit':
        return actions.editPodMessage(args.podId, args.id, args.content);
      case 'pod.message.delete':
        return actions.deletePodMessage(args.podId, args.id);
      case 'pod.invite':
        return actions.inviteToPod(args.podId, args.userId);
      case 'pod.invitation.accept':
        return actions.acceptPodInvitation(args.invitationId);
      case 'pod.invitation.decline':
        return actions.declinePodInvitation(args.invitationId);
      case 'pod.invitation.withdraw':
        return actions.withdrawPodInvitation(args.podId, args.invitationId);
      case 'pod.member.remove':
        return actions.removePodMember(args.podId, args.userId);
      case 'pod.owner.assign':
        return actions.assignPodOwner(args.podId, args.newOwnerId);
      case 'pod.leave':
        return actions.leavePod(args.podId);
      case 'pod.delete':
        return actions.deletePod(args.podId);
      case 'pod.describe':
        return actions.describePod(args.podId, args.description);
      case 'friend.request':
        return actions.sendFriendRequest(args.addresseeId);
      case 'friend.accept':
        return actions.acceptFriendRequest(args.friendshipId);
      case 'friend.reject':
        return actions.rejectFriendRequest(args.friendshipId);
      case 'friend.remove':
        return actions.removeFriend(args.friendshipId);
      case 'game.invite.accept':
        return actions.acceptGameInvite(args.inviteId);
      case 'game.invite.decline':
        return actions.declineGameInvite(args.inviteId);
      default:
        throw new Error(`the chat tests have no spy for ${name}`);
    }
  }),
  // One spy per write kind the chat screens make (reached through `mutate`).
  sendDirectMessage: vi.fn(async (_receiverId: string, _content: string): Promise<string> => crypto.randomUUID()),
  createPod: vi.fn(async (_name: string): Promise<string> => crypto.randomUUID()),
  sendPodMessage: vi.fn(async (_podId: string, _content: string): Promise<string> => crypto.randomUUID()),
  editDirectMessage: resolved(),
  deleteDirectMessage: resolved(),
  editPodMessage: resolved(),
  deletePodMessage: resolved(),
  inviteToPod: resolved(),
  acceptPodInvitation: resolved(),
  declinePodInvitation: resolved(),
  withdrawPodInvitation: resolved(),
  removePodMember: resolved(),
  assignPodOwner: resolved(),
  leavePod: resolved(),
  deletePod: resolved(),
  describePod: resolved(),
  sendFriendRequest: resolved(),
  acceptFriendRequest: resolved(),
  rejectFriendRequest: resolved(),
  removeFriend: resolved(),
  acceptGameInvite: resolved(),
  declineGameInvite: resolved(),
  joinPod: vi.fn((_podId: string) => true),
  leavePodChannel: vi.fn((_podId: string) => true),
  pullList: resolved(),
  pullPodInvites: resolved(),
  pullDirectMessages: resolved(),
  loadOlderMessages: vi.fn(async (_chat: unknown): Promise<string> => 'more'),
  findMessage: vi.fn(async (_chat: unknown, _target: unknown): Promise<string> => 'held'),
  markRead: vi.fn(async () => undefined),
  retryWrite: resolved(),
  discardWrite: resolved(),
};

export const newId = (): string => crypto.randomUUID();

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
