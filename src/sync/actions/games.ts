/**
 * Games on the device: every tap changes the mirror first (the playmat renders from it at once)
 * and is queued as a game.increment or game.update mutation; src/game's pure rules compute the
 * change from the game as this device shows it.
 */
import { gameSchema, updateGameBody, type CreateGameInput, type GameIncrement, type GameStatus, type UpdateGameBody } from '../../contract/game';
import { GameRuleError } from '../../game/counters';
import { newId as newEventId } from '../../game/events';
import { nextTurn } from '../../game/turns';
import { undoLast, type UndoStep } from '../../game/undo';
import { applyGameUpdate } from '../../game/update';
import type { Game } from '../../contract/game';
import { applyServerData } from '../engine/apply-server';
import type { SyncContext } from '../engine/context';
import { mutate, newId } from '../engine/mutate';

async function currentGame(ctx: SyncContext, gameId: string): Promise<Game> {
  const game = await ctx.db.games.get(gameId);
  if (!game) throw new GameRuleError("We couldn't find a live game session.");
  return game;
}

export async function createGame(ctx: SyncContext, input: Omit<CreateGameInput, 'id'>): Promise<string> {
  const id = newId();
  await mutate(ctx.db, 'game.create', { ...input, id }, { id });
  ctx.kick();
  return id;
}

/**
 * Life, poison, energy, experience, commander damage or tax: one increment, applied here at once.
 * `id` may be chosen by the caller (the playmat's tap overlay shows the tap under that id first).
 */
export async function changeCounter(ctx: SyncContext, gameId: string, change: Omit<GameIncrement, 'id'> & { id?: string }): Promise<void> {
  const increment = { ...change, id: change.id ?? newId() };
  try {
    await mutate(ctx.db, 'game.increment', { gameId, increment }, { id: increment.id });
  } catch (error) {
    // The same tap written twice (a kept tap another tab of the app wrote first, unsaved-taps.ts):
    // the outbox holds its id, so it is queued once already and nothing is refused.
    if (change.id !== undefined && (await ctx.db.outbox.where('id').equals(change.id).count()) > 0) return;
    throw error;
  }
  ctx.kick();
}

/**
 * Any whole-game change (markers, a table tool's outcome, End game with its result, …), applied
 * here at once under a new event id; a change that changes nothing is not queued.
 */
export async function updateGame(ctx: SyncContext, gameId: string, change: Omit<UpdateGameBody, 'eventId'>): Promise<void> {
  const update = { ...change, eventId: newEventId() };
  let queued = false;
  await ctx.db.transaction('rw', ctx.db.tables, async () => {
    const game = await currentGame(ctx, gameId);
    if (applyGameUpdate(game, updateGameBody.parse(update)) === game) return;
    await mutate(ctx.db, 'game.update', { gameId, update });
    queued = true;
  });
  if (queued) ctx.kick();
}

export async function passTurn(ctx: SyncContext, gameId: string): Promise<void> {
  await ctx.db.transaction('rw', ctx.db.tables, async () => {
    const change = nextTurn(await currentGame(ctx, gameId));
    await mutate(ctx.db, 'game.update', { gameId, update: { activeSeat: change.activeSeat, turnNumber: change.turnNumber, eventId: change.eventId } });
  });
  ctx.kick();
}

/** Applies an undo (src/game/undo.ts) to the mirror and queues it, like any change. */
export async function queueUndo(ctx: SyncContext, gameId: string, step: UndoStep): Promise<void> {
  if (step.kind === 'increment') {
    await mutate(ctx.db, 'game.increment', { gameId, increment: step.increment }, { id: step.increment.id });
  } else if (step.kind === 'turn') {
    const change = step.change;
    await mutate(ctx.db, 'game.update', { gameId, update: { activeSeat: change.activeSeat, turnNumber: change.turnNumber, eventId: change.eventId, undoes: change.undoes } });
  } else {
    await mutate(ctx.db, 'game.update', { gameId, update: step.update });
  }
}

export async function undoLastChange(ctx: SyncContext, gameId: string): Promise<void> {
  let queued = false;
  await ctx.db.transaction('rw', ctx.db.tables, async () => {
    const step = undoLast(await currentGame(ctx, gameId));
    if (!step) return;
    await queueUndo(ctx, gameId, step);
    queued = true;
  });
  if (queued) ctx.kick();
}

export async function setGameStatus(ctx: SyncContext, gameId: string, status: GameStatus): Promise<void> {
  let queued = false;
  await ctx.db.transaction('rw', ctx.db.tables, async () => {
    if ((await currentGame(ctx, gameId)).status === status) return;
    await mutate(ctx.db, 'game.update', { gameId, update: { status, eventId: newEventId() } });
    queued = true;
  });
  if (queued) ctx.kick();
}

/** Opens a guest's claim link (online only): the caller becomes that participant. */
export async function claimGame(ctx: SyncContext, token: string): Promise<string> {
  const game = gameSchema.parse(await ctx.api.request('POST', `/api/games/claim/${encodeURIComponent(token)}`));
  await applyServerData(ctx.db, { puts: { games: [game] } });
  return game.id;
}
