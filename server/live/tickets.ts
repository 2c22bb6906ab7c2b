/**
 * Live tickets: how a WebSocket authenticates without a database round trip and without the
 * long-lived bearer token in its URL (URLs end up in proxy logs and browser history).
 *
 * `POST /api/live/ticket` (Bearer) returns a ticket: base64url(JSON payload) "." base64url(
 * HMAC-SHA256(payload)). The key is LIVE_TICKET_SECRET or DATA_DIR/live-ticket.secret
 * (ticket-secret.ts), the same for every process, so any process can check any ticket.
 * - lifetime LIVE_TICKET_TTL_MS (60 s): enough for a slow phone network between the fetch and
 *   the upgrade; short enough that a leaked one is worthless soon;
 * - single use: a per-process seen-set, plus `SET NX` in Redis when REDIS_URL is set (a ticket
 *   replayed against another process is refused too; without Redis, only per process);
 * - the payload carries the token's hash and expiry, so the socket is still closed on logout
 *   (by token hash) and at the token's expiry; a ticket whose token or user was revoked after
 *   it was issued is refused (the token cache remembers recent revocations).
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { TokenResolver } from '../auth/token-cache';
import type { TokenOwner } from '../auth/tokens';
import { redisKey, type RedisClient } from '../redis';

export const LIVE_TICKET_TTL_MS = 60_000;
/** Clock difference allowed between the process that issued a ticket and one that saw a revocation. */
const REVOCATION_SKEW_MS = 2000;
/** Longest ticket we bother to parse (real ones are about 300 characters). */
const MAX_TICKET_LENGTH = 1024;

interface Payload {
  /** user id, username, token hash, token expiry (ms) */
  u: string;
  n: string;
  h: string;
  x: number;
  /** issued at, expires at (ms) */
  i: number;
  e: number;
  /** nonce: the single-use key */
  j: string;
}

export type TicketCheck =
  | { ok: true; owner: TokenOwner }
  /** malformed, forged or revoked: the client must not retry with this token (4401) */
  | { ok: false; reason: 'invalid' | 'revoked' }
  /** expired or already used: the client fetches a new ticket and tries again (4408) */
  | { ok: false; reason: 'expired' | 'used' }
  /** the single-use check could not be made (Redis unreachable): try again later (1013) */
  | { ok: false; reason: 'unavailable' };

export interface TicketBook {
  issue(owner: TokenOwner): { ticket: string; expiresAt: string };
  check(ticket: unknown): Promise<TicketCheck>;
}

export interface TicketBookOptions {
  secret: string;
  /** The server's clock (token expiry is judged by it). */
  now: () => Date;
  tokens: Pick<TokenResolver, 'revokedAt'>;
  redis?: { client: RedisClient; prefix: string };
  ttlMs?: number;
}

export function createTicketBook(options: TicketBookOptions): TicketBook {
  const ttlMs = options.ttlMs ?? LIVE_TICKET_TTL_MS;
  const key = Buffer.from(options.secret, 'utf8');
  const seen = new Map<string, number>();

  const sign = (body: string) => createHmac('sha256', key).update(body).digest();

  function rememberLocally(nonce: string, expires: number): boolean {
    const now = Date.now();
    // Insertion order is (nearly) expiry order: drop the expired ones from the front.
    for (const [old, until] of seen) {
      if (until > now) break;
      seen.delete(old);
    }
    if (seen.has(nonce)) return false;
    seen.set(nonce, expires);
    return true;
  }

  function parse(ticket: unknown): Payload | undefined {
    if (typeof ticket !== 'string' || ticket.length > MAX_TICKET_LENGTH) return undefined;
    const dot = ticket.indexOf('.');
    if (dot <= 0) return undefined;
    const body = ticket.slice(0, dot);
    const given = Buffer.from(ticket.slice(dot + 1), 'base64url');
    const expected = sign(body);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    try {
      const payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Payload;
      const strings = [payload.u, payload.n, payload.h, payload.j].every((v) => typeof v === 'string');
      const numbers = [payload.x, payload.i, payload.e].every((v) => Number.isFinite(v));
      return strings && numbers ? payload : undefined;
    } catch {
      return undefined;
    }
  }

  return {
    issue(owner) {
      const issued = Date.now();
      const payload: Payload = {
        u: owner.id,
        n: owner.username,
        h: owner.tokenHash,
        x: owner.expiresAt.getTime(),
        i: issued,
        e: issued + ttlMs,
        j: randomBytes(16).toString('base64url'),
      };
      const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
      return { ticket: `${body}.${sign(body).toString('base64url')}`, expiresAt: new Date(payload.e).toISOString() };
    },
    async check(ticket) {
      const payload = parse(ticket);
      if (!payload) return { ok: false, reason: 'invalid' };
      if (payload.e <= Date.now()) return { ok: false, reason: 'expired' };
      if (payload.x <= options.now().getTime()) return { ok: false, reason: 'revoked' };
      const revokedAt = options.tokens.revokedAt(payload.u, payload.h);
      if (revokedAt !== undefined && payload.i <= revokedAt + REVOCATION_SKEW_MS) return { ok: false, reason: 'revoked' };
      if (!rememberLocally(payload.j, payload.e)) return { ok: false, reason: 'used' };
      if (options.redis) {
        try {
          const set = await options.redis.client.set(redisKey(options.redis.prefix, 'ticket', payload.j), '1', 'PX', Math.max(1, payload.e - Date.now()), 'NX');
          if (set !== 'OK') return { ok: false, reason: 'used' };
        } catch {
          return { ok: false, reason: 'unavailable' };
        }
      }
      return { ok: true, owner: { id: payload.u, username: payload.n, tokenHash: payload.h, expiresAt: new Date(payload.x) } };
    },
  };
}
