/**
 * Joining a live game by code (src/contract/game-join.ts). Online-only REST calls, never queued:
 * a code is a server-made secret, and the server decides which of two phones gets a seat.
 * - Showing and renewing the code: the game's creator and account players, while it is ACTIVE
 *   (strangers 404, an ended game 409).
 * - Preview and join: any signed-in user holding a live code, except one the game's creator
 *   blocked. A wrong, expired, renewed or ended code, and a blocked caller, all get the same
 *   404 "This code is not valid any more.": nothing about the game leaks. Both spend the
 *   `joinCode` budget (per account and per address, server/limits/policies.ts), counted before
 *   the code is read, so guessing costs the same whether a guess is right or wrong.
 * - Join: under the game's row lock, the caller's id goes on an open guest seat, they join
 *   game_players (pull, lists) and the game's audience, and GAME_UPDATED reaches everyone. The
 *   second of two joins of one seat gets 409. Already seated: the game as it is (no change).
 * - Undo (the creator): the seat goes back to what it was before the join (a guest seat under
 *   its guest name, its counters kept), the joiner leaves game_players and hears GAME_REMOVED.
 *   The code stays as it is: "New code" keeps an undone joiner from joining again. A seat a guest
 *   with no account holds (guest-seat-routes.ts) is undone the same way, its credential revoked
 *   in the same transaction; the join sheet lists it with the account joins (userId null).
 * Lock order: game row → code row, as a game's deletion (cascade) and its end (trigger) take them.
 */
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import { GameText, gameSchema, type Game } from '../../src/contract/game';
import { GameJoinText, joinCodeViewSchema, joinGameBody, joinPreviewBody, joinPreviewSchema, type JoinCodeView } from '../../src/contract/game-join';
import { SEAT_COUNT_MAX } from '../../src/contract/seats';
import { participantAt } from '../../src/game/events';
import { ServerText } from '../../src/contract/users';
import { requireUser } from '../auth/authenticate';
import { gamePlayers } from '../db/schema';
import type { DbOrTx, Tx } from '../db/types';
import type { AppDeps } from '../deps';
import { badRequest, conflict, forbidden, notFound, unauthorized } from '../errors';
import { documented, typed, type PathParams } from '../http/zod-validation';
import { uuidParams } from '../http/params';
import { blockersAmong } from '../social/blocks';
import { publicUsers } from '../social/views';
import { withChangeLog } from '../sync/log-writes';
import type { ChangeRecorder } from '../sync/recorder';
import { ref } from '../sync/refs';
import { findUserById } from '../users/repo';
import { audienceOfGame } from '../visibility/games';
import { pathGameId } from './game-requests';
import { gameForViewer } from './guest-emails';
import { activeGuestJoins, heldGuestSeats, liveGuestSeatAt, revokeGuestSeat } from './guest-seats';
import { activeJoinAt, activeJoins, findLiveCode, forgetJoin, isOpenSeat, issueJoinCode, joinPreview, liveCodeOfGame, recordJoin, seatJoiner, unseatJoiner } from './join-codes';
import { GameServerText, findGame, loadGame, saveGame } from './repo';

const invalidCode = () => notFound(GameJoinText.invalid);

/** A game a participant may show the code of: one they play in or created, still ACTIVE. */
function assertShowable(game: Game | undefined): Game {
  if (!game) throw notFound(GameServerText.notFound);
  if (game.status !== 'ACTIVE') throw conflict(GameText.gameEnded);
  return game;
}

async function codeView(db: DbOrTx, game: Game, code: { code: string; expiresAt: Date } | undefined, now: Date): Promise<JoinCodeView> {
  const joins = [...(await activeJoins(db, game)), ...(await activeGuestJoins(db, game, now))].sort((a, b) => a.seatNumber - b.seatNumber);
  return { code: code?.code ?? null, expiresAt: code?.expiresAt.toISOString() ?? null, joins };
}

/**
 * The game a live code opens to `me` (null: someone with no account), or the 404 every refusal
 * shares: no such live code, an ended game, or a caller its creator blocked (unless they already
 * play in it).
 */
export async function gameOfCode(db: DbOrTx, code: string, me: string | null, now: Date, forUpdate: boolean): Promise<Game> {
  const found = await findLiveCode(db, code, now);
  if (!found) throw invalidCode();
  const game = await findGame(db, found.gameId, forUpdate);
  // Under the lock, the code is read again: a renewal or the game's end may have committed meanwhile.
  if (!game || game.status !== 'ACTIVE' || (forUpdate && !(await findLiveCode(db, code, now)))) throw invalidCode();
  if (me === null || game.participants.some((p) => p.userId === me)) return game;
  if ((await blockersAmong(db, me, [game.createdById])).size > 0) throw invalidCode();
  return game;
}

/** The name a join preview shows for the game's host. */
export async function hostNameOf(db: DbOrTx, game: Game): Promise<string> {
  const host = (await publicUsers(db, [game.createdById])).get(game.createdById);
  return host?.displayName || host?.username || '';
}

/**
 * The creator's undo of a guest seat (someone with no account): the seat goes back as it was,
 * the credential is revoked in the same transaction, everyone hears GAME_UPDATED.
 */
async function undoGuestSeat(tx: Tx, log: ChangeRecorder, current: Game, seatNumber: number, now: Date): Promise<Game> {
  const guest = await liveGuestSeatAt(tx, current.id, seatNumber, now);
  const seat = current.participants.find((p) => p.seatNumber === seatNumber);
  if (!guest || !seat || seat.userId !== null) throw notFound(GameJoinText.joinGone);
  const next = unseatJoiner(current, seatNumber, guest.seatBefore, now);
  await saveGame(tx, next);
  await revokeGuestSeat(tx, guest, now);
  log.emit(await audienceOfGame(tx, next), [ref('game', next.id)], { type: 'GAME_UPDATED', payload: next });
  return next;
}

const seatParams = documented(z.object({ id: z.string(), seat: z.string() })) as unknown as PathParams<'id' | 'seat'>;

/** A seat number in a path; anything else is a join that does not exist (404). */
function pathSeat(raw: string): number {
  if (!/^\d$/.test(raw) || Number(raw) >= SEAT_COUNT_MAX) throw notFound(GameJoinText.joinGone);
  return Number(raw);
}

export function registerJoinRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  const api = typed(app);

  api.get('/api/games/:id/join-code', { schema: { params: uuidParams('id'), response: { 200: joinCodeViewSchema } } }, async (request) => {
    const me = requireUser(request);
    const game = assertShowable(await loadGame(db, pathGameId(request), me.id));
    const now = deps.now();
    return codeView(db, game, await liveCodeOfGame(db, game.id, now), now);
  });

  api.post('/api/games/:id/join-code', { schema: { params: uuidParams('id'), response: { 201: joinCodeViewSchema } } }, async (request, reply) => {
    const me = requireUser(request);
    const gameId = pathGameId(request);
    const now = deps.now();
    const view = await db.transaction(async (tx) => {
      const game = assertShowable(await loadGame(tx, gameId, me.id, true));
      return codeView(tx, game, await issueJoinCode(tx, game.id, me.id, now), now);
    });
    request.log.info({ gameId, userId: me.id }, 'join code issued');
    return reply.code(201).send(view);
  });

  api.post(
    '/api/games/join/preview',
    { config: { limit: 'joinCode' }, schema: { body: joinPreviewBody, response: { 200: joinPreviewSchema } } },
    async (request) => {
      const me = requireUser(request);
      const now = deps.now();
      const game = await gameOfCode(db, request.body.code, me.id, now, false);
      return joinPreview(game, await hostNameOf(db, game), me.id, await heldGuestSeats(db, game.id, now));
    },
  );

  api.post('/api/games/join', { config: { limit: 'joinCode' }, schema: { body: joinGameBody, response: { 200: gameSchema } } }, async (request) => {
    const me = requireUser(request);
    const { code, seatNumber } = request.body;
    const user = await findUserById(db, me.id);
    if (!user) throw unauthorized(ServerText.unauthorized);
    const now = deps.now();
    const { game, joined } = await withChangeLog(deps, async (tx, log) => {
      const current = await gameOfCode(tx, code, me.id, now, true);
      if (current.participants.some((p) => p.userId === me.id)) return { game: current, joined: false };
      const seat = participantAt(current, seatNumber);
      if (!seat) throw badRequest(GameJoinText.noSuchSeat);
      if (seat.userId !== null) throw conflict(GameJoinText.seatTaken);
      if ((await heldGuestSeats(tx, current.id, now)).has(seatNumber)) throw conflict(GameJoinText.seatTaken);
      if (!isOpenSeat(seat)) throw conflict(GameJoinText.seatNotOpen);
      const next = seatJoiner(current, seatNumber, me.id, user.displayName || user.username, now);
      await saveGame(tx, next);
      await tx.insert(gamePlayers).values({ gameId: next.id, userId: me.id }).onConflictDoNothing();
      await recordJoin(tx, current, seat, me.id, now);
      log.emit(await audienceOfGame(tx, next), [ref('game', next.id)], { type: 'GAME_UPDATED', payload: next });
      return { game: next, joined: true };
    });
    if (joined) request.log.info({ gameId: game.id, userId: me.id, seatNumber }, 'joined a game with a code');
    return gameForViewer(game, me.id);
  });

  api.delete('/api/games/:id/joins/:seat', { schema: { params: seatParams, response: { 200: gameSchema } } }, async (request) => {
    const me = requireUser(request);
    const gameId = pathGameId(request);
    const seatNumber = pathSeat(request.params.seat);
    const now = deps.now();
    const game = await withChangeLog(deps, async (tx, log) => {
      const current = await loadGame(tx, gameId, me.id, true);
      if (!current) throw notFound(GameServerText.notFound);
      if (current.createdById !== me.id) throw forbidden(GameJoinText.creatorOnly);
      const join = await activeJoinAt(tx, current, seatNumber);
      if (!join) return undoGuestSeat(tx, log, current, seatNumber, now);
      const next = unseatJoiner(current, seatNumber, join.seatBefore, now);
      await saveGame(tx, next);
      await tx.delete(gamePlayers).where(and(eq(gamePlayers.gameId, gameId), eq(gamePlayers.userId, join.userId)));
      await forgetJoin(tx, gameId, seatNumber);
      const readers = await audienceOfGame(tx, next);
      log.emit(readers, [ref('game', gameId)], { type: 'GAME_UPDATED', payload: next });
      // A member of an ended game's pod still reads it as the pod's record.
      if (!readers.includes(join.userId)) log.emit([join.userId], [ref('game', gameId)], { type: 'GAME_REMOVED', gameId });
      return next;
    });
    request.log.info({ gameId, seatNumber }, 'join undone');
    return gameForViewer(game, me.id);
  });
}
