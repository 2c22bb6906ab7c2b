/**
 * Bearer tokens: 32 random bytes (256 bits), base64url. Only SHA-256(token) is stored;
 * a token expires TOKEN_TTL_MS (30 days) after login and can be revoked one by one (logout)
 * or all at once (password reset).
 */
import { hash, randomBytes } from 'node:crypto';
import { and, eq, gt } from 'drizzle-orm';
import { TOKEN_TTL_MS } from '../../src/contract/limits';
import { authTokens, users } from '../db/schema';
import type { DbOrTx } from '../db/types';

/** Same shape as a real token; anything else is rejected before a database lookup. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

export function hashSecret(secret: string): string {
  return hash('sha256', secret, 'hex');
}

export function looksLikeToken(value: unknown): value is string {
  return typeof value === 'string' && TOKEN_PATTERN.test(value);
}

export async function issueToken(db: DbOrTx, userId: string, now: Date): Promise<string> {
  const token = newSecret();
  await db.insert(authTokens).values({
    tokenHash: hashSecret(token),
    userId,
    createdAt: now,
    expiresAt: new Date(now.getTime() + TOKEN_TTL_MS),
  });
  return token;
}

export interface TokenOwner {
  id: string;
  username: string;
  tokenHash: string;
  /** When the token stops being valid (live sockets are closed then). */
  expiresAt: Date;
}

/** The user a token hash belongs to, when the token is known, unrevoked and unexpired. */
export async function resolveTokenHash(db: DbOrTx, tokenHash: string, now: Date): Promise<TokenOwner | undefined> {
  const rows = await db
    .select({ id: users.id, username: users.username, expiresAt: authTokens.expiresAt })
    .from(authTokens)
    .innerJoin(users, eq(users.id, authTokens.userId))
    .where(and(eq(authTokens.tokenHash, tokenHash), eq(authTokens.revoked, false), gt(authTokens.expiresAt, now)))
    .limit(1);
  const row = rows[0];
  return row ? { ...row, tokenHash } : undefined;
}

export async function revokeToken(db: DbOrTx, tokenHash: string): Promise<void> {
  await db.update(authTokens).set({ revoked: true }).where(eq(authTokens.tokenHash, tokenHash));
}

export async function revokeAllTokens(db: DbOrTx, userId: string): Promise<void> {
  await db.update(authTokens).set({ revoked: true }).where(eq(authTokens.userId, userId));
}
