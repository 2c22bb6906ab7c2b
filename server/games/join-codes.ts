/**
 * Join codes and the seats taken with them (src/contract/game-join.ts; tables in
 * server/db/schema/game-joins.ts). Pure storage and seat rules; the routes are join-routes.ts.
 * Invariants:
 * - a game has at most one live code; issuing replaces the row, so the old code dies at once;
 * - a code is live while it has not expired and its game is ACTIVE (the game's end deletes it:
 *   migration 0009's trigger), and is only ever looked up by its exact stored form;
 * - only a guest seat no account holds can be taken; the joiner's id goes on it as an accepted
 *   invitation's does (role stays 'guest', guestName stays, the e-mail is cleared), and the seat
 *   as it was is kept in game_joins for the creator's undo.
 */
import { randomInt } from 'node:crypto';
import { and, eq, gt, lte } from 'drizzle-orm';
import type { Game, GameParticipant } from '../../src/contract/game';
import { JOIN_CODE_ALPHABET, JOIN_CODE_LENGTH, JOIN_CODE_TTL_MS, type GameJoin, type JoinPreview, type JoinSeat } from '../../src/contract/game-join';
import { gameJoinCodes, gameJoins, type SeatBeforeJoin } from '../db/schema';
import type { DbOrTx, Tx } from '../db/types';

export type JoinCodeRow = typeof gameJoinCodes.$inferSelect;

/** A fresh code: each character drawn uniformly (crypto.randomInt) from the 32-character alphabet. */
export function newJoinCode(): string {
  let code = '';
  for (let i = 0; i < JOIN_CODE_LENGTH; i += 1) code += JOIN_CODE_ALPHABET[randomInt(JOIN_CODE_ALPHABET.length)];
  return code;
}

/** The game's live code, if any (its game's state is the caller's to check). */
export async function liveCodeOfGame(db: DbOrTx, gameId: string, now: Date): Promise<JoinCodeRow | undefined> {
  const [row] = await db
    .select()
    .from(gameJoinCodes)
    .where(and(eq(gameJoinCodes.gameId, gameId), gt(gameJoinCodes.expiresAt, now)))
    .limit(1);
  return row;
}

/** The unexpired code row for `code` (normalised), if any. */
export async function findLiveCode(db: DbOrTx, code: string, now: Date): Promise<JoinCodeRow | undefined> {
  const [row] = await db
    .select()
    .from(gameJoinCodes)
    .where(and(eq(gameJoinCodes.code, code), gt(gameJoinCodes.expiresAt, now)))
    .limit(1);
  return row;
}

/**
 * A new code for the game (the caller holds the game's row lock): the game's old code and every
 * expired code go first. A drawn code that another game holds is drawn again (about one draw in
 * a million while a thousand codes live).
 */
export async function issueJoinCode(tx: Tx, gameId: string, issuedById: string, now: Date): Promise<JoinCodeRow> {
  await tx.delete(gameJoinCodes).where(lte(gameJoinCodes.expiresAt, now));
  await tx.delete(gameJoinCodes).where(eq(gameJoinCodes.gameId, gameId));
  for (let attempt = 0; attempt < 8; attempt += 1) {
    const [row] = await tx
      .insert(gameJoinCodes)
      .values({ code: newJoinCode(), gameId, issuedById, createdAt: now, expiresAt: new Date(now.getTime() + JOIN_CODE_TTL_MS) })
      .onConflictDoNothing({ target: gameJoinCodes.code })
      .returning();
    if (row) return row;
  }
  throw new Error('no free join code after 8 draws');
}

/** A seat a code holder may take: a guest seat that no account holds. */
export function isOpenSeat(participant: GameParticipant): boolean {
  return participant.role === 'guest' && participant.userId === null;
}

function seatStatus(participant: GameParticipant, guestHeld: ReadonlySet<number>): JoinSeat['status'] {
  if (participant.userId !== null || guestHeld.has(participant.seatNumber)) return 'taken';
  return isOpenSeat(participant) ? 'open' : 'invited';
}

/**
 * The table as a code holder sees it: names, seats and commanders; no e-mail, counter or log.
 * `guestHeld`: the seats a guest with no account holds (guest-seats.ts), taken like an account's.
 * `viewerId` null: someone signed out (never seated).
 */
export function joinPreview(game: Game, hostName: string, viewerId: string | null, guestHeld: ReadonlySet<number>): JoinPreview {
  return {
    gameId: game.id,
    hostName,
    startTime: game.startTime,
    seated: viewerId !== null && game.participants.some((p) => p.userId === viewerId),
    seats: [...game.participants]
      .sort((a, b) => a.seatNumber - b.seatNumber)
      .map((p) => ({
        seatNumber: p.seatNumber,
        displayName: p.displayName,
        commanderName: p.commanderName,
        partnerCommanderName: p.partnerCommanderName,
        status: seatStatus(p, guestHeld),
      })),
  };
}

/** The seat's fields a join changes, as they are now (restored by an undo). */
export function seatBefore(participant: GameParticipant): SeatBeforeJoin {
  return { role: participant.role, displayName: participant.displayName, guestName: participant.guestName, accountEmail: participant.accountEmail };
}

/** The game with `userId` seated at `seatNumber` under `name`, as an accepted invitation seats them. */
export function seatJoiner(game: Game, seatNumber: number, userId: string, name: string, now: Date): Game {
  return {
    ...game,
    participants: game.participants.map((p) => (p.seatNumber === seatNumber ? { ...p, userId, displayName: name, accountEmail: null } : p)),
    updatedAt: now.toISOString(),
    rev: (game.rev ?? 1) + 1,
  };
}

/** The game with the seat given back as it was before the join (its counters stay the seat's). */
export function unseatJoiner(game: Game, seatNumber: number, before: SeatBeforeJoin, now: Date): Game {
  return {
    ...game,
    participants: game.participants.map((p) => (p.seatNumber === seatNumber ? { ...p, ...before, userId: null } : p)),
    updatedAt: now.toISOString(),
    rev: (game.rev ?? 1) + 1,
  };
}

/**
 * Records a join (replacing a stale record of the same seat). `before`: the seat as the undo gives
 * it back, when that is not the seat as it is now (a guest seat claimed by an account: the seat as
 * it was before the guest took it).
 */
export async function recordJoin(tx: Tx, game: Game, seat: GameParticipant, userId: string, now: Date, before: SeatBeforeJoin = seatBefore(seat)): Promise<void> {
  const values = { gameId: game.id, seatNumber: seat.seatNumber, userId, seatBefore: before, joinedAt: now };
  await tx
    .insert(gameJoins)
    .values(values)
    .onConflictDoUpdate({ target: [gameJoins.gameId, gameJoins.seatNumber], set: { userId, seatBefore: values.seatBefore, joinedAt: now } });
}

/** The game's joins whose joiner still holds the seat, by seat. */
export async function activeJoins(db: DbOrTx, game: Game): Promise<GameJoin[]> {
  const rows = await db.select().from(gameJoins).where(eq(gameJoins.gameId, game.id));
  return rows
    .flatMap((row) => {
      const seat = game.participants.find((p) => p.seatNumber === row.seatNumber);
      if (!seat || seat.userId !== row.userId) return [];
      return [{ seatNumber: row.seatNumber, userId: row.userId, displayName: seat.displayName, joinedAt: row.joinedAt.toISOString() }];
    })
    .sort((a, b) => a.seatNumber - b.seatNumber);
}

/** The join record of a seat, when its joiner still holds it. */
export async function activeJoinAt(db: DbOrTx, game: Game, seatNumber: number) {
  const [row] = await db
    .select()
    .from(gameJoins)
    .where(and(eq(gameJoins.gameId, game.id), eq(gameJoins.seatNumber, seatNumber)))
    .limit(1);
  const seat = game.participants.find((p) => p.seatNumber === seatNumber);
  return row && seat && seat.userId === row.userId ? row : undefined;
}

export async function forgetJoin(tx: Tx, gameId: string, seatNumber: number): Promise<void> {
  await tx.delete(gameJoins).where(and(eq(gameJoins.gameId, gameId), eq(gameJoins.seatNumber, seatNumber)));
}
