/**
 * Game mutations. The rules are src/game's (shared with the app): startGame builds the record,
 * applyIncrement and applyGameUpdate change it; this module adds who may, storage, exactly-once
 * and who hears of it.
 * - Access: the creator and the account participants read and change a game; anyone else gets
 *   404. Only the creator deletes it.
 * - Seating (server/games/invites.ts): an account the creator does not know (not a
 *   friend, not in one of their pods) is invited, not seated: their seat has no userId until
 *   they accept, and they hear only GAME_INVITE.
 * - Every change locks the game row (SELECT … FOR UPDATE), so concurrent increments all land
 *   and totals are exact; each applied change bumps `rev`.
 * - Exactly once per change id, forever: applied increment ids and update event ids are kept in
 *   game_changes (a repeat from any device, under any mutation id, changes nothing).
 * - Every event a change logs joins the game's whole story (game_story) in the same transaction
 *   (`saveGame`); an undo of an entry applies once, however old the entry, and an undo is never
 *   undone (`undoSpent`).
 * - Heard by the creator and every account participant: GAME_INCREMENT (the increment and the
 *   revision it makes: a few hundred bytes instead of the whole game) for a counter change,
 *   GAME_UPDATED (the whole game) for everything else, GAME_REMOVED for a deletion.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Game, GameIncrement } from '../../src/contract/game';
import { GameText, createGameBody, gameIncrement, gameSchema, updateGameBody } from '../../src/contract/game';
import { completeCreateRequest } from '../../src/game/create-request';
import { applyIncrement } from '../../src/game/counters';
import { startGame } from '../../src/game/start';
import { applyGameUpdate } from '../../src/game/update';
import { gameInvites, gamePlayers, games, users } from '../db/schema';
import { badRequest, conflict, forbidden, notFound } from '../errors';
import { createClaims } from '../games/claims';
import { gameForViewer } from '../games/guest-emails';
import { knownTo, toGameInvite } from '../games/invites';
import { podMembersAmong } from '../games/pod-membership';
import { admitMails } from '../mail-gate';
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
} from '../games/repo';
import { isEntryChange, isUndoSpent } from '../games/story';
import { audienceOfGame } from '../visibility/games';
import { blockersAmong } from '../social/blocks';
import { publicUsers } from '../social/views';
import { isPlainObject, isUuid, parseBody } from '../validate';
import { pathGameId, seenBy } from '../games/game-requests';
import { uuidParams } from '../http/params';
import { restRoute } from '../http/rest-route';
import { documented } from '../http/zod-validation';
import type { MutationContext, ServerMutator, ServerMutators } from '../sync/mutator';
import { ref } from '../sync/refs';
import { audienceOfGameInvite } from '../visibility/game-invites';

async function lockGame({ tx, me }: MutationContext, gameId: string): Promise<Game> {
  if (!isUuid(gameId)) throw notFound(GameServerText.notFound);
  const game = await loadGame(tx, gameId, me.id, true);
  if (!game) throw notFound(GameServerText.notFound);
  return game;
}

/** The whole game to its readers; a pod member who could read `before` but not `game` (it was resumed) loses it. */
async function announceGame({ log, tx }: MutationContext, game: Game, before?: Game): Promise<void> {
  const readers = await audienceOfGame(tx, game);
  log.emit(readers, [ref('game', game.id)], { type: 'GAME_UPDATED', payload: game });
  if (!before) return;
  const gone = (await audienceOfGame(tx, before)).filter((id) => !readers.includes(id));
  log.emit(gone, [ref('game', game.id)], { type: 'GAME_REMOVED', gameId: game.id });
}

const gameParams = uuidParams('id');

/**
 * An undo of `eventId` changes nothing when the event was undone already, by any phone, however
 * long ago (game_changes and the story both say so), or when it is itself an undo (no redo).
 */
async function undoSpent(tx: MutationContext['tx'], gameId: string, eventId: string): Promise<boolean> {
  return (await isEventUndone(tx, gameId, eventId)) || (await isUndoSpent(tx, gameId, eventId));
}

export const gameCreate: ServerMutator<'game.create'> = {
  rest: [
    restRoute({
      method: 'POST',
      url: '/api/games',
      // The spec's payload alone is completed into ours (src/game/create-request.ts) before it is checked; ours passes unchanged.
      schema: { body: documented(createGameBody), response: { 201: gameSchema } },
      status: 201,
      args: ({ body }) => parseBody(createGameBody, isPlainObject(body) ? completeCreateRequest(body, randomUUID) : body),
      answer: (game, request) => seenBy(request, game),
    }),
  ],
  async apply(ctx, body) {
    const { tx, me, now, deps } = ctx;
    const selves = body.participants.filter((p) => p.role === 'self');
    if (selves.length !== 1 || selves[0]!.userId !== me.id) throw badRequest(GameServerText.selfRequired);

    const accountIds = body.participants.flatMap((p) => (p.userId ? [p.userId] : []));
    if (!accountIds.every(isUuid)) throw notFound(GameServerText.playerNotFound);
    const found = await tx
      .select({ id: users.id, username: users.username, displayName: users.displayName })
      .from(users)
      // A deleted account's tombstone is not a player one can seat.
      .where(and(inArray(users.id, accountIds), isNull(users.deletedAt)));
    if (found.length !== new Set(accountIds).size) throw notFound(GameServerText.playerNotFound);
    // Someone who blocked the creator cannot be seated: answered as an account that does not exist.
    if ((await blockersAmong(tx, me.id, accountIds)).size > 0) throw notFound(GameServerText.playerNotFound);
    // Account players go by their account's name (as a claimed guest does), not a name the creator typed.
    const names = new Map(found.map((user) => [user.id, user.displayName || user.username]));
    if (body.podId !== null) {
      if (!isUuid(body.podId)) throw notFound(GameServerText.podNotFound);
      const members = await podMembersAmong(tx, body.podId, accountIds);
      if (!members.has(me.id)) throw notFound(GameServerText.podNotFound);
      if (!accountIds.every((id) => members.has(id))) throw badRequest(GameServerText.notPodMember);
    }

    // A pod game seats only members of that pod (checked above): all known to the creator.
    const known = body.podId !== null ? new Set(accountIds) : await knownTo(tx, me.id, accountIds);
    const invited = new Set(accountIds.filter((id) => !known.has(id)));

    const hostName = names.get(me.id) ?? me.username;
    const participants = body.participants.map((p) =>
      p.userId ? { ...p, displayName: names.get(p.userId) ?? p.displayName, userId: invited.has(p.userId) ? null : p.userId } : p,
    );
    const record: Game = { ...startGame({ ...body, participants }, { createdById: me.id, at: now.toISOString() }), rev: 1 };

    const [inserted] = await tx.insert(games).values(gameColumns(record)).onConflictDoNothing({ target: games.id }).returning({ id: games.id });
    if (!inserted) {
      // The id exists: our own create under another key answers the game as it is now; another's id is taken.
      const existing = await findGame(tx, record.id);
      if (!existing || existing.createdById !== me.id) throw conflict(GameServerText.idTaken);
      return existing;
    }
    await tx.insert(gamePlayers).values(accountIds.filter((userId) => !invited.has(userId)).map((userId) => ({ gameId: record.id, userId })));
    const inviter = invited.size > 0 ? (await publicUsers(tx, [me.id])).get(me.id)! : null;
    for (const p of inviter ? body.participants : []) {
      if (!p.userId || !invited.has(p.userId)) continue;
      const [row] = await tx
        .insert(gameInvites)
        .values({ id: randomUUID(), gameId: record.id, inviteeId: p.userId, invitedById: me.id, seatNumber: p.seatNumber, createdAt: now })
        .returning();
      ctx.log.emit(audienceOfGameInvite(row!), [ref('gameInvite', row!.id)], { type: 'GAME_INVITE', payload: toGameInvite(row!, record, inviter!) });
    }
    // Budgets spent here, so the creator's 429 (sender budget) refuses the whole create (server/mail-gate.ts).
    const mails = await admitMails(deps, await createClaims(tx, record, hostName, deps.config.appUrl, now), { sender: `user:${me.id}`, overSender: 'refuse' });
    ctx.afterCommit(() => {
      for (const mail of mails) deps.sendMailInBackground(mail);
    });
    await announceGame(ctx, record);
    // The answer is kept for repeats: the creator's view, with guests' addresses masked as stored.
    return gameForViewer(record, me.id);
  },
  /** Only a game the caller created: a repeat's arguments are the repeat's, not the first create's. */
  async current({ tx, me }, body) {
    const game = await loadGame(tx, body.id, me.id);
    return game && game.createdById === me.id ? game : null;
  },
};

/**
 * A counter change of `current` (locked by the caller: SELECT … FOR UPDATE), exactly once by the
 * increment's id: the one path of every increment, an account's (the mutation below) and a guest
 * seat's (server/games/guest-seat-routes.ts). Who may change which seat is the caller's to check.
 */
export async function incrementLockedGame(ctx: Pick<MutationContext, 'tx' | 'now' | 'log'>, current: Game, increment: GameIncrement): Promise<Game> {
  const { tx, now, log } = ctx;
  const gameId = current.id;
  // A repeat (or a second undo of the same event) answers the game as it is, even once it has ended.
  if (await isChangeApplied(tx, gameId, increment.id)) return current;
  if (increment.undoes !== undefined && (await undoSpent(tx, gameId, increment.undoes))) return current;
  if (current.status !== 'ACTIVE') throw conflict(GameText.gameEnded);
  const at = now.toISOString();
  let next: Game = current;
  try {
    next = applyIncrement(current, increment, { at });
  } catch (error) {
    rethrowRuleError(error);
  }
  if (next === current) return current;
  next = { ...next, rev: (current.rev ?? 1) + 1 };
  await saveGame(tx, next);
  await recordChange(tx, gameId, { id: increment.id, kind: 'increment', undoes: increment.undoes, at: now });
  log.emit(gameAudience(next), [ref('game', gameId)], { type: 'GAME_INCREMENT', gameId, rev: next.rev!, at, increment });
  return next;
}

export const gameIncrementMutator: ServerMutator<'game.increment'> = {
  rest: [
    restRoute({
      method: 'POST',
      url: '/api/games/:id/increments',
      schema: { params: gameParams, body: documented(gameIncrement) },
      status: 200,
      args: (request) => ({ gameId: pathGameId(request), increment: parseBody(gameIncrement, request.body) }),
      answer: (game, request) => seenBy(request, game),
    }),
  ],
  async apply(ctx, { gameId, increment }) {
    return incrementLockedGame(ctx, await lockGame(ctx, gameId), increment);
  },
  async current({ tx, me }, { gameId }) {
    return (await loadGame(tx, gameId, me.id)) ?? null;
  },
};

export const gameUpdateMutator: ServerMutator<'game.update'> = {
  rest: [
    restRoute({
      method: 'PUT',
      url: '/api/games/:id',
      schema: { params: gameParams, body: documented(updateGameBody), response: { 200: gameSchema } },
      status: 200,
      args: (request) => ({ gameId: pathGameId(request), update: parseBody(updateGameBody, request.body) }),
      answer: (game, request) => seenBy(request, game),
    }),
  ],
  async apply(ctx, { gameId, update }) {
    const { tx, now } = ctx;
    const current = await lockGame(ctx, gameId);
    const appliedIds = new Set<string>();
    if (update.eventId && (await isChangeApplied(tx, gameId, update.eventId))) appliedIds.add(update.eventId);
    // A marker, custom counter or clock undo reverses only the story entry that made its `undo`.
    const undoneAlready =
      update.undoes !== undefined &&
      ((await undoSpent(tx, gameId, update.undoes)) || (update.undo !== undefined && !(await isEntryChange(tx, gameId, update.undoes, update.undo))));
    let next = current;
    try {
      next = applyGameUpdate(current, update, { at: now.toISOString(), appliedIds, undoneAlready });
    } catch (error) {
      rethrowRuleError(error);
    }
    if (next === current) return current;
    next = { ...next, rev: (current.rev ?? 1) + 1 };
    await saveGame(tx, next);
    if (update.eventId && !appliedIds.has(update.eventId) && next.events.some((event) => event.id === update.eventId)) {
      await recordChange(tx, gameId, { id: update.eventId, kind: 'update', undoes: update.undoes, at: now });
    }
    await announceGame(ctx, next, current);
    return next;
  },
  async current({ tx, me }, { gameId }) {
    return (await loadGame(tx, gameId, me.id)) ?? null;
  },
};

export const gameDelete: ServerMutator<'game.delete'> = {
  rest: [restRoute({ method: 'DELETE', url: '/api/games/:id', schema: { params: gameParams }, status: 204, args: (request) => ({ gameId: pathGameId(request) }) })],
  async apply(ctx, { gameId }) {
    const game = await lockGame(ctx, gameId);
    if (game.createdById !== ctx.me.id) throw forbidden(GameServerText.creatorOnly);
    // Pending invitations go with the game (cascade); their invitees hear it.
    const invites = await ctx.tx.select({ id: gameInvites.id, inviteeId: gameInvites.inviteeId }).from(gameInvites).where(eq(gameInvites.gameId, gameId));
    await ctx.tx.delete(games).where(eq(games.id, gameId));
    for (const invite of invites) ctx.log.emit(audienceOfGameInvite(invite), [ref('gameInvite', invite.id)], { type: 'GAME_INVITE_REMOVED', inviteId: invite.id });
    ctx.log.emit(await audienceOfGame(ctx.tx, game), [ref('game', gameId)], { type: 'GAME_REMOVED', gameId });
    return undefined;
  },
};

/** This entity's write kinds, registered by server/mutations/index.ts. */
export const gameMutators = {
  'game.create': gameCreate,
  'game.increment': gameIncrementMutator,
  'game.update': gameUpdateMutator,
  'game.delete': gameDelete,
} satisfies Partial<ServerMutators>;
