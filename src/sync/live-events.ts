/**
 * Live events → the mirror (docs/architecture.md, "Live events"). An event with a position is
 * applied only when it is the next one of this device's cursor (pos = cursor + 1), in the same
 * transaction that moves the cursor; an older one is already in the mirror (its `mid` still
 * acknowledges a write); a gap, an event that does not fit the server copy, or a PONG showing
 * the log moved asks for a pull, which catches up in one request.
 */
import type { ServerEvent } from '../contract/live';
import type { PodTableDB } from '../db/schema';
import { applyServerData, type ServerData } from './apply-server';
import { readCursor } from './cursor';

export type LiveOutcome = 'applied' | 'ignored' | 'pull';

/** What an event says, as server data (its rows, deletions, or the game change it carries). */
export function eventData(event: ServerEvent): ServerData | null {
  switch (event.type) {
    case 'USER_UPDATED':
      return { puts: { users: [event.payload] } };
    case 'DIRECT_MESSAGE':
      return { puts: { directMessages: [event.payload] } };
    case 'POD_MESSAGE_NEW':
      return { puts: { podMessages: [event.payload] } };
    case 'POD_UPDATED':
      return { puts: { pods: [event.payload] } };
    case 'POD_REMOVED':
      return { dels: { pods: [event.podId] } };
    case 'FRIEND_REQUEST':
      return { puts: { friendRequests: [event.payload] } };
    case 'FRIENDSHIP_UPDATED':
      return { puts: { friendships: [event.payload] }, dels: { friendRequests: [event.payload.friendshipId] } };
    case 'FRIENDSHIP_REMOVED':
      return { dels: { friendships: [event.friendshipId], friendRequests: [event.friendshipId] } };
    case 'POD_INVITATION':
      return { puts: { podInvitations: [event.payload] } };
    case 'POD_INVITATION_REMOVED':
      return { dels: { podInvitations: [event.invitationId] } };
    case 'DECK_UPDATED':
      return { puts: { decks: [event.payload] } };
    case 'DECK_REMOVED':
      return { dels: { decks: [event.deckId] } };
    case 'GAME_UPDATED':
      return { puts: { games: [event.payload] } };
    case 'GAME_REMOVED':
      return { dels: { games: [event.gameId] } };
    case 'GAME_INVITE':
      return { puts: { gameInvites: [event.payload] } };
    case 'GAME_INVITE_REMOVED':
      return { dels: { gameInvites: [event.inviteId] } };
    case 'BLOCK_ADDED':
      return { puts: { blockedUsers: [event.payload] } };
    case 'BLOCK_REMOVED':
      return { dels: { blockedUsers: [event.userId] } };
    case 'GAME_INCREMENT':
      return { gameIncrement: { gameId: event.gameId, rev: event.rev, at: event.at, increment: event.increment } };
    case 'SYNC':
      return {};
    case 'USER_DELETED':
      // Its rows come only from the log entry: applyLiveEvent pulls.
      return null;
    case 'PONG':
    case 'ERROR':
      return null;
  }
}

export async function applyLiveEvent(db: PodTableDB, event: ServerEvent): Promise<LiveOutcome> {
  if (event.type === 'PONG') {
    if (event.head === undefined) return 'ignored';
    const cursor = await readCursor(db);
    return cursor === null || event.head > cursor ? 'pull' : 'ignored';
  }
  const data = event.type === 'USER_DELETED' ? {} : eventData(event);
  if (!data) return 'ignored';
  const mid = 'mid' in event ? event.mid : undefined;
  const pos = 'pos' in event ? event.pos : undefined;
  const applied = mid ? [mid] : [];
  // A client written before positions existed, or an event outside the log: apply as it is.
  if (pos === undefined) return (await applyServerData(db, { ...data, applied })) === 'gap' ? 'pull' : 'applied';
  const cursor = await readCursor(db);
  if (cursor === null) return 'pull';
  if (pos <= cursor) {
    if (applied.length > 0) await applyServerData(db, { applied });
    return 'ignored';
  }
  if (pos > cursor + 1 || event.type === 'USER_DELETED') return 'pull';
  const outcome = await applyServerData(db, { ...data, applied, cursor: { from: pos - 1, to: pos } });
  return outcome === 'applied' ? 'applied' : 'pull';
}
