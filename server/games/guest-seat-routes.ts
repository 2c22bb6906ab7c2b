/**
 * A seat for someone with no account (src/contract/game-guest.ts, docs/playmat.md "Joining").
 * Online-only REST calls for the join; the guest's taps come from a small outbox of their own
 * (src/sync/guest/guest-seat-sync.ts). Preview, join, read and increments are public: the code,
 * then the credential, is the capability; the claim needs an account too.
 * - Preview and join: whoever holds a live join code, on the `joinCode` budget per address
 *   (counted before the code is read, as the account routes). Join: under the game's row lock,
 *   an open guest seat (a guest seat no account and no live credential holds) takes the typed
 *   name and everyone hears GAME_UPDATED; the answer is the credential, shown once.
 * - Read and increments: `Authorization: GuestSeat <token>`, checked by the routes' own onRequest
 *   hook before the body is read; anything that does not open a live seat is 401 with the reason
 *   (GuestSeatText). Once the game ended the seat still reads its final table and can be claimed
 *   (until the credential expires); a tap then is 409, refused for good. The auth hook (server/auth/authenticate.ts) knows only Bearer tokens, so
 *   the credential on any other route is 401 too.
 * - Increments: only the credential's own seat (403 otherwise), no undo (403), and otherwise the
 *   one increment path of accounts (server/mutations/games.ts `incrementLockedGame`): the same
 *   rules, exactly once by the increment's id, GAME_INCREMENT to the game's players.
 * - Claim (signed in, the credential in the body): the account takes the seat over as an account
 *   join does (game_players, the join sheet, the creator's undo back to the seat as it was before
 *   the guest), and the credential is revoked in the same transaction.
 * Lock order: game row → credential rows, as the creator's undo and the game's end take them.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { gameIncrement, gameSchema } from '../../src/contract/game';
import { ServerText } from '../../src/contract/users';
import { GuestSeatText, guestJoinBody, guestSeatClaimBody, guestSeatCreatedSchema, guestSeatToken, guestSeatViewSchema } from '../../src/contract/game-guest';
import { GameJoinText, joinPreviewBody, joinPreviewSchema } from '../../src/contract/game-join';
import { participantAt } from '../../src/game/events';
import { requireUser } from '../auth/authenticate';
import { capabilityHash } from '../auth/capability-tokens';
import { gamePlayers } from '../db/schema';
import type { AppDeps } from '../deps';
import { badRequest, conflict, forbidden, unauthorized } from '../errors';
import { documented, typed } from '../http/zod-validation';
import { incrementLockedGame } from '../mutations/games';
import { withChangeLog } from '../sync/log-writes';
import { ref } from '../sync/refs';
import { audienceOfGame } from '../visibility/games';
import { blockersAmong } from '../social/blocks';
import { findUserById } from '../users/repo';
import { gameForViewer } from './guest-emails';
import { findGuestSeat, guestSeatProblem, guestSeatView, heldGuestSeats, issueGuestSeat, revokeGuestSeat, seatGuest, type GuestSeatRow } from './guest-seats';
import { isOpenSeat, joinPreview, recordJoin, seatJoiner } from './join-codes';
import { gameOfCode, hostNameOf } from './join-routes';
import { GameServerText, findGame, saveGame } from './repo';
import { parseBody } from '../validate';
import { watchEtag } from './watch-links';

declare module 'fastify' {
  interface FastifyRequest {
    /** The guest seat whose credential came with the request (the guest routes only). */
    guestSeat: GuestSeatRow | null;
  }
}

export function registerGuestSeatRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  const api = typed(app);
  app.decorateRequest('guestSeat', null);

  /** The live seat of the request's credential (an ended game's too: the final table, a claim), or 401 with why not. */
  const guestSeatAuth = async (request: FastifyRequest): Promise<void> => {
    const token = guestSeatToken(request.headers.authorization);
    if (!token) throw unauthorized(GuestSeatText.invalid);
    // A seat's writes spend their kind's per-user budget as the seat's own (an account's taps spend
    // the account's): counted by the credential's hash before it is looked up, as write-hooks.ts
    // counts a bearer token's, so one seat's flood is refused in memory whatever its address.
    if (request.writeKind) await deps.limits.consumeSubject(request.writeKind, `guestSeat:${capabilityHash(token)}`);
    const row = await findGuestSeat(db, token);
    const game = row ? await findGame(db, row.gameId) : undefined;
    const problem = guestSeatProblem(row, game, deps.now(), 'keep');
    if (problem) throw unauthorized(problem);
    request.guestSeat = row!;
  };

  api.post(
    '/api/games/join/guest/preview',
    { config: { public: true, limit: 'joinCode' }, schema: { body: joinPreviewBody, response: { 200: joinPreviewSchema } } },
    async (request) => {
      const now = deps.now();
      const game = await gameOfCode(db, request.body.code, null, now, false);
      return joinPreview(game, await hostNameOf(db, game), null, await heldGuestSeats(db, game.id, now));
    },
  );

  api.post(
    '/api/games/join/guest',
    { config: { public: true, limit: 'joinCode' }, schema: { body: guestJoinBody, response: { 201: guestSeatCreatedSchema } } },
    async (request, reply) => {
      const { code, seatNumber, name } = request.body;
      const now = deps.now();
      const { token, row } = await withChangeLog(deps, async (tx, log) => {
        const current = await gameOfCode(tx, code, null, now, true);
        const seat = participantAt(current, seatNumber);
        if (!seat) throw badRequest(GameJoinText.noSuchSeat);
        if (seat.userId !== null || (await heldGuestSeats(tx, current.id, now)).has(seatNumber)) throw conflict(GameJoinText.seatTaken);
        if (!isOpenSeat(seat)) throw conflict(GameJoinText.seatNotOpen);
        const issued = await issueGuestSeat(tx, current, seatNumber, name, now);
        const next = seatGuest(current, seatNumber, name, now);
        await saveGame(tx, next);
        log.emit(await audienceOfGame(tx, next), [ref('game', next.id)], { type: 'GAME_UPDATED', payload: next });
        return issued;
      });
      request.log.info({ gameId: row.gameId, seatNumber }, 'guest seat taken with a code');
      return reply.code(201).send({ token, gameId: row.gameId, seatNumber, name: row.name, expiresAt: row.expiresAt.toISOString() });
    },
  );

  // Untyped (as the TV view's read): a 304 has no body, which a typed route's declared answers cannot say.
  app.get<{ Headers: { authorization?: string } }>(
    '/api/guest-seat',
    { config: { public: true, readLimit: 'watch' }, onRequest: guestSeatAuth, schema: { response: { 200: guestSeatViewSchema } } },
    async (request, reply) => {
      const row = request.guestSeat!;
      const game = await findGame(db, row.gameId);
      if (!game) throw unauthorized(GuestSeatText.invalid);
      const view = guestSeatView(game, row);
      const etag = watchEtag(JSON.stringify(view));
      reply.header('etag', etag).header('cache-control', 'no-store');
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      return view;
    },
  );

  api.post(
    '/api/guest-seat/claim',
    { config: { limit: 'joinCode' }, schema: { body: guestSeatClaimBody, response: { 200: gameSchema } } },
    async (request) => {
      const me = requireUser(request);
      const user = await findUserById(db, me.id);
      if (!user) throw unauthorized(ServerText.unauthorized);
      const { token } = request.body;
      const now = deps.now();
      const game = await withChangeLog(deps, async (tx, log) => {
        const found = await findGuestSeat(tx, token);
        const current = found ? await findGame(tx, found.gameId, true) : undefined;
        // Under the game's lock, the credential is read again (an undo or the game's end may have committed).
        const row = await findGuestSeat(tx, token);
        // A 409, not a 401: this caller's session is fine, the seat is what is gone.
        const problem = guestSeatProblem(row, current, now, 'keep');
        if (problem) throw conflict(problem);
        if (current!.participants.some((p) => p.userId === me.id)) throw conflict(GameServerText.alreadyPlaying);
        if ((await blockersAmong(tx, me.id, [current!.createdById])).size > 0) throw conflict(GuestSeatText.invalid);
        const seat = participantAt(current!, row!.seatNumber)!;
        const next = seatJoiner(current!, seat.seatNumber, me.id, user.displayName || user.username, now);
        await saveGame(tx, next);
        await tx.insert(gamePlayers).values({ gameId: next.id, userId: me.id }).onConflictDoNothing();
        // The creator's undo gives the seat back as it was before the guest took it.
        await recordJoin(tx, next, seat, me.id, now, row!.seatBefore);
        await revokeGuestSeat(tx, row!, now);
        log.emit(await audienceOfGame(tx, next), [ref('game', next.id)], { type: 'GAME_UPDATED', payload: next });
        return next;
      });
      request.log.info({ gameId: game.id, userId: me.id }, 'guest seat claimed by an account');
      return gameForViewer(game, me.id);
    },
  );

  api.post(
    '/api/guest-seat/increments',
    { config: { public: true, limit: 'gameChange' }, onRequest: guestSeatAuth, schema: { body: documented(gameIncrement), response: { 200: guestSeatViewSchema } } },
    async (request) => {
      const increment = parseBody(gameIncrement, request.body);
      const seated = request.guestSeat!;
      const now = deps.now();
      const game = await withChangeLog(deps, async (tx, log) => {
        const current = await findGame(tx, seated.gameId, true);
        // Under the game's lock, the credential is read again: an undo or the game's end may have committed meanwhile.
        const row = await findGuestSeat(tx, guestSeatToken(request.headers.authorization)!);
        const problem = guestSeatProblem(row, current, now, 'keep');
        if (problem) throw unauthorized(problem);
        // An ended game takes no tap, but the seat still reads its final table: refused for good, not logged out.
        if (current!.status !== 'ACTIVE') throw conflict(GuestSeatText.ended);
        if (increment.seat !== seated.seatNumber) throw forbidden(GuestSeatText.notYourSeat);
        if (increment.undoes !== undefined) throw forbidden(GuestSeatText.noUndo);
        return incrementLockedGame({ tx, now, log }, current!, increment);
      });
      return guestSeatView(game, seated);
    },
  );
}
