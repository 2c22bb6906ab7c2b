/**
 * Every route of the server for the fuzz suite: its path, a well-formed body the fuzzer starts
 * from (then breaks field by field), and which fixture its path names. Which routes need a user
 * and which queries a route reads come from the routes' own options (./route-table.ts).
 * `scope` marks routes about one pod, game or deck: a stranger asking about the fixture's must
 * never get a 2xx (authorization held in the attack run; this keeps it held).
 * It is the authorization table: fuzz.test.ts fails when the server serves an /api route with no
 * row here, or a row names a route the server no longer serves (./route-table.ts).
 */
import { randomUUID } from 'node:crypto';

export type Scope = 'pod' | 'game' | 'deck' | 'friendship' | 'invitation' | 'directMessage';

export interface Fixtures {
  ownerId: string;
  memberId: string;
  strangerId: string;
  podId: string;
  gameId: string;
  deckId: string;
  friendshipId: string;
  invitationId: string;
  /** The owner's message to the member. */
  directMessageId: string;
  /** The owner's message in the fixture pod (`:messageId`). */
  podMessageId: string;
}

export interface RouteSpec {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  scope?: Scope;
  body?: (f: Fixtures) => Record<string, unknown>;
  multipart?: true;
}

const seatLayouts = [
  { seat: 0, left: 0, top: 0, width: 30, height: 15, rotation: 180 },
  { seat: 1, left: 0, top: 15, width: 30, height: 15, rotation: 0 },
];

export const ROUTES: readonly RouteSpec[] = [
  { method: 'POST', path: '/api/users', body: () => ({ email: `${randomUUID()}@example.com`, username: `f${randomUUID().slice(0, 8)}`, password: 'password1' }) },
  { method: 'POST', path: '/api/users/login', body: () => ({ username: 'nobody', password: 'password1' }) },
  { method: 'POST', path: '/api/users/logout' },
  { method: 'GET', path: '/api/users/me' },
  { method: 'PUT', path: '/api/users/me', body: (f) => ({ displayName: 'Fuzzy', defaultDeckId: f.deckId, email: 'x@example.com', currentPassword: 'nope' }) },
  { method: 'POST', path: '/api/users/me/email', body: () => ({ email: 'new@example.com', currentPassword: 'not the password' }) },
  { method: 'POST', path: '/api/users/me/password', body: () => ({ currentPassword: 'not the password', newPassword: 'whatever123' }) },
  { method: 'POST', path: '/api/users/email-change/:token' },
  { method: 'POST', path: '/api/users/email-change/:token/undo' },
  { method: 'POST', path: '/api/users/avatar', multipart: true },
  { method: 'GET', path: '/api/users/:id/avatar' },
  { method: 'GET', path: '/api/users/search' },
  { method: 'GET', path: '/api/users' },
  { method: 'POST', path: '/api/auth/forgot-password', body: () => ({ email: 'someone@example.com' }) },
  { method: 'PATCH', path: '/api/auth/reset-password/:token', body: () => ({ newPassword: 'password123' }) },
  // Account deletion needs the password (never the fixture's: the fuzzed owner must survive the run).
  { method: 'DELETE', path: '/api/users/me', body: () => ({ password: 'not the password' }) },
  { method: 'GET', path: '/api/users/me/export' },
  { method: 'GET', path: '/api/users/me/export/games.csv' },

  { method: 'GET', path: '/api/friends' },
  { method: 'GET', path: '/api/friends/pending' },
  { method: 'POST', path: '/api/friends/send-request', body: (f) => ({ addresseeId: f.strangerId }) },
  { method: 'PUT', path: '/api/friends/:id/accept', scope: 'friendship', body: () => ({ status: 'ACCEPTED' }) },
  { method: 'DELETE', path: '/api/friends/:id/reject', scope: 'friendship' },
  { method: 'DELETE', path: '/api/friends/:id', scope: 'friendship' },

  { method: 'GET', path: '/api/direct-messages' },
  { method: 'GET', path: '/api/direct-messages/:userId' },
  { method: 'POST', path: '/api/direct-messages/send', body: (f) => ({ id: randomUUID(), receiverId: f.memberId, content: 'hello' }) },
  { method: 'PATCH', path: '/api/direct-messages/:id', scope: 'directMessage', body: () => ({ content: 'hello again' }) },
  { method: 'DELETE', path: '/api/direct-messages/:id', scope: 'directMessage' },
  { method: 'GET', path: '/api/messages/search' },

  { method: 'GET', path: '/api/pods' },
  { method: 'POST', path: '/api/pods', body: () => ({ id: randomUUID(), name: 'Fuzz pod' }) },
  { method: 'GET', path: '/api/pods/invitations' },
  { method: 'POST', path: '/api/pods/invitations/:invitationId/accept', scope: 'invitation' },
  { method: 'POST', path: '/api/pods/invitations/:invitationId/decline', scope: 'invitation' },
  { method: 'GET', path: '/api/pods/:id', scope: 'pod' },
  { method: 'PUT', path: '/api/pods/:id', scope: 'pod', body: () => ({ name: 'Renamed' }) },
  { method: 'DELETE', path: '/api/pods/:id', scope: 'pod' },
  { method: 'GET', path: '/api/pods/:id/messages', scope: 'pod' },
  { method: 'POST', path: '/api/pods/:id/messages', scope: 'pod', body: () => ({ id: randomUUID(), content: 'gg' }) },
  { method: 'PATCH', path: '/api/pods/:id/messages/:messageId', scope: 'pod', body: () => ({ content: 'gg wp' }) },
  { method: 'DELETE', path: '/api/pods/:id/messages/:messageId', scope: 'pod' },
  { method: 'GET', path: '/api/pods/:id/invitations', scope: 'pod' },
  { method: 'POST', path: '/api/pods/:id/invite', scope: 'pod', body: (f) => ({ userId: f.strangerId }) },
  { method: 'DELETE', path: '/api/pods/:id/invitations/:invitationId', scope: 'pod' },
  { method: 'DELETE', path: '/api/pods/:id/members/:userId', scope: 'pod' },
  { method: 'POST', path: '/api/pods/:id/assign-owner', scope: 'pod', body: (f) => ({ newOwnerId: f.memberId }) },
  { method: 'POST', path: '/api/pods/:id/leave', scope: 'pod' },

  { method: 'GET', path: '/api/decks' },
  { method: 'GET', path: '/api/decks/:id', scope: 'deck' },
  {
    method: 'POST',
    path: '/api/decks',
    body: () => ({ id: randomUUID(), name: 'Fuzz deck', description: 'x', commander: 'Atraxa', hasPartner: false, externalLinks: ['https://example.com/d'] }),
  },
  { method: 'PUT', path: '/api/decks/:id', scope: 'deck', body: () => ({ name: 'Renamed deck', externalLinks: [] }) },
  { method: 'DELETE', path: '/api/decks/:id', scope: 'deck' },

  { method: 'GET', path: '/api/games' },
  {
    method: 'POST',
    path: '/api/games',
    body: (f) => ({
      id: randomUUID(),
      layoutPreset: 'duo-classic',
      seats: seatLayouts,
      activeSeat: 0,
      startTime: '2026-11-22T18:00:00Z',
      participants: [
        { seatNumber: 0, role: 'self', displayName: 'Me', userId: f.ownerId, deckName: 'Deck', commanderName: 'Atraxa' },
        { seatNumber: 1, role: 'guest', displayName: 'Gus', guestName: 'Gus', accountEmail: 'gus@example.com', deckName: 'Deck', commanderName: 'Tymna' },
      ],
    }),
  },
  { method: 'GET', path: '/api/games/:id', scope: 'game' },
  { method: 'GET', path: '/api/games/:id/story', scope: 'game' },
  { method: 'PUT', path: '/api/games/:id', scope: 'game', body: () => ({ activeSeat: 1, turnNumber: 2, eventId: randomUUID() }) },
  { method: 'DELETE', path: '/api/games/:id', scope: 'game' },
  { method: 'POST', path: '/api/games/:id/increments', scope: 'game', body: () => ({ id: randomUUID(), seat: 0, counter: 'life', delta: -1 }) },
  { method: 'POST', path: '/api/games/claim/:token' },
  { method: 'GET', path: '/api/games/invites' },
  { method: 'GET', path: '/api/games/finished' },
  { method: 'POST', path: '/api/games/invites/:id/accept' },
  { method: 'POST', path: '/api/games/invites/:id/decline' },
  { method: 'POST', path: '/api/games/:id/leave', scope: 'game' },
  { method: 'GET', path: '/api/games/:id/join-code', scope: 'game' },
  { method: 'POST', path: '/api/games/:id/join-code', scope: 'game' },
  { method: 'DELETE', path: '/api/games/:id/joins/:seat', scope: 'game' },
  { method: 'POST', path: '/api/games/join/preview', body: () => ({ code: 'ZZZZZZ' }) },
  { method: 'POST', path: '/api/games/join', body: () => ({ code: 'ZZZZZZ', seatNumber: 1 }) },
  { method: 'GET', path: '/api/games/:id/watch-link', scope: 'game' },
  { method: 'POST', path: '/api/games/:id/watch-link', scope: 'game' },
  { method: 'DELETE', path: '/api/games/:id/watch-link', scope: 'game' },
  { method: 'GET', path: '/api/watch/:token' },
  { method: 'POST', path: '/api/games/join/guest/preview', body: () => ({ code: 'ZZZZZZ' }) },
  { method: 'POST', path: '/api/games/join/guest', body: () => ({ code: 'ZZZZZZ', seatNumber: 1, name: 'Gus' }) },
  { method: 'GET', path: '/api/guest-seat' },
  { method: 'POST', path: '/api/guest-seat/claim', body: () => ({ token: 'A'.repeat(43) }) },
  { method: 'POST', path: '/api/guest-seat/increments', body: () => ({ id: randomUUID(), seat: 0, counter: 'life', delta: -1 }) },

  { method: 'GET', path: '/api/blocks' },
  { method: 'POST', path: '/api/blocks', body: (f) => ({ userId: f.strangerId }) },
  { method: 'DELETE', path: '/api/blocks/:userId' },

  {
    method: 'POST',
    path: '/api/sync/push',
    body: (f) => ({
      mutations: [
        { id: randomUUID(), name: 'pod.message.send', args: { id: randomUUID(), podId: f.podId, content: 'fuzz' } },
        { id: randomUUID(), name: 'game.increment', args: { gameId: f.gameId, increment: { id: randomUUID(), seat: 0, counter: 'life', delta: -1 } } },
      ],
      cursor: 0,
    }),
  },
  { method: 'GET', path: '/api/sync/pull' },

  { method: 'POST', path: '/api/live/ticket' },

  { method: 'GET', path: '/api/push/public-key' },
  {
    method: 'POST',
    path: '/api/push/subscriptions',
    body: () => ({
      endpoint: `https://fcm.googleapis.com/fcm/send/fuzz-${randomUUID()}`,
      keys: { p256dh: Buffer.alloc(65, 4).toString('base64url'), auth: Buffer.alloc(16, 7).toString('base64url') },
    }),
  },
  { method: 'DELETE', path: '/api/push/subscriptions', body: () => ({ endpoint: 'https://fcm.googleapis.com/fcm/send/none' }) },
  { method: 'GET', path: '/api/push/settings' },
  { method: 'PUT', path: '/api/push/settings', body: () => ({ podMessages: false }) },
  // Muting needs membership; unmuting changes only the caller's own setting (a pod left while muted), so it has no scope.
  { method: 'PUT', path: '/api/push/muted-pods/:podId', scope: 'pod' },
  { method: 'DELETE', path: '/api/push/muted-pods/:podId' },

  { method: 'GET', path: '/api/cards/commanders' },
  { method: 'GET', path: '/api/cards/named' },

  { method: 'GET', path: '/api/openapi.json' },
];
