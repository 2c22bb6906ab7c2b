/**
 * Token → user, cached in memory for TOKEN_CACHE_TTL_MS (30 s) so an authenticated request
 * (and a WebSocket upgrade with `?token=`) does not pay a database round trip every time.
 *
 * Invariants:
 * - a revocation (logout, password reset) reaches every process through the live bus (the
 *   hub's `disconnect` messages) and removes the token, or every token of the user, from
 *   every process's cache at once; a lookup that was already in flight when a revocation
 *   arrived is not cached (revocation epoch);
 * - the token's own expiry is checked on every hit with the server's clock;
 * - nothing a profile edit changes is cached (id, username, token hash and expiry only), so
 *   an e-mail or display-name change needs no invalidation.
 * Known limit: a process whose bus message is late (or lost, bus down) may accept a revoked
 * token for at most TOKEN_CACHE_TTL_MS.
 *
 * It also remembers recent revocations for RECENT_REVOCATION_MS, so a live ticket issued just
 * before its token was revoked is refused without a database lookup (tickets.ts).
 */
import type { DbOrTx } from '../db/types';
import type { Revocation } from '../live/hub';
import { hashSecret, looksLikeToken, resolveTokenHash, type TokenOwner } from './tokens';

export const TOKEN_CACHE_TTL_MS = 30_000;
/** Beyond this many cached tokens the oldest go first (about 200 bytes each). */
export const TOKEN_CACHE_MAX_ENTRIES = 50_000;
/** Longer than a live ticket lives (60 s), so no ticket outlives the memory of its revocation. */
export const RECENT_REVOCATION_MS = 2 * 60_000;

export interface TokenResolver {
  /** The owner of a bearer token, when it is well formed, known, unrevoked and unexpired. */
  resolve(token: unknown): Promise<TokenOwner | undefined>;
  /** The owner when the cache holds this token now and it has not expired (no database lookup). */
  cached(token: unknown): TokenOwner | undefined;
  /** Forget these tokens/users (called for every revocation on any process). */
  forget(revocation: Revocation): void;
  /** When this token or user was last revoked (ms, this process's clock), if recently. */
  revokedAt(userId: string, tokenHash: string): number | undefined;
  readonly size: number;
}

interface Cached {
  owner: TokenOwner;
  until: number;
}

export function createTokenCache(options: { db: DbOrTx; now: () => Date; ttlMs?: number; maxEntries?: number }): TokenResolver {
  const ttlMs = options.ttlMs ?? TOKEN_CACHE_TTL_MS;
  const maxEntries = options.maxEntries ?? TOKEN_CACHE_MAX_ENTRIES;
  const byHash = new Map<string, Cached>();
  const recentTokens = new Map<string, number>();
  const recentUsers = new Map<string, number>();
  let epoch = 0;

  function prune(recent: Map<string, number>, now: number): void {
    // Insertion order is time order: stop at the first one still recent.
    for (const [key, at] of recent) {
      if (now - at < RECENT_REVOCATION_MS) break;
      recent.delete(key);
    }
  }

  return {
    cached(token) {
      if (!looksLikeToken(token)) return undefined;
      const hit = byHash.get(hashSecret(token));
      return hit && hit.until > Date.now() && hit.owner.expiresAt > options.now() ? hit.owner : undefined;
    },
    async resolve(token) {
      if (!looksLikeToken(token)) return undefined;
      const tokenHash = hashSecret(token);
      const now = options.now();
      const hit = byHash.get(tokenHash);
      if (hit && hit.until > Date.now()) return hit.owner.expiresAt > now ? hit.owner : undefined;
      if (hit) byHash.delete(tokenHash);
      const startedEpoch = epoch;
      const owner = await resolveTokenHash(options.db, tokenHash, now);
      if (owner && startedEpoch === epoch) {
        byHash.set(tokenHash, { owner, until: Date.now() + ttlMs });
        if (byHash.size > maxEntries) byHash.delete(byHash.keys().next().value!);
      }
      return owner;
    },
    forget(revocation) {
      epoch += 1;
      const at = Date.now();
      for (const tokenHash of revocation.tokenHashes) {
        byHash.delete(tokenHash);
        recentTokens.delete(tokenHash);
        recentTokens.set(tokenHash, at);
      }
      if (revocation.userIds.length > 0) {
        const users = new Set(revocation.userIds);
        for (const [tokenHash, cached] of byHash) if (users.has(cached.owner.id)) byHash.delete(tokenHash);
        for (const userId of users) {
          recentUsers.delete(userId);
          recentUsers.set(userId, at);
        }
      }
      prune(recentTokens, at);
      prune(recentUsers, at);
    },
    revokedAt(userId, tokenHash) {
      const now = Date.now();
      prune(recentTokens, now);
      prune(recentUsers, now);
      const times = [recentTokens.get(tokenHash), recentUsers.get(userId)].filter((t): t is number => t !== undefined);
      return times.length > 0 ? Math.max(...times) : undefined;
    },
    get size() {
      return byHash.size;
    },
  };
}
