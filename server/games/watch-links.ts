/**
 * TV links of a game (src/contract/game-watch.ts; table in server/db/schema/game-watch-links.ts).
 * Pure storage and the spectator's view; the routes are watch-routes.ts. Invariants:
 * - a token is WATCH_TOKEN_BYTES from crypto.randomBytes, handed out once; only its SHA-256 is
 *   stored and a token is only ever looked up by that hash;
 * - a game has at most one live link (revoked_at null; a partial unique index): issuing revokes
 *   the old row first, in the caller's transaction under the game's row lock;
 * - a link is live while it is not revoked and its game is ACTIVE or ended less than
 *   WATCH_AFTER_END_MS ago (judged when read: nothing to sweep);
 * - the view is built field by field from the game, so a field added to a game or a player later
 *   never reaches a spectator unless it is added here; only `table` (markers, clocks, custom
 *   counters, the life series) and `result` are passed whole: they name seats, never accounts
 *   (a field naming an account there would reach the TV too, so it must not be added to them).
 */
import { createHash } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Game } from '../../src/contract/game';
import { WATCH_AFTER_END_MS, WATCH_TOKEN_BYTES, type WatchView } from '../../src/contract/game-watch';
import { capabilityHash, newCapabilityToken } from '../auth/capability-tokens';
import { gameWatchLinks } from '../db/schema';
import type { DbOrTx, Tx } from '../db/types';

export type WatchLinkRow = typeof gameWatchLinks.$inferSelect;

export const watchTokenHash = capabilityHash;

/** The game's live (unrevoked) link row, if any; whether its game still shows is the caller's to judge. */
export async function liveWatchLink(db: DbOrTx, gameId: string): Promise<WatchLinkRow | undefined> {
  const [row] = await db
    .select()
    .from(gameWatchLinks)
    .where(and(eq(gameWatchLinks.gameId, gameId), isNull(gameWatchLinks.revokedAt)))
    .limit(1);
  return row;
}

/** Revokes the game's live link, if any (the caller holds the game's row lock). */
export async function revokeWatchLinks(tx: DbOrTx, gameId: string, now: Date): Promise<void> {
  await tx
    .update(gameWatchLinks)
    .set({ revokedAt: now })
    .where(and(eq(gameWatchLinks.gameId, gameId), isNull(gameWatchLinks.revokedAt)));
}

/** A new link for the game (the old one dies in the same transaction); answers the token, never stored. */
export async function issueWatchLink(tx: Tx, gameId: string, createdById: string, now: Date): Promise<{ token: string; row: WatchLinkRow }> {
  await revokeWatchLinks(tx, gameId, now);
  const token = newCapabilityToken(WATCH_TOKEN_BYTES);
  const [row] = await tx.insert(gameWatchLinks).values({ tokenHash: watchTokenHash(token), gameId, createdById, createdAt: now }).returning();
  return { token, row: row! };
}

/** The unrevoked link row of `token`, if any. */
export async function findWatchLink(db: DbOrTx, token: string): Promise<WatchLinkRow | undefined> {
  const [row] = await db
    .select()
    .from(gameWatchLinks)
    .where(and(eq(gameWatchLinks.tokenHash, watchTokenHash(token)), isNull(gameWatchLinks.revokedAt)))
    .limit(1);
  return row;
}

/** True while a link of this game still shows it: the game is live, or ended less than WATCH_AFTER_END_MS ago. */
export function gameStillShows(game: Pick<Game, 'status' | 'result' | 'updatedAt'>, now: Date): boolean {
  if (game.status === 'ACTIVE') return true;
  const endedAt = Date.parse(game.result?.endedAt ?? game.updatedAt);
  return Number.isFinite(endedAt) && now.getTime() - endedAt < WATCH_AFTER_END_MS;
}

/** What a spectator sees: the table, no user id, e-mail, deck, invitation or event log. */
export function watchView(game: Game): WatchView {
  return {
    status: game.status,
    startTime: game.startTime,
    updatedAt: game.updatedAt,
    layoutPreset: game.layoutPreset,
    seats: game.seats,
    activeSeat: game.activeSeat,
    turnNumber: game.turnNumber,
    players: [...game.participants]
      .sort((a, b) => a.seatNumber - b.seatNumber)
      .map((p) => ({
        seatNumber: p.seatNumber,
        displayName: p.displayName,
        commanderName: p.commanderName,
        partnerCommanderName: p.partnerCommanderName,
        lifeTotal: p.lifeTotal,
        poisonCounters: p.poisonCounters,
        energyCounters: p.energyCounters,
        experienceCounters: p.experienceCounters,
        commanderDamage: p.commanderDamage,
        ...(p.commanderTax ? { commanderTax: p.commanderTax } : {}),
        out: p.out,
      })),
    ...(game.table ? { table: game.table } : {}),
    ...(game.result !== undefined ? { result: game.result } : {}),
  };
}

/** A strong ETag of a view's JSON: equal views, equal tags (a poll answers 304 while nothing changed). */
export function watchEtag(body: string): string {
  return `"${createHash('sha256').update(body, 'utf8').digest('base64url').slice(0, 27)}"`;
}
