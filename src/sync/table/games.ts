/**
 * Games on the device: every tap changes the mirror first (the playmat renders from it at
 * once) and is queued as an increment or a whole-game change. When the server's copy arrives
 * (answer, pull or live event), this device's still-unsent changes are re-applied on top,
 * so edits from two devices add up instead of overwriting each other (design.md).
 */
import {
  createGameBody,
  gameIncrement,
  gameSchema,
  type CreateGameInput,
  type Game,
  type GameIncrement,
  type GameStatus,
  type UpdateGameBody,
} from '../../contract/game';
import type { GameRow, OutboxEntry, PodTableDB } from '../../db/schema';
import { applyIncrement, GameRuleError } from '../../game/counters';
import { startGame } from '../../game/start';
import { setStatus } from '../../game/status';
import { applyTurnChange, nextTurn, type TurnChange } from '../../game/turns';
import { undoLast } from '../../game/undo';
import type { SyncContext } from '../context';
import { entriesFor, enqueueWrite, newId } from '../outbox';
import type { Applier } from '../sender';
import { currentPublicUser } from '../social/me';

export const GameKinds = { create: 'game.create', increment: 'game.increment', update: 'game.update' } as const;

const gamePath = (id: string) => `/api/games/${encodeURIComponent(id)}`;

/** Re-applies this device's unsent changes (oldest first) on top of a game. Refused ones are skipped. */
function replayPending(game: Game, pending: OutboxEntry[]): Game {
  let next = game;
  for (const entry of pending) {
    if (entry.status !== 'queued') continue;
    try {
      if (entry.kind === GameKinds.increment) next = applyIncrement(next, entry.body as GameIncrement);
      if (entry.kind === GameKinds.update) next = applyUpdate(next, entry.body as UpdateGameBody);
    } catch (error) {
      if (!(error instanceof GameRuleError)) throw error;
    }
  }
  return next;
}

function applyUpdate(game: Game, body: UpdateGameBody): Game {
  let next = game;
  if (body.activeSeat !== undefined && body.turnNumber !== undefined && body.eventId) {
    next = applyTurnChange(next, { eventId: body.eventId, activeSeat: body.activeSeat, turnNumber: body.turnNumber, undoes: body.undoes });
  }
  if (body.status) next = setStatus(next, body.status, { eventId: body.eventId });
  return next;
}

/** Stores the server's game with this device's pending changes on top. */
export async function storeServerGame(db: PodTableDB, raw: unknown): Promise<void> {
  const game = gameSchema.parse(raw);
  await db.transaction('rw', [db.games, db.outbox], async () => {
    const pending = await entriesFor(db, 'games', game.id);
    const mine = pending.filter((entry) => entry.kind !== GameKinds.create);
    const row: GameRow = replayPending(game, mine);
    if (mine.some((entry) => entry.status === 'queued')) row.syncState = 'queued';
    await db.games.put(row);
  });
}

export async function createGame(ctx: SyncContext, input: Omit<CreateGameInput, 'id'>): Promise<string> {
  const body = createGameBody.parse({ ...input, id: newId() });
  const me = await currentPublicUser(ctx.db);
  await enqueueWrite(ctx.db, { id: body.id, kind: GameKinds.create, method: 'POST', path: '/api/games', body, target: { table: 'games', id: body.id } }, async () => {
    await ctx.db.games.put({ ...startGame(body, { createdById: me.id }), syncState: 'queued' });
  });
  ctx.kick();
  return body.id;
}

async function changeGame(ctx: SyncContext, gameId: string, change: (game: Game) => { next: Game; write: Omit<Parameters<typeof enqueueWrite>[1], 'target'> } | null): Promise<void> {
  let queued = false;
  await ctx.db.transaction('rw', ctx.db.tables, async () => {
    const game = await ctx.db.games.get(gameId);
    if (!game) throw new GameRuleError("We couldn't find a live game session.");
    const result = change(game);
    if (!result) return;
    await enqueueWrite(ctx.db, { ...result.write, target: { table: 'games', id: gameId } }, async () => {
      await ctx.db.games.put({ ...result.next, syncState: 'queued' });
    });
    queued = true;
  });
  if (queued) ctx.kick();
}

/** Life, poison, energy, experience or commander damage: one increment, applied here at once. */
export async function changeCounter(ctx: SyncContext, gameId: string, change: Omit<GameIncrement, 'id'>): Promise<void> {
  const increment = gameIncrement.parse({ ...change, id: newId() });
  await changeGame(ctx, gameId, (game) => ({
    next: applyIncrement(game, increment),
    write: { id: increment.id, kind: GameKinds.increment, method: 'POST', path: `${gamePath(gameId)}/increments`, body: increment },
  }));
}

function turnWrite(gameId: string, change: TurnChange) {
  const body: UpdateGameBody = { activeSeat: change.activeSeat, turnNumber: change.turnNumber, eventId: change.eventId, undoes: change.undoes };
  return { kind: GameKinds.update, method: 'PUT' as const, path: gamePath(gameId), body };
}

export async function passTurn(ctx: SyncContext, gameId: string): Promise<void> {
  await changeGame(ctx, gameId, (game) => {
    const change = nextTurn(game);
    return { next: applyTurnChange(game, change), write: turnWrite(gameId, change) };
  });
}

export async function undoLastChange(ctx: SyncContext, gameId: string): Promise<void> {
  await changeGame(ctx, gameId, (game) => {
    const step = undoLast(game);
    if (!step) return null;
    if (step.kind === 'increment') {
      return {
        next: applyIncrement(game, step.increment),
        write: { id: step.increment.id, kind: GameKinds.increment, method: 'POST', path: `${gamePath(gameId)}/increments`, body: step.increment },
      };
    }
    return { next: applyTurnChange(game, step.change), write: turnWrite(gameId, step.change) };
  });
}

export async function setGameStatus(ctx: SyncContext, gameId: string, status: GameStatus): Promise<void> {
  await changeGame(ctx, gameId, (game) => {
    const eventId = newId();
    const next = setStatus(game, status, { eventId });
    if (next === game) return null;
    return { next, write: { kind: GameKinds.update, method: 'PUT', path: gamePath(gameId), body: { status, eventId } satisfies UpdateGameBody } };
  });
}

const storeAnswer: Applier = {
  async applied(db, _entry, body) {
    await storeServerGame(db, body);
  },
  async failed(db, entry, message) {
    if (!entry.target) return;
    const game = await db.games.get(entry.target.id);
    if (game) await db.games.put({ ...game, syncState: 'failed', syncError: message });
  },
};

export const gameAppliers: Record<string, Applier> = {
  [GameKinds.create]: storeAnswer,
  [GameKinds.increment]: storeAnswer,
  [GameKinds.update]: storeAnswer,
};

/** Opens a guest's claim link (online only): the caller becomes that participant. */
export async function claimGame(ctx: SyncContext, token: string): Promise<string> {
  const game = gameSchema.parse(await ctx.api.request('POST', `/api/games/claim/${encodeURIComponent(token)}`));
  await storeServerGame(ctx.db, game);
  return game.id;
}
