/**
 * Answering a game invitation, and leaving a game (src/contract/game-invites.ts).
 * - accept: the invitee's id goes on their seat, they join game_players (pull, lists) and the
 *   game's audience; everyone at the table hears GAME_UPDATED, the invitee also
 *   GAME_INVITE_REMOVED.
 * - decline: the invitation goes; the seat stays as a guest seat with their name (GAME_UPDATED
 *   to the players).
 * - leave: an account player other than the creator; their seat becomes that guest seat, their
 *   game_players row goes; the others hear GAME_UPDATED, the leaver GAME_REMOVED (and the pull's
 *   access check now answers the game as deleted for them).
 * Lock order game → invitation, as the game's deletion (whose cascade reaches the invitations).
 * A stranger naming someone else's invitation gets the same 404 as for one that does not exist.
 */
import { and, eq } from 'drizzle-orm';
import { gameSchema, type Game } from '../../src/contract/game';
import { mutationArgs } from '../../src/contract/mutations';
import { GameInviteText } from '../../src/contract/game-invites';
import { gameInvites, gamePlayers } from '../db/schema';
import { conflict, notFound } from '../errors';
import { asGuestSeat } from '../games/invites';
import { audienceOfGame } from '../visibility/games';
import { GameServerText, findGame, loadGame, saveGame } from '../games/repo';
import { findUserById } from '../users/repo';
import { isUuid, parseBody } from '../validate';
import { pathGameId, seenBy } from '../games/game-requests';
import { uuidParams } from '../http/params';
import { restRoute } from '../http/rest-route';
import type { MutationContext, ServerMutator, ServerMutators } from '../sync/mutator';
import { ref } from '../sync/refs';

/** The invitation addressed to me, with its game locked; 404 otherwise. */
async function lockMyInvite({ tx, me }: MutationContext, inviteId: string) {
  if (!isUuid(inviteId)) throw notFound(GameInviteText.notFound);
  const mine = and(eq(gameInvites.id, inviteId), eq(gameInvites.inviteeId, me.id));
  const [found] = await tx.select({ gameId: gameInvites.gameId }).from(gameInvites).where(mine);
  if (!found) throw notFound(GameInviteText.notFound);
  const game = await findGame(tx, found.gameId, true);
  const [invite] = await tx.delete(gameInvites).where(mine).returning();
  if (!game || !invite) throw notFound(GameInviteText.notFound);
  return { game, invite };
}

function bump(ctx: MutationContext, game: Game, participants: Game['participants']): Game {
  return { ...game, participants, updatedAt: ctx.now.toISOString(), rev: (game.rev ?? 1) + 1 };
}

const idParams = uuidParams('id');

export const gameInviteAccept: ServerMutator<'game.invite.accept'> = {
  rest: [
    restRoute({
      method: 'POST',
      url: '/api/games/invites/:id/accept',
      schema: { params: idParams, response: { 200: gameSchema } },
      status: 200,
      args: ({ params }) => parseBody(mutationArgs['game.invite.accept'], { inviteId: params.id }),
      answer: (game, request) => seenBy(request, game),
    }),
  ],
  // The invitation is deleted on accept: a REST repeat of a push-applied accept gets this answer.
  keepsResult: true,
  async apply(ctx, { inviteId }) {
    const { tx, me, log } = ctx;
    const { game, invite } = await lockMyInvite(ctx, inviteId);
    const user = await findUserById(tx, me.id);
    const seat = game.participants.find((p) => p.seatNumber === invite.seatNumber);
    // The seat was taken meanwhile (claimed as a guest seat): the invitation is spent.
    if (!user || !seat || seat.userId) throw notFound(GameInviteText.notFound);
    const name = user.displayName || user.username;
    const next = bump(
      ctx,
      game,
      game.participants.map((p) => (p.seatNumber === invite.seatNumber ? { ...p, userId: me.id, displayName: name, accountEmail: null } : p)),
    );
    await saveGame(tx, next);
    await tx.insert(gamePlayers).values({ gameId: game.id, userId: me.id }).onConflictDoNothing();
    log.emit([me.id], [ref('gameInvite', inviteId)], { type: 'GAME_INVITE_REMOVED', inviteId });
    log.emit(await audienceOfGame(tx, next), [ref('game', game.id)], { type: 'GAME_UPDATED', payload: next });
    return next;
  },
};

export const gameInviteDecline: ServerMutator<'game.invite.decline'> = {
  rest: [
    restRoute({
      method: 'POST',
      url: '/api/games/invites/:id/decline',
      schema: { params: idParams },
      status: 204,
      args: ({ params }) => parseBody(mutationArgs['game.invite.decline'], { inviteId: params.id }),
    }),
  ],
  async apply(ctx, { inviteId }) {
    const { tx, me, log } = ctx;
    const { game, invite } = await lockMyInvite(ctx, inviteId);
    const next = bump(
      ctx,
      game,
      game.participants.map((p) => (p.seatNumber === invite.seatNumber && !p.userId ? asGuestSeat(p) : p)),
    );
    await saveGame(tx, next);
    log.emit([me.id], [ref('gameInvite', inviteId)], { type: 'GAME_INVITE_REMOVED', inviteId });
    log.emit(await audienceOfGame(tx, next), [ref('game', game.id)], { type: 'GAME_UPDATED', payload: next });
    return undefined;
  },
};

export const gameLeave: ServerMutator<'game.leave'> = {
  rest: [restRoute({ method: 'POST', url: '/api/games/:id/leave', schema: { params: idParams }, status: 204, args: (request) => ({ gameId: pathGameId(request) }) })],
  async apply(ctx, { gameId }) {
    const { tx, me, log } = ctx;
    if (!isUuid(gameId)) throw notFound(GameServerText.notFound);
    const game = await loadGame(tx, gameId, me.id, true);
    if (!game) throw notFound(GameServerText.notFound);
    if (game.createdById === me.id) throw conflict(GameInviteText.creatorCannotLeave);
    const next = bump(
      ctx,
      game,
      game.participants.map((p) => (p.userId === me.id ? asGuestSeat(p) : p)),
    );
    await saveGame(tx, next);
    await tx.delete(gamePlayers).where(and(eq(gamePlayers.gameId, gameId), eq(gamePlayers.userId, me.id)));
    log.emit(await audienceOfGame(tx, next), [ref('game', gameId)], { type: 'GAME_UPDATED', payload: next });
    log.emit([me.id], [ref('game', gameId)], { type: 'GAME_REMOVED', gameId });
    return undefined;
  },
};

/** This entity's write kinds, registered by server/mutations/index.ts. */
export const gameInviteMutators = {
  'game.invite.accept': gameInviteAccept,
  'game.invite.decline': gameInviteDecline,
  'game.leave': gameLeave,
} satisfies Partial<ServerMutators>;
