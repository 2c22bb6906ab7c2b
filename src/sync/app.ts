/**
 * The page's composition root of the sync layer: one mirror, one API client, one sender,
 * one live socket, one puller, and the actions screens call. Screens import from here;
 * nothing here imports React.
 */
import type { RegisterBody, UpdateMeBody } from '../contract/users';
import { openDatabase } from '../db/schema';
import { readSession } from '../db/session';
import { createApiClient } from './api';
import { appliers } from './appliers';
import * as auth from './auth';
import type { SyncContext } from './context';
import { createDrainLoop } from './drain-loop';
import { discardWrite, retryWrite } from './failed-writes';
import { createLiveClient, type WebSocketLike } from './live';
import { applyLiveEvent } from './live-events';
import * as profile from './profile';
import { createPuller, type ListKind } from './pull';
import { createSender } from './sender';
import * as dm from './social/direct-messages';
import * as friends from './social/friends';
import * as pods from './social/pods';
import { listAllUsers, searchUsers } from './social/user-search';
import { askServiceWorkerToDrain } from './sw-bridge';
import { searchCommanders } from './table/cards';
import * as decks from './table/decks';
import * as games from './table/games';
import type { DeckInput } from '../contract/decks';
import type { CreateGameInput, GameIncrement, GameStatus } from '../contract/game';
import { readStoredToken } from './token';

/** Focus refreshes at most every 5 s (spec's data cache defaults). */
export const FOCUS_THROTTLE_MS = 5000;

export const db = openDatabase();
export const api = createApiClient({ getToken: readStoredToken });
export const puller = createPuller(db, api);

const sender = createSender({
  db,
  api: createApiClient({ getToken: async () => (await readSession(db)).token }),
  appliers,
});
const drainLoop = createDrainLoop(sender);

const ctx: SyncContext = {
  db,
  api,
  kick() {
    drainLoop.kick();
    askServiceWorkerToDrain();
  },
};

/** Re-reads everything the signed-in user sees; failures are recorded per list (pull.ts). */
async function pullEverything(): Promise<void> {
  if (!readStoredToken()) return;
  await auth.refreshCurrentUser(ctx).catch(() => undefined);
  await puller.all();
}

/** One socket for the whole session (spec: `/ws/?token=…`); it carries every live event. */
export const live = createLiveClient({
  url: (token) => {
    const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
    return `${scheme}://${location.host}/ws/?token=${encodeURIComponent(token)}`;
  },
  getToken: readStoredToken,
  createSocket: (url) => new WebSocket(url) as unknown as WebSocketLike,
  onEvent: (event) => applyLiveEvent(db, event),
  onOpen: () => {
    // Catch up on whatever the socket missed while it was down, and flush waiting writes.
    ctx.kick();
    void pullEverything();
  },
});

let started = false;
let lastFocusPull = 0;
/** Starts sending (now, online again, focus), the live connection, and the first pull. */
export function startSync(): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  window.addEventListener('online', () => {
    ctx.kick();
    live.connect();
  });
  window.addEventListener('focus', () => {
    ctx.kick();
    if (Date.now() - lastFocusPull < FOCUS_THROTTLE_MS) return;
    lastFocusPull = Date.now();
    void pullEverything();
  });
  ctx.kick();
  live.connect();
}

export const actions = {
  async login(username: string, password: string) {
    const answer = await auth.login(ctx, username, password);
    live.connect();
    void puller.all();
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
  saveProfile: (patch: UpdateMeBody) => profile.saveProfile(ctx, patch),
  uploadAvatar: (file: Blob, fileName?: string) => profile.uploadAvatar(ctx, file, fileName),

  searchUsers: (query: string) => searchUsers(ctx, query),
  listAllUsers: () => listAllUsers(ctx),
  sendDirectMessage: (receiverId: string, content: string) => dm.sendDirectMessage(ctx, receiverId, content),
  createPod: (name: string) => pods.createPod(ctx, name),
  sendPodMessage: (podId: string, content: string) => pods.sendPodMessage(ctx, podId, content),
  inviteToPod: (podId: string, userId: string) => pods.inviteToPod(ctx, podId, userId),
  acceptPodInvitation: (invitationId: string) => pods.answerInvitation(ctx, invitationId, true),
  declinePodInvitation: (invitationId: string) => pods.answerInvitation(ctx, invitationId, false),
  removePodMember: (podId: string, userId: string) => pods.removeMember(ctx, podId, userId),
  assignPodOwner: (podId: string, newOwnerId: string) => pods.assignOwner(ctx, podId, newOwnerId),
  leavePod: (podId: string) => pods.leaveOrDeletePod(ctx, podId, 'leave'),
  deletePod: (podId: string) => pods.leaveOrDeletePod(ctx, podId, 'delete'),
  sendFriendRequest: (addresseeId: string) => friends.sendFriendRequest(ctx, addresseeId),
  acceptFriendRequest: (friendshipId: string) => friends.acceptFriendRequest(ctx, friendshipId),
  rejectFriendRequest: (friendshipId: string) => friends.removeFriendship(ctx, friendshipId, 'reject'),
  removeFriend: (friendshipId: string) => friends.removeFriendship(ctx, friendshipId, 'remove'),

  saveDeck: (input: DeckInput, existingId?: string) => decks.saveDeck(ctx, input, existingId),
  deleteDeck: (id: string) => decks.deleteDeck(ctx, id),
  searchCommanders: (query: string, partner?: boolean) => searchCommanders(ctx, query, partner),
  createGame: (input: Omit<CreateGameInput, 'id'>) => games.createGame(ctx, input),
  changeCounter: (gameId: string, change: Omit<GameIncrement, 'id'>) => games.changeCounter(ctx, gameId, change),
  passTurn: (gameId: string) => games.passTurn(ctx, gameId),
  undoLastChange: (gameId: string) => games.undoLastChange(ctx, gameId),
  setGameStatus: (gameId: string, status: GameStatus) => games.setGameStatus(ctx, gameId, status),
  pullGame: (gameId: string) => puller.game(gameId),
  claimGame: (token: string) => games.claimGame(ctx, token),

  /** Live subscription to one pod's chat (spec: JOIN_POD / LEAVE_POD). */
  joinPod: (podId: string) => live.send({ type: 'JOIN_POD', podId }),
  leavePodChannel: (podId: string) => live.send({ type: 'LEAVE_POD', podId }),

  pullList: (kind: ListKind) => puller.list(kind),
  pullPodMessages: (podId: string, limit?: number) => puller.podMessages(podId, limit),
  pullPodInvites: (podId: string) => puller.podInvites(podId),
  pullDirectMessages: (peerId: string) => puller.directMessages(peerId),
  pullEverything,

  async retryWrite(id: string) {
    await retryWrite(db, id);
    ctx.kick();
  },
  async discardWrite(id: string) {
    const entry = await discardWrite(db, id);
    if (entry?.target?.table === 'users') await auth.refreshCurrentUser(ctx);
    if (entry?.target?.table === 'pods') await puller.list('pods').catch(() => undefined);
    if (entry?.target?.table === 'games') await puller.game(entry.target.id).catch(() => undefined);
    // A refused accept/decline removed the invitation optimistically: bring it back.
    if (entry?.target?.table === 'podInvitations') await puller.list('podInvitations').catch(() => undefined);
  },
};
