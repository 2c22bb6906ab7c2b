/**
 * Guest seats: a seat taken with a join code by someone with no account (src/contract/game-guest.ts;
 * table in server/db/schema/game-guest-seats.ts). Pure storage and seat rules; the routes are
 * guest-seat-routes.ts (and the creator's undo, join-routes.ts). Invariants:
 * - a credential is GUEST_SEAT_TOKEN_BYTES from crypto.randomBytes, handed out once; only its
 *   SHA-256 is stored, and a credential is only ever looked up by that hash;
 * - a credential opens its seat while it is not revoked, not expired, its game is ACTIVE and no
 *   account holds the seat (`guestSeatState`); the game's end revokes it (the migration's trigger);
 * - a seat has at most one unrevoked credential (the partial unique index): a new guest join of a
 *   seat first revokes an expired one, in the caller's transaction under the game's row lock;
 * - a guest seat stays a guest seat (role 'guest', no userId) under the typed name, with no
 *   e-mail; the seat as it was is kept for the creator's undo, as an account join's is.
 */
import { and, eq, gt, isNull, lte } from 'drizzle-orm';
import type { Game } from '../../src/contract/game';
import { GUEST_SEAT_TOKEN_BYTES, GUEST_SEAT_TTL_MS, GuestSeatText, type GuestSeatView } from '../../src/contract/game-guest';
import type { GameJoin } from '../../src/contract/game-join';
import { capabilityHash, newCapabilityToken } from '../auth/capability-tokens';
import { gameGuestSeats } from '../db/schema';
import type { DbOrTx, Tx } from '../db/types';
import { seatBefore } from './join-codes';
import { watchView } from './watch-links';

export type GuestSeatRow = typeof gameGuestSeats.$inferSelect;

const unrevoked = (gameId: string) => and(eq(gameGuestSeats.gameId, gameId), isNull(gameGuestSeats.revokedAt));

/** The seats of the game a live guest credential holds. */
export async function heldGuestSeats(db: DbOrTx, gameId: string, now: Date): Promise<Set<number>> {
  const rows = await db
    .select({ seatNumber: gameGuestSeats.seatNumber })
    .from(gameGuestSeats)
    .where(and(unrevoked(gameId), gt(gameGuestSeats.expiresAt, now)));
  return new Set(rows.map((row) => row.seatNumber));
}

/** The live credential row of a seat, if any. */
export async function liveGuestSeatAt(db: DbOrTx, gameId: string, seatNumber: number, now: Date): Promise<GuestSeatRow | undefined> {
  const [row] = await db
    .select()
    .from(gameGuestSeats)
    .where(and(unrevoked(gameId), eq(gameGuestSeats.seatNumber, seatNumber), gt(gameGuestSeats.expiresAt, now)))
    .limit(1);
  return row;
}

/** The row of a credential, whatever its state. */
export async function findGuestSeat(db: DbOrTx, token: string, forUpdate = false): Promise<GuestSeatRow | undefined> {
  const query = db.select().from(gameGuestSeats).where(eq(gameGuestSeats.tokenHash, capabilityHash(token))).limit(1);
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

/**
 * What a credential is used for: `play` (a tap: the game must be live) or `keep` (reading the
 * table, taking the seat into an account: the final table of an ended game too).
 */
export type GuestSeatUse = 'play' | 'keep';

/** Why a credential opens nothing for `use` (a GuestSeatText message), or null while it is live. */
export function guestSeatProblem(row: GuestSeatRow | undefined, game: Game | undefined, now: Date, use: GuestSeatUse = 'play'): string | null {
  if (!row || !game) return GuestSeatText.invalid;
  if (use === 'play' && game.status !== 'ACTIVE') return GuestSeatText.ended;
  if (row.revokedAt) return GuestSeatText.revoked;
  if (row.expiresAt.getTime() <= now.getTime()) return GuestSeatText.invalid;
  const seat = game.participants.find((p) => p.seatNumber === row.seatNumber);
  if (!seat || seat.userId !== null) return GuestSeatText.revoked;
  return null;
}

/** The game with the guest seated at `seatNumber` under `name`: still a guest seat, no e-mail. */
export function seatGuest(game: Game, seatNumber: number, name: string, now: Date): Game {
  return {
    ...game,
    participants: game.participants.map((p) => (p.seatNumber === seatNumber ? { ...p, displayName: name, guestName: name, accountEmail: null } : p)),
    updatedAt: now.toISOString(),
    rev: (game.rev ?? 1) + 1,
  };
}

/** A new credential for the seat (the caller holds the game's row lock and checked the seat is free). */
export async function issueGuestSeat(tx: Tx, game: Game, seatNumber: number, name: string, now: Date): Promise<{ token: string; row: GuestSeatRow }> {
  await tx
    .update(gameGuestSeats)
    .set({ revokedAt: now })
    .where(and(unrevoked(game.id), eq(gameGuestSeats.seatNumber, seatNumber), lte(gameGuestSeats.expiresAt, now)));
  const seat = game.participants.find((p) => p.seatNumber === seatNumber)!;
  const token = newCapabilityToken(GUEST_SEAT_TOKEN_BYTES);
  const [row] = await tx
    .insert(gameGuestSeats)
    .values({ tokenHash: capabilityHash(token), gameId: game.id, seatNumber, name, seatBefore: seatBefore(seat), createdAt: now, expiresAt: new Date(now.getTime() + GUEST_SEAT_TTL_MS) })
    .returning();
  return { token, row: row! };
}

export async function revokeGuestSeat(tx: Tx, row: GuestSeatRow, now: Date): Promise<void> {
  await tx.update(gameGuestSeats).set({ revokedAt: now }).where(eq(gameGuestSeats.tokenHash, row.tokenHash));
}

/** The game's live guest seats as the join sheet lists joins (no account: userId null). */
export async function activeGuestJoins(db: DbOrTx, game: Game, now: Date): Promise<GameJoin[]> {
  const rows = await db
    .select()
    .from(gameGuestSeats)
    .where(and(unrevoked(game.id), gt(gameGuestSeats.expiresAt, now)));
  return rows.flatMap((row) => {
    const seat = game.participants.find((p) => p.seatNumber === row.seatNumber);
    if (!seat || seat.userId !== null) return [];
    return [{ seatNumber: row.seatNumber, userId: null, displayName: seat.displayName, joinedAt: row.createdAt.toISOString() }];
  });
}

/** What a guest seat reads: the TV view's table (watch-links.ts `watchView`), its own seat and the game's revision. */
export function guestSeatView(game: Game, row: GuestSeatRow): GuestSeatView {
  return {
    gameId: game.id,
    seatNumber: row.seatNumber,
    name: row.name,
    rev: game.rev ?? 1,
    expiresAt: row.expiresAt.toISOString(),
    view: watchView(game),
  };
}
