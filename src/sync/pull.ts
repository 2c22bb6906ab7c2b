/**
 * Pull: REST lists fetched and merged into the mirror (server wins; rows a pending write owns
 * stay). The spec's cache defaults, as tuned numbers:
 * - identical pulls within DEDUPE_MS (2 s) share one request;
 * - a failed pull is retried after RETRY_MS (5 s) — pod invitations excepted (spec: not retried);
 * - `meta` row `pull:<key>` records when a list was last loaded and its last error, so
 *   screens tell "loading" from "empty" from "failed", also offline after a restart.
 */
import {
  conversationSchema,
  directMessageSchema,
  friendRequestSchema,
  friendshipSchema,
  podInvitationSchema,
  podMessageSchema,
  podSchema,
} from '../contract/social';
import type { FriendshipRow, PodRow, PodTableDB } from '../db/schema';
import { readSession } from '../db/session';
import type { ApiClient } from './api';
import { replaceSettled, upsertPublicUsers } from './merge';
import { storeDirectMessages } from './social/direct-messages';
import { forgetPod, storePodInvitations, storePodMessages } from './social/pods';
import { storeFriendRequests } from './social/friends';
import { storeDecks } from './table/decks';
import { storeServerGame } from './table/games';

export const DEDUPE_MS = 2000;
export const RETRY_MS = 5000;
/** Latest pod messages fetched per pod on a full pull, so recent pod chats read offline. */
export const POD_MESSAGES_PER_PULL = 50;

export interface PullState {
  loadedAt: number | null;
  error: string | null;
}

export function pullKey(kind: string, id?: string): string {
  return id ? `pull:${kind}:${id}` : `pull:${kind}`;
}

export async function readPullState(db: PodTableDB, key: string): Promise<PullState> {
  const row = await db.meta.get(key);
  return (row?.value as PullState | undefined) ?? { loadedAt: null, error: null };
}

type Loader = (db: PodTableDB, api: ApiClient) => Promise<void>;

const loaders = {
  async friends(db, api) {
    const rows = (await api.request<unknown[]>('GET', '/api/friends')).map((row) => friendshipSchema.parse(row));
    await db.transaction('rw', [db.friendships, db.users], async () => {
      await replaceSettled<FriendshipRow, string>(db.friendships, rows, (row) => row.friendshipId);
      await upsertPublicUsers(db, rows.map((row) => row.friend));
    });
  },
  async friendRequests(db, api) {
    const rows = (await api.request<unknown[]>('GET', '/api/friends/pending')).map((row) => friendRequestSchema.parse(row));
    await db.transaction('rw', [db.friendRequests, db.users, db.meta], async () => {
      await replaceSettled(db.friendRequests, [], (row) => row.friendshipId);
      await storeFriendRequests(db, rows);
    });
  },
  async conversations(db, api) {
    const rows = (await api.request<unknown[]>('GET', '/api/direct-messages')).map((row) => conversationSchema.parse(row));
    await db.transaction('rw', [db.conversations, db.users], async () => {
      await db.conversations.clear();
      await db.conversations.bulkPut(rows.map((row) => ({ ...row, participantId: row.participant.id })));
      await upsertPublicUsers(db, rows.map((row) => row.participant));
    });
  },
  async pods(db, api) {
    const rows = (await api.request<unknown[]>('GET', '/api/pods')).map((row) => podSchema.parse(row));
    const keep = new Set(rows.map((row) => row.id));
    const gone = await db.pods.filter((pod) => !pod.syncState && !keep.has(pod.id)).primaryKeys();
    for (const podId of gone) await forgetPod(db, podId);
    await db.transaction('rw', [db.pods, db.users], async () => {
      await replaceSettled<PodRow, string>(db.pods, rows, (row) => row.id);
      await upsertPublicUsers(db, rows.flatMap((row) => row.members));
    });
  },
  async podInvitations(db, api) {
    const rows = (await api.request<unknown[]>('GET', '/api/pods/invitations')).map((row) => podInvitationSchema.parse(row));
    const { userId } = await readSession(db);
    await db.transaction('rw', [db.podInvitations, db.users], async () => {
      await db.podInvitations.filter((row) => row.invitee.id === userId).delete();
      await storePodInvitations(db, rows);
    });
  },
  async decks(db, api) {
    await storeDecks(db, await api.request<unknown[]>('GET', '/api/decks'), true);
  },
  /** The caller's games (created or taking part); each lands with this device's pending changes on top. */
  async games(db, api) {
    for (const game of await api.request<unknown[]>('GET', '/api/games')) await storeServerGame(db, game);
  },
} satisfies Record<string, Loader>;

export type ListKind = keyof typeof loaders;

function podMessagesLoader(podId: string, limit: number): Loader {
  return async (db, api) => {
    const rows = await api.request<unknown[]>('GET', `/api/pods/${encodeURIComponent(podId)}/messages?limit=${limit}`);
    await storePodMessages(db, rows.map((row) => podMessageSchema.parse(row)));
  };
}

function podInvitesOfPodLoader(podId: string): Loader {
  return async (db, api) => {
    const rows = (await api.request<unknown[]>('GET', `/api/pods/${encodeURIComponent(podId)}/invitations`)).map((row) => podInvitationSchema.parse(row));
    await db.transaction('rw', [db.podInvitations, db.users], async () => {
      await db.podInvitations.filter((row) => row.pod.id === podId).delete();
      await storePodInvitations(db, rows);
    });
  };
}

function directMessagesLoader(peerId: string): Loader {
  return async (db, api) => {
    const rows = await api.request<unknown[]>('GET', `/api/direct-messages/${encodeURIComponent(peerId)}`);
    await storeDirectMessages(db, rows.map((row) => directMessageSchema.parse(row)));
  };
}

export interface Puller {
  list(kind: ListKind): Promise<void>;
  podMessages(podId: string, limit?: number): Promise<void>;
  podInvites(podId: string): Promise<void>;
  directMessages(peerId: string): Promise<void>;
  game(gameId: string): Promise<void>;
  /** Everything a signed-in user sees: lists, then the latest messages of every pod. */
  all(): Promise<void>;
}

export function createPuller(db: PodTableDB, api: ApiClient, now: () => number = Date.now): Puller {
  const recent = new Map<string, { at: number; run: Promise<void> }>();
  const retryTimers = new Map<string, ReturnType<typeof setTimeout>>();

  function pull(key: string, loader: Loader, retry = true): Promise<void> {
    const last = recent.get(key);
    if (last && now() - last.at < DEDUPE_MS) return last.run;
    const run = (async () => {
      try {
        await loader(db, api);
        await db.meta.put({ key, value: { loadedAt: now(), error: null } satisfies PullState });
      } catch (error) {
        const previous = await readPullState(db, key);
        const message = error instanceof Error ? error.message : String(error);
        await db.meta.put({ key, value: { loadedAt: previous.loadedAt, error: message } satisfies PullState });
        if (retry && !retryTimers.has(key)) {
          retryTimers.set(
            key,
            setTimeout(() => {
              retryTimers.delete(key);
              recent.delete(key);
              void pull(key, loader, retry).catch(() => undefined);
            }, RETRY_MS),
          );
        }
        throw error;
      }
    })();
    recent.set(key, { at: now(), run });
    return run;
  }

  const puller: Puller = {
    list: (kind) => pull(pullKey(kind), loaders[kind], kind !== 'podInvitations'),
    podMessages: (podId, limit = POD_MESSAGES_PER_PULL) => pull(pullKey('podMessages', `${podId}:${limit}`), podMessagesLoader(podId, limit)),
    podInvites: (podId) => pull(pullKey('podInvites', podId), podInvitesOfPodLoader(podId)),
    directMessages: (peerId) => pull(pullKey('directMessages', peerId), directMessagesLoader(peerId)),
    game: (gameId) =>
      pull(pullKey('game', gameId), async (database, client) => {
        await storeServerGame(database, await client.request('GET', `/api/games/${encodeURIComponent(gameId)}`));
      }),
    async all() {
      const kinds: ListKind[] = ['friends', 'friendRequests', 'conversations', 'pods', 'podInvitations', 'decks', 'games'];
      await Promise.allSettled(kinds.map((kind) => puller.list(kind)));
      const pods = await db.pods.toArray();
      await Promise.allSettled(pods.filter((pod) => !pod.syncState).map((pod) => puller.podMessages(pod.id)));
    },
  };
  return puller;
}
