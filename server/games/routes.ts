/**
 * Games (spec section 7): POST/GET/PUT/DELETE /api/games and POST /api/games/:id/increments.
 * The rules are src/game's (shared with the app): startGame builds the record, applyIncrement,
 * applyTurnChange and setStatus change it; this module adds who may, storage, exactly-once and
 * live delivery.
 * - Access: the creator and the account participants read and change a game; anyone else gets
 *   404. Only the creator deletes it.
 * - Every write locks the game row (SELECT … FOR UPDATE) in a transaction, so two concurrent
 *   increments both land and totals are exact.
 * - Exactly once: applied increment ids and PUT event ids are kept in game_changes forever; a
 *   repeat answers the current game and changes nothing (also on a finished game).
 * - GAME_UPDATED (the whole game) goes to the creator and every account participant after each
 *   committed change. There is no live event for a deletion (the contract has none).
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { desc, eq, inArray } from 'drizzle-orm';
import { createGameBody, gameIncrement, GameText, layoutProblems, updateGameBody, type Game } from '../../src/contract/game';
import { applyIncrement } from '../../src/game/counters';
import { startGame } from '../../src/game/start';
import { setStatus } from '../../src/game/status';
import { applyTurnChange } from '../../src/game/turns';
import { requireUser } from '../auth/authenticate';
import { gamePlayers, games, users } from '../db/schema';
import type { AppDeps } from '../deps';
import { badRequest, conflict, forbidden, notFound } from '../errors';
import { isUuid, parseBody } from '../validate';
import { createClaims, registerClaimRoutes } from './claims';
import { podMembersAmong } from './pods';
import {
  GameServerText,
  findGame,
  gameAudience,
  gameColumns,
  isChangeApplied,
  isEventUndone,
  loadGame,
  recordChange,
  rethrowRuleError,
  saveGame,
  toGame,
} from './repo';

/** GET /api/games answers the newest this many; older games stay readable by id. */
export const GAMES_LIST_MAX = 100;

type IdParams = { Params: { id: string } };

export function registerGameRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;

  function publish(game: Game): void {
    deps.hub.publishToUsers(gameAudience(game), { type: 'GAME_UPDATED', payload: game });
  }

  function gameId(request: { params: { id: string } }): string {
    if (!isUuid(request.params.id)) throw notFound(GameServerText.notFound);
    return request.params.id;
  }

  app.post('/api/games', { config: { auth: true, idempotent: true } }, async (request, reply) => {
    const me = requireUser(request);
    const body = parseBody(createGameBody, request.body);
    const selves = body.participants.filter((p) => p.role === 'self');
    if (selves.length !== 1 || selves[0]!.userId !== me.id) throw badRequest(GameServerText.selfRequired);

    const accountIds = body.participants.flatMap((p) => (p.userId ? [p.userId] : []));
    if (!accountIds.every(isUuid)) throw notFound(GameServerText.playerNotFound);
    const found = await db
      .select({ id: users.id, username: users.username, displayName: users.displayName })
      .from(users)
      .where(inArray(users.id, accountIds));
    if (found.length !== new Set(accountIds).size) throw notFound(GameServerText.playerNotFound);
    // Account players go by their account's name (as a claimed guest does), not a name the creator typed.
    const names = new Map(found.map((user) => [user.id, user.displayName || user.username]));
    if (body.podId !== null) {
      if (!isUuid(body.podId)) throw notFound(GameServerText.podNotFound);
      const members = await podMembersAmong(db, body.podId, accountIds);
      if (!members.has(me.id)) throw notFound(GameServerText.podNotFound);
      if (!accountIds.every((id) => members.has(id))) throw badRequest(GameServerText.notPodMember);
    }

    const hostName = names.get(me.id) ?? me.username;
    const now = deps.now();
    const participants = body.participants.map((p) => (p.userId ? { ...p, displayName: names.get(p.userId) ?? p.displayName } : p));
    const record = startGame({ ...body, participants }, { createdById: me.id, at: now.toISOString() });

    const outcome = await db.transaction(async (tx) => {
      const [inserted] = await tx.insert(games).values(gameColumns(record)).onConflictDoNothing({ target: games.id }).returning({ id: games.id });
      if (!inserted) return { created: false as const, existing: await findGame(tx, record.id) };
      await tx.insert(gamePlayers).values(accountIds.map((userId) => ({ gameId: record.id, userId })));
      const mails = await createClaims(tx, record, hostName, deps.config.appUrl, now);
      return { created: true as const, mails };
    });

    if (!outcome.created) {
      // The id exists: a replay of our own create answers the game as it is now; another's id is taken.
      if (!outcome.existing || outcome.existing.createdById !== me.id) throw conflict(GameServerText.idTaken);
      return reply.code(201).send(outcome.existing);
    }
    for (const mail of outcome.mails) deps.sendMailInBackground(mail);
    publish(record);
    return reply.code(201).send(record);
  });

  app.get('/api/games', { config: { auth: true } }, async (request) => {
    const { id } = requireUser(request);
    const rows = await db
      .select({ game: games })
      .from(gamePlayers)
      .innerJoin(games, eq(games.id, gamePlayers.gameId))
      .where(eq(gamePlayers.userId, id))
      .orderBy(desc(games.startTime), desc(games.createdAt))
      .limit(GAMES_LIST_MAX);
    return rows.map((row) => toGame(row.game));
  });

  app.get<IdParams>('/api/games/:id', { config: { auth: true } }, async (request) => {
    const game = await loadGame(db, gameId(request), requireUser(request).id);
    if (!game) throw notFound(GameServerText.notFound);
    return game;
  });

  app.put<IdParams>('/api/games/:id', { config: { auth: true, idempotent: true } }, async (request) => {
    const me = requireUser(request);
    const id = gameId(request);
    const body = parseBody(updateGameBody, request.body);
    const at = deps.now();
    const { game, changed } = await db.transaction(async (tx) => {
      const current = await loadGame(tx, id, me.id, true);
      if (!current) throw notFound(GameServerText.notFound);
      const appliedIds = new Set<string>();
      if (body.eventId && (await isChangeApplied(tx, id, body.eventId))) appliedIds.add(body.eventId);
      const undoneAlready = body.undoes !== undefined && (await isEventUndone(tx, id, body.undoes));
      const meta = { at: at.toISOString(), appliedIds };
      const turnRequested = body.activeSeat !== undefined || body.turnNumber !== undefined;
      // One event id logs one event: with a turn change it is the turn's, and the status event gets its own.
      const statusMeta = { ...meta, eventId: turnRequested ? undefined : body.eventId };

      let next = current;
      try {
        // Resume first and end last, so one PUT can resume-and-pass or pass-and-end.
        if (body.status === 'ACTIVE') next = setStatus(next, 'ACTIVE', statusMeta);
        if (turnRequested && !undoneAlready) {
          next = applyTurnChange(
            next,
            {
              eventId: body.eventId ?? randomUUID(),
              activeSeat: body.activeSeat ?? next.activeSeat,
              turnNumber: body.turnNumber ?? next.turnNumber,
              undoes: body.undoes,
            },
            meta,
          );
        }
        if (body.layoutPreset !== undefined || body.seats !== undefined) {
          if (next.status !== 'ACTIVE') throw conflict(GameText.gameEnded);
          const seats = [...(body.seats ?? next.seats)].sort((a, b) => a.seat - b.seat);
          const problem = layoutProblems(seats, next.participants.length)[0];
          if (problem) throw badRequest(problem);
          const layoutPreset = body.layoutPreset ?? next.layoutPreset;
          if (layoutPreset !== next.layoutPreset || JSON.stringify(seats) !== JSON.stringify(next.seats)) {
            next = { ...next, layoutPreset, seats, updatedAt: meta.at };
          }
        }
        if (body.status === 'FINISHED') next = setStatus(next, 'FINISHED', statusMeta);
      } catch (error) {
        rethrowRuleError(error);
      }
      if (next === current) return { game: current, changed: false };
      await saveGame(tx, next);
      if (body.eventId && !appliedIds.has(body.eventId) && next.events.some((event) => event.id === body.eventId)) {
        await recordChange(tx, id, { id: body.eventId, kind: 'update', undoes: body.undoes, at });
      }
      return { game: next, changed: true };
    });
    if (changed) publish(game);
    return game;
  });

  app.delete<IdParams>('/api/games/:id', { config: { auth: true, idempotent: true } }, async (request, reply) => {
    const me = requireUser(request);
    const id = gameId(request);
    const removed = await db.transaction(async (tx) => {
      const game = await loadGame(tx, id, me.id, true);
      if (!game) throw notFound(GameServerText.notFound);
      if (game.createdById !== me.id) throw forbidden(GameServerText.creatorOnly);
      await tx.delete(games).where(eq(games.id, id));
      return game;
    });
    deps.hub.publishToUsers(gameAudience(removed), { type: 'GAME_REMOVED', gameId: id });
    return reply.code(204).send();
  });

  app.post<IdParams>('/api/games/:id/increments', { config: { auth: true, idempotent: true } }, async (request) => {
    const me = requireUser(request);
    const id = gameId(request);
    const increment = parseBody(gameIncrement, request.body);
    const at = deps.now();
    const { game, changed } = await db.transaction(async (tx) => {
      const current = await loadGame(tx, id, me.id, true);
      if (!current) throw notFound(GameServerText.notFound);
      // A repeat (or a second undo of the same event) answers the game as it is, even once it has ended.
      if (await isChangeApplied(tx, id, increment.id)) return { game: current, changed: false };
      if (increment.undoes !== undefined && (await isEventUndone(tx, id, increment.undoes))) return { game: current, changed: false };
      if (current.status !== 'ACTIVE') throw conflict(GameText.gameEnded);
      let next: Game = current;
      try {
        next = applyIncrement(current, increment, { at: at.toISOString() });
      } catch (error) {
        rethrowRuleError(error);
      }
      if (next === current) return { game: current, changed: false };
      await saveGame(tx, next);
      await recordChange(tx, id, { id: increment.id, kind: 'increment', undoes: increment.undoes, at });
      return { game: next, changed: true };
    });
    if (changed) publish(game);
    return game;
  });

  registerClaimRoutes(app, deps);
}
