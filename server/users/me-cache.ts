/**
 * The signed-in user's own record (GET /api/users/me), cached in memory per user for
 * ME_CACHE_TTL_MS, so the read most screens start with costs no database round trip.
 *
 * Invariants:
 * - every write to a field of the answer (profile.update, an e-mail change and its undo, an
 *   avatar, a deck delete that clears the default deck) bumps `users.rev` and emits USER_UPDATED
 *   with the whole new record through the change log, which every process's bus handlers see
 *   (this one synchronously at publish): `listenForUserRecords` stores that record on every
 *   process, so a process answers a profile edit made anywhere as soon as the bus brings it;
 * - a copy never replaces a newer one (higher `rev`): a database read that started before an
 *   edit and finishes after its event cannot bring the old record back;
 * - a bus gap (this process may have missed messages) forgets every copy.
 * Known limit: a process whose bus message is late (or lost with no gap noticed) may answer the
 * previous record for at most ME_CACHE_TTL_MS. That costs the app nothing: the client never
 * takes a row back to an older `rev` (src/sync/engine/apply-server.ts), and the edit's own answer and
 * its change-log entry carry the new record. The token cache (server/auth/token-cache.ts) already
 * accepts the same window for revocations, which matter more.
 */
import { userSchema, type User } from '../../src/contract/users';
import type { LiveTransport } from '../live/transport';

export const ME_CACHE_TTL_MS = 30_000;
/** Beyond this many users the oldest entry goes first (about 300 bytes each). */
export const ME_CACHE_MAX_ENTRIES = 50_000;

export interface MeCache {
  /** The user's record when a copy younger than the TTL is held. */
  get(userId: string): User | undefined;
  /** Keeps `user` unless a newer copy (higher rev) is held; returns the copy now held. */
  remember(user: User): User;
  /** Forgets every copy (a bus gap). */
  clear(): void;
  readonly size: number;
}

export function createMeCache(options: { ttlMs?: number; maxEntries?: number } = {}): MeCache {
  const ttlMs = options.ttlMs ?? ME_CACHE_TTL_MS;
  const maxEntries = options.maxEntries ?? ME_CACHE_MAX_ENTRIES;
  const byUser = new Map<string, { user: User; until: number }>();
  return {
    get(userId) {
      const hit = byUser.get(userId);
      if (!hit) return undefined;
      if (hit.until > Date.now()) return hit.user;
      byUser.delete(userId);
      return undefined;
    },
    remember(user) {
      const held = byUser.get(user.id);
      if (held && (held.user.rev ?? 0) > (user.rev ?? 0)) return held.user;
      // Re-inserted so the Map's order stays oldest-first for eviction.
      byUser.delete(user.id);
      byUser.set(user.id, { user, until: Date.now() + ttlMs });
      if (byUser.size > maxEntries) byUser.delete(byUser.keys().next().value!);
      return user;
    },
    clear() {
      byUser.clear();
    },
    get size() {
      return byUser.size;
    },
  };
}

/** The event type whose payload is the whole new record (src/contract/live.ts). */
const USER_UPDATED = '"USER_UPDATED"';

/**
 * Keeps `cache` current from the live bus: every USER_UPDATED event (from any process) stores
 * its record, and a gap clears the cache. Other events cost one substring search of their text
 * (a quoted "USER_UPDATED" cannot occur inside a JSON string value, where quotes are escaped).
 */
export function listenForUserRecords(transport: Pick<LiveTransport, 'onMessage' | 'onGap'>, cache: MeCache): void {
  transport.onMessage((message) => {
    if (message.kind !== 'event' || !message.data.includes(USER_UPDATED)) return;
    const event = JSON.parse(message.data) as { type?: unknown; payload?: unknown };
    if (event.type !== 'USER_UPDATED') return;
    const user = userSchema.safeParse(event.payload);
    if (user.success) cache.remember(user.data);
    else cache.clear();
  });
  transport.onGap(() => cache.clear());
}
