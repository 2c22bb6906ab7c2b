/**
 * The page's composition root of the sync layer: one mirror, one API client, one sender, one
 * live socket, one puller, and the actions screens call. Screens import from here; nothing here
 * imports React.
 * When writes leave: at once after each write; when the network, the socket or the server comes
 * back (backoff forgotten); on the drain loop's timer while writes wait (a server outage fires
 * no event); and from the service worker (Background Sync, its start). The worker only records
 * the server's verdicts; this page applies them (src/sync/engine/watch-verdicts.ts) on start, whenever
 * the worker records more, and before each round of its own sender.
 * When the mirror catches up: one cursor pull after login, on start, after each (re)connect, on a
 * gap in the socket's positions, when a PONG shows the log moved, and on focus (throttled).
 */
import type { DeckInput } from '../contract/decks';
import type { CreateGameInput, GameEvent, GameIncrement, GameStatus, UpdateGameBody } from '../contract/game';
import { PROTOCOL_QUERY, PROTOCOL_VERSION, pushResponse } from '../contract/sync';
import type { MutationInput, MutationName } from '../contract/mutations';
import type { ChangeEmailBody, ChangePasswordBody, RegisterBody } from '../contract/users';
import { liveTicketSchema } from '../contract/live';
import { openDatabase } from '../db/schema';
import { readSession } from '../db/session';
import * as account from './actions/account-security';
import { createApiClient } from './engine/api';
import * as auth from './actions/auth';
import type { SyncContext } from './engine/context';
import { createDrainLoop } from './engine/drain-loop';
import { discardWrite, retryWrite } from './engine/failed-writes';
import { createLiveClient, type WebSocketLike } from './engine/live';
import { applyLiveEvent } from './engine/live-events';
import * as profile from './actions/avatar-upload';
import { createPuller } from './engine/pull';
import { normalizeOutboxKeys } from './engine/plan';
import { flushRevocations } from './engine/revocations';
import { createSender } from './engine/sender';
import { listAllUsers, searchUsers } from './actions/user-search';
import { searchMessagesOnServer } from './actions/message-search';
import { askServiceWorkerToDrain } from './engine/sw-bridge';
import { searchCommanders } from './actions/card-search';
import * as games from './actions/games';
import { createStoryLoader, undoStoryEntry } from './actions/game-story';
import { gameJoinActions } from './actions/game-joins';
import { gameWatchActions } from './actions/game-watch';
import { keepUnsavedTaps, writeUnsavedTaps, type UnsavedTap } from './actions/unsaved-taps';
import { readStoredToken } from './engine/token';
import { markUpdateRequired } from './engine/update-required';
import { watchRecordedVerdicts } from './engine/watch-verdicts';
import { mutateAndSend, saveDeck } from './actions/writes';
import { createOlderMessages } from './actions/older-messages';
import { createOlderGames } from './actions/older-games';
import { enforceMirrorBudget } from '../db/mirror-budget';
import type { ChatPosition, ChatRef } from '../db/queries/chat-history';
import type { SearchScope } from '../db/queries/message-search';
import { markRead, type ReadUpTo } from './actions/read-markers';
import type { ReadMarkerKind } from '../contract/read-markers';

/** Focus refreshes at most every 5 s (spec's data cache defaults). */
export const FOCUS_THROTTLE_MS = 5000;

export const db = openDatabase();
export const api = createApiClient({ getToken: readStoredToken });
export const puller = createPuller(db, api);
const olderMessages = createOlderMessages(db, api, { pullRest: () => puller.sync() });
const olderGames = createOlderGames(db, api);

const senderApi = createApiClient({ getToken: async () => (await readSession(db)).token });
const sender = createSender({ db, api: senderApi, readAnswer: (raw) => pushResponse.parse(raw), onMoreToPull: () => void puller.sync().catch(() => undefined) });
const drainLoop = createDrainLoop(sender);

const ctx: SyncContext = {
  db,
  api,
  kick() {
    drainLoop.kick();
    askServiceWorkerToDrain();
  },
};
const storyLoader = createStoryLoader(ctx);

/** The network, the socket or the server is back: send now, with no backoff left over. */
function sendNow(): void {
  drainLoop.kick({ fresh: true });
  askServiceWorkerToDrain(true);
  void flushRevocations(db, senderApi).catch(() => undefined);
}

/** Catches the mirror up (and re-reads the current user); failures are recorded for screens (pull.ts). */
async function pullEverything(): Promise<void> {
  if (!readStoredToken()) return;
  await auth.refreshCurrentUser(ctx).catch(() => undefined);
  await puller.sync();
}

/**
 * One socket for the whole session; it carries every live event. It opens with a short-lived,
 * single-use ticket (POST /api/live/ticket) instead of the long-lived token in its URL.
 */
export const live = createLiveClient({
  url: async () => {
    const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
    const { ticket } = liveTicketSchema.parse(await api.request('POST', '/api/live/ticket'));
    return `${scheme}://${location.host}/ws/?ticket=${encodeURIComponent(ticket)}&${PROTOCOL_QUERY}=${PROTOCOL_VERSION}`;
  },
  getToken: readStoredToken,
  createSocket: (url) => new WebSocket(url) as unknown as WebSocketLike,
  async onEvent(event) {
    if ((await applyLiveEvent(db, event)) === 'pull') await puller.sync().catch(() => undefined);
  },
  onOpen: () => {
    // Catch up on whatever the socket missed while it was down, and flush waiting writes.
    sendNow();
    void puller.sync().catch(() => undefined);
  },
  onProtocolRefused: () => void markUpdateRequired(db),
});

let started = false;
let lastFocusPull = 0;
/** Starts sending (now, online again, focus), the live connection, and the first pull. */
export function startSync(): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  window.addEventListener('online', () => {
    sendNow();
    live.connect();
  });
  window.addEventListener('focus', () => {
    ctx.kick();
    if (Date.now() - lastFocusPull < FOCUS_THROTTLE_MS) return;
    lastFocusPull = Date.now();
    void pullEverything().catch(() => undefined);
  });
  // Entries an older version wrote may name only their main row (plan.ts): their keys are
  // recomputed once, before the first answer is applied, so every server row finds its writes.
  void normalizeOutboxKeys(db)
    .catch((error: unknown) => console.warn('The outbox keys were not recomputed.', error))
    // Taps the last page showed but had not written when it was closed (unsaved-taps.ts), before anything is sent.
    .then(() => writeUnsavedTaps(ctx))
    .catch((error: unknown) => console.warn('Kept taps were not written.', error))
    .finally(() => {
      // Verdicts the worker recorded while the app was closed, then every new one.
      watchRecordedVerdicts(db, (error) => console.warn('Recorded verdicts were not applied.', error));
      sendNow();
      live.connect();
      // Older chat pages past the mirror budget leave (src/db/mirror-budget.ts), after the outbox is settled.
      void enforceMirrorBudget(db).catch((error: unknown) => console.warn('The mirror budget was not applied.', error));
    });
}

export { newId } from './engine/mutate';

export const actions = {
  /**
   * Every queued write: `name` and its arguments (src/mutations). Shows at once, waits in the
   * outbox until the server has it; answers the mutation id (for a creating write, the new
   * record's id: pass one from `newId()`).
   */
  mutate: <N extends MutationName>(name: N, input: MutationInput<N>) => mutateAndSend(ctx, name, input),
  async login(username: string, password: string) {
    const answer = await auth.login(ctx, username, password);
    live.connect();
    void puller.sync().catch(() => undefined);
    return answer;
  },
  register: (body: RegisterBody) => auth.register(ctx, body),
  countUnsent: () => auth.countUnsent(ctx),
  async logout() {
    live.disconnect();
    await drainLoop.idle();
    await auth.logout(ctx);
  },
  refreshCurrentUser: () => auth.refreshCurrentUser(ctx),
  forgotPassword: (email: string) => auth.forgotPassword(ctx, email),
  resetPassword: (token: string, newPassword: string) => auth.resetPassword(ctx, token, newPassword),
  uploadAvatar: (file: Blob, fileName?: string) => profile.uploadAvatar(ctx, file, fileName),
  changeEmail: (body: ChangeEmailBody) => account.changeEmail(ctx, body),
  changePassword: (body: ChangePasswordBody) => account.changePassword(ctx, body),
  confirmEmailChange: (token: string) => account.confirmEmailChange(ctx, token),
  undoEmailChange: (token: string) => account.undoEmailChange(ctx, token),

  searchUsers: (query: string) => searchUsers(ctx, query),
  listAllUsers: (username?: string) => listAllUsers(ctx, username),
  searchMessagesOnServer: (q: string, scope: SearchScope) => searchMessagesOnServer(ctx, q, scope),

  saveDeck: (input: DeckInput, existingId?: string) => saveDeck(ctx, input, existingId),
  searchCommanders: (query: string, partner?: boolean) => searchCommanders(ctx, query, partner),
  createGame: (input: Omit<CreateGameInput, 'id'>) => games.createGame(ctx, input),
  changeCounter: (gameId: string, change: Omit<GameIncrement, 'id'> & { id?: string }) => games.changeCounter(ctx, gameId, change),
  /** Synchronous: for a page being hidden or left (unsaved-taps.ts). */
  keepUnsavedTaps: (taps: readonly UnsavedTap[]) => keepUnsavedTaps(taps),
  updateGame: (gameId: string, change: Omit<UpdateGameBody, 'eventId'>) => games.updateGame(ctx, gameId, change),
  passTurn: (gameId: string) => games.passTurn(ctx, gameId),
  undoLastChange: (gameId: string) => games.undoLastChange(ctx, gameId),
  /** Pulls the game's whole story into the mirror (one load per game at a time); never throws. */
  loadGameStory: (gameId: string) => storyLoader.load(gameId),
  /** Undoes one entry of the story (a counter change, or the latest turn pass) as a new queued change. */
  undoStoryEntry: (gameId: string, entry: GameEvent) => undoStoryEntry(ctx, gameId, entry),
  setGameStatus: (gameId: string, status: GameStatus) => games.setGameStatus(ctx, gameId, status),
  pullGame: (gameId: string) => puller.game(gameId),
  claimGame: (token: string) => games.claimGame(ctx, token),
  /** Joining a live game by code (online only). */
  gameJoins: gameJoinActions(ctx),
  /** The game's read-only TV link (online only). */
  gameWatch: gameWatchActions(ctx),

  /** Live subscription to one pod's chat (spec: JOIN_POD / LEAVE_POD). */
  joinPod: (podId: string) => live.send({ type: 'JOIN_POD', podId }),
  leavePodChannel: (podId: string) => live.send({ type: 'LEAVE_POD', podId }),

  /**
   * The one cursor pull: every list and every pod chat's new messages (the dashboard's 30 s
   * refresh of its pods' latest messages and an opened pod chat's refresh are this one request).
   */
  pullList: () => puller.sync(),
  pullPodInvites: (podId: string) => puller.podInvites(podId),
  pullDirectMessages: (peerId: string) => puller.directMessages(peerId),
  /** The page of messages before the oldest one the mirror holds for a chat (one request per chat at a time). */
  loadOlderMessages: (chat: ChatRef) => olderMessages.load(chat),
  /** Finished games older than the history holds, of the user's games or of one pod's (one call per scope at a time); never throws. */
  loadOlderGames: (podId?: string) => olderGames.load(podId),
  /** Older pages of a chat until the mirror holds `target` (a search result the thread opens at); never throws. */
  findMessage: (chat: ChatRef, target: ChatPosition) => olderMessages.find(chat, target),
  pullEverything,

  /** Moves the read marker of a conversation (`dm`, the peer's id) or pod forward to `upTo`; queues nothing unless it moves. */
  markRead: (kind: ReadMarkerKind, targetId: string, upTo: ReadUpTo) => markRead(ctx, kind, targetId, upTo),

  async retryWrite(id: string) {
    await retryWrite(db, id);
    sendNow();
  },
  async discardWrite(id: string) {
    await discardWrite(db, id);
  },
};
