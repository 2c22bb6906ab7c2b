/**
 * Pull (the sync protocol): ONE request catches the mirror up from its cursor — after login,
 * on app start, after every (re)connect of the socket, on a gap in the socket's positions, when
 * the socket has been quiet and its PONG shows the log moved, and on focus (throttled). A first
 * pull (no cursor) is a snapshot of every list, asked in two parts (`snapshot=paged`): the head
 * (the dashboard's and the chat list's rows) is applied and shown first, then the rest (friends,
 * histories, the games list) is asked before anything else; until it is applied, the lists it
 * brings say "loading" (`pull:rest`) and the rest stays owed across restarts (cursor.ts). Pulls from all tabs and the service worker run
 * one at a time (Web Lock PULL_LOCK); calls during a pull collapse into one more pull after it.
 * A few reads stay plain REST: the latest page of a conversation when it opens, a pod's
 * invitations as its members see them, and one game by id (a claim link, a game this device has
 * not seen); older pages of a chat come on demand (src/sync/actions/older-messages.ts).
 * The spec's cache defaults, as tuned numbers: identical REST reads within DEDUPE_MS share one
 * request; a failed pull is retried after RETRY_MS.
 * `meta` rows `pull:<key>` record when something was last loaded and its last error, so screens
 * tell "loading" from "empty" from "failed", also offline after a restart.
 */
import { directMessageSchema, MESSAGES_PAGE_MAX, podInvitationSchema } from '../../contract/social';
import { gameSchema } from '../../contract/game';
import { LIST_KINDS } from '../../contract/entities';
import { pullResponse } from '../../contract/sync';
import type { PodTableDB } from '../../db/schema';
import { ApiError, type ApiClient } from './api';
import { applyServerData } from './apply-server';
import { applyHistoryPage } from './history-page';
import { readCursor, readRestOwed } from './cursor';
import { withLock as defaultWithLock, type WithLock } from './locks';
import { markUpdateRequired } from './update-required';

export const DEDUPE_MS = 2000;
export const RETRY_MS = 5000;
export const PULL_LOCK = 'podtable-pull';
/** A stale answer (the cursor moved meanwhile) is pulled again at most this often in a row. */
const STALE_RETRIES = 3;

/** Lists every full pull loads; screens ask for their state by these names (the entity registry's). */
export { LIST_KINDS } from '../../contract/entities';

export interface PullState {
  loadedAt: number | null;
  error: string | null;
}

const SYNC_KEY = 'pull:sync';
/** The state of the lists a paged snapshot's head leaves out: recorded with the cursor pull's once no rest is owed. */
const REST_KEY = 'pull:rest';
/** Lists a paged snapshot's head leaves out. */
const REST_LISTS: readonly string[] = ['friends', 'games'];

/** The path of the next pull: from `cursor`, a paged snapshot's rest when it is owed. */
function pullPath(cursor: number | null, restOwed: boolean): string {
  if (cursor === null) return '/api/sync/pull?snapshot=paged';
  return `/api/sync/pull?cursor=${cursor}&snapshot=${restOwed ? 'rest' : 'paged'}`;
}

/**
 * The meta key of a pull's state. Every list and the recent messages of every pod come with the
 * cursor pull (one state; friends and games with a first pull's rest); a conversation's history,
 * a pod's invitations and one game have their own.
 */
export function pullKey(kind: string, id?: string): string {
  if (REST_LISTS.includes(kind)) return REST_KEY;
  if ((LIST_KINDS as readonly string[]).includes(kind) || kind === 'podMessages') return SYNC_KEY;
  return id ? `pull:${kind}:${id}` : `pull:${kind}`;
}

export async function readPullState(db: PodTableDB, key: string): Promise<PullState> {
  const row = await db.meta.get(key);
  const value = row?.value as Partial<PullState> | undefined;
  return { loadedAt: typeof value?.loadedAt === 'number' ? value.loadedAt : null, error: typeof value?.error === 'string' ? value.error : null };
}

async function recordPull(db: PodTableDB, key: string, error: unknown, now: number): Promise<void> {
  const previous = await readPullState(db, key);
  const value: PullState = error === undefined ? { loadedAt: now, error: null } : { loadedAt: previous.loadedAt, error: error instanceof Error ? error.message : String(error) };
  await db.meta.put({ key, value });
}

export interface Puller {
  /** Catches the mirror up from its cursor (coalesced; resolves when the mirror is current or the pull failed). */
  sync(): Promise<void>;
  directMessages(peerId: string): Promise<void>;
  podInvites(podId: string): Promise<void>;
  game(gameId: string): Promise<void>;
}

export interface PullerOptions {
  withLock?: WithLock;
  now?: () => number;
}

export function createPuller(db: PodTableDB, api: ApiClient, options: PullerOptions = {}): Puller {
  const withLock = options.withLock ?? defaultWithLock;
  const now = options.now ?? Date.now;
  let running: Promise<void> | null = null;
  let again = false;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  const recent = new Map<string, { at: number; run: Promise<void> }>();

  async function pullOnce(): Promise<void> {
    await withLock(PULL_LOCK, async () => {
      for (let round = 0, stale = 0; ; round += 1) {
        const cursor = await readCursor(db);
        const restOwed = cursor !== null && (await readRestOwed(db));
        const answer = pullResponse.parse(await api.request('GET', pullPath(cursor, restOwed)));
        const outcome = await applyServerData(db, {
          puts: answer.puts,
          dels: answer.dels,
          reset: answer.reset,
          applied: answer.applied,
          cursor: { from: cursor, to: answer.cursor, ...(answer.readAt !== undefined ? { readAt: answer.readAt } : {}) },
          ...(answer.rest ? { restOwed: true } : restOwed && !answer.reset ? { restOwed: false } : {}),
        });
        // The head is on screen: the lists it carries stop saying "loading"; those the rest brings start.
        if (outcome === 'applied' && answer.rest) {
          await recordPull(db, SYNC_KEY, undefined, now());
          await db.meta.put({ key: REST_KEY, value: { loadedAt: null, error: null } satisfies PullState });
        }
        if (outcome === 'stale' && ++stale <= STALE_RETRIES) continue;
        if (!answer.more) return;
      }
    });
  }

  function scheduleRetry(): void {
    if (retryTimer !== undefined) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      void sync().catch(() => undefined);
    }, RETRY_MS);
  }

  function sync(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      try {
        do {
          again = false;
          await pullOnce();
        } while (again);
        await recordPull(db, SYNC_KEY, undefined, now());
        if (!(await readRestOwed(db))) await recordPull(db, REST_KEY, undefined, now());
      } catch (error) {
        await recordPull(db, SYNC_KEY, error, now());
        await recordPull(db, REST_KEY, error, now());
        if (error instanceof ApiError && error.status === 426) await markUpdateRequired(db);
        else if (!(error instanceof ApiError && error.status === 401)) scheduleRetry();
        throw error;
      } finally {
        running = null;
      }
    })();
    return running;
  }

  /** A REST read, shared by identical calls within DEDUPE_MS, its state recorded under `key`. */
  function rest(key: string, load: () => Promise<void>): Promise<void> {
    const last = recent.get(key);
    if (last && now() - last.at < DEDUPE_MS) return last.run;
    const run = load().then(
      () => recordPull(db, key, undefined, now()),
      async (error: unknown) => {
        await recordPull(db, key, error, now());
        throw error;
      },
    );
    recent.set(key, { at: now(), run });
    return run;
  }

  return {
    sync,
    // The latest page of a conversation, applied like a pull; a short one also tells where it begins.
    directMessages: (peerId) =>
      rest(pullKey('directMessages', peerId), async () => {
        const rows = await api.request<unknown[]>('GET', `/api/direct-messages/${encodeURIComponent(peerId)}?limit=${MESSAGES_PAGE_MAX}`);
        const page = rows.map((row) => directMessageSchema.parse(row));
        await applyHistoryPage(db, { chat: { kind: 'direct', peerId }, rows: page, limit: MESSAGES_PAGE_MAX, cursor: null, onlyNew: false });
      }),
    podInvites: (podId) =>
      rest(pullKey('podInvites', podId), async () => {
        const rows = (await api.request<unknown[]>('GET', `/api/pods/${encodeURIComponent(podId)}/invitations`)).map((row) => podInvitationSchema.parse(row));
        const keep = new Set(rows.map((row) => row.invitationId));
        const gone = (await db.podInvitations.where('pod.id').equals(podId).primaryKeys()).filter((id) => !keep.has(id));
        await applyServerData(db, { puts: { podInvitations: rows }, dels: { podInvitations: gone } });
      }),
    game: (gameId) =>
      rest(pullKey('game', gameId), async () => {
        try {
          const game = gameSchema.parse(await api.request('GET', `/api/games/${encodeURIComponent(gameId)}`));
          await applyServerData(db, { puts: { games: [game] } });
        } catch (error) {
          if (error instanceof ApiError && error.status === 404) await applyServerData(db, { dels: { games: [gameId] } });
          else throw error;
        }
      }),
  };
}
