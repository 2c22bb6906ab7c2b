/**
 * Game rows ↔ the contract's Game, access, and the exactly-once record. See
 * server/db/schema/games.ts for how a game is stored (one row, jsonb participants/seats/events,
 * side tables game_players and game_changes; its whole story in game_story).
 */
import { and, eq } from 'drizzle-orm';
import { GameText, type Game } from '../../src/contract/game';
import { GameRuleError } from '../../src/game/counters';
import { gameChanges, games } from '../db/schema';
import type { DbOrTx, Tx } from '../db/types';
import { HttpError, badRequest, conflict } from '../errors';
import { storedParticipants } from './guest-emails';
import { appendStory } from './story';

export type GameRow = typeof games.$inferSelect;

export const GameServerText = {
  notFound: 'Game not found.',
  selfRequired: 'Add yourself to the table as the one player with the role "self".',
  playerNotFound: 'One of the players does not have an account.',
  podNotFound: 'Pod not found.',
  notPodMember: 'Every player with an account must be a member of the pod.',
  idTaken: 'A game with this id already exists.',
  creatorOnly: 'Only the player who created this game can delete it.',
  claimInvalid: 'This claim link is invalid or has already been used.',
  alreadyPlaying: 'You are already playing in this game.',
} as const;

export function toGame(row: GameRow): Game {
  return {
    id: row.id,
    podId: row.podId,
    requiresVerification: row.requiresVerification,
    status: row.status,
    startTime: row.startTime.toISOString(),
    createdById: row.createdById,
    layoutPreset: row.layoutPreset,
    seats: row.seats,
    activeSeat: row.activeSeat,
    turnNumber: row.turnNumber,
    participants: row.participants,
    events: row.events,
    updatedAt: row.updatedAt.toISOString(),
    rev: row.rev,
    ...(row.tableState ? { table: row.tableState } : {}),
    result: row.result ?? null,
  };
}

/** Everything of a game that changes after it is created (the columns a write sets). */
export function mutableColumns(game: Game) {
  return {
    status: game.status,
    layoutPreset: game.layoutPreset,
    seats: game.seats,
    activeSeat: game.activeSeat,
    turnNumber: game.turnNumber,
    // Guests' addresses are stored masked: the full one lives in the claim only (server/games/guest-emails.ts).
    participants: storedParticipants(game.participants),
    events: game.events,
    updatedAt: new Date(game.updatedAt),
    rev: game.rev ?? 1,
    tableState: game.table ?? null,
    result: game.result ?? null,
    endedAt: game.result ? new Date(game.result.endedAt) : null,
  };
}

export function gameColumns(game: Game) {
  return {
    id: game.id,
    createdById: game.createdById,
    podId: game.podId,
    requiresVerification: game.requiresVerification,
    startTime: new Date(game.startTime),
    ...mutableColumns(game),
  };
}

/** The creator and every account participant: who may read and change the game, and who hears of it. */
export function gameAudience(game: Pick<Game, 'createdById' | 'participants'>): string[] {
  const ids = new Set<string>([game.createdById]);
  for (const participant of game.participants) if (participant.userId) ids.add(participant.userId);
  return [...ids];
}

export function canAccess(game: Pick<Game, 'createdById' | 'participants'>, userId: string): boolean {
  return game.createdById === userId || game.participants.some((p) => p.userId === userId);
}

/** The game, locked for this transaction when `forUpdate` (writes); no access check. */
export async function findGame(db: DbOrTx, gameId: string, forUpdate = false): Promise<Game | undefined> {
  const query = db.select().from(games).where(eq(games.id, gameId)).limit(1);
  const [row] = forUpdate ? await query.for('update') : await query;
  return row ? toGame(row) : undefined;
}

/**
 * The game as `userId` may see it: undefined when it does not exist or they may not see it —
 * both answer 404, so a stranger learns nothing.
 */
export async function loadGame(db: DbOrTx, gameId: string, userId: string, forUpdate = false): Promise<Game | undefined> {
  const game = await findGame(db, gameId, forUpdate);
  return game && canAccess(game, userId) ? game : undefined;
}

/**
 * Stores the game's new state and appends the events it logged to its whole story
 * (server/games/story.ts), in the caller's transaction: the one place the server keeps the log.
 */
export async function saveGame(tx: Tx, game: Game): Promise<void> {
  await tx.update(games).set(mutableColumns(game)).where(eq(games.id, game.id));
  await appendStory(tx, game);
}

/** True when a change with this id (increment or PUT event) was already applied to the game. */
export async function isChangeApplied(db: DbOrTx, gameId: string, changeId: string): Promise<boolean> {
  const rows = await db
    .select({ id: gameChanges.changeId })
    .from(gameChanges)
    .where(and(eq(gameChanges.gameId, gameId), eq(gameChanges.changeId, changeId)))
    .limit(1);
  return rows.length > 0;
}

/** True when event `eventId` of the game was already undone (possibly long out of the 25-entry log). */
export async function isEventUndone(db: DbOrTx, gameId: string, eventId: string): Promise<boolean> {
  const rows = await db
    .select({ id: gameChanges.changeId })
    .from(gameChanges)
    .where(and(eq(gameChanges.gameId, gameId), eq(gameChanges.undoes, eventId)))
    .limit(1);
  return rows.length > 0;
}

export async function recordChange(tx: Tx, gameId: string, change: { id: string; kind: 'increment' | 'update'; undoes?: string | null; at: Date }) {
  await tx
    .insert(gameChanges)
    .values({ gameId, changeId: change.id, kind: change.kind, undoes: change.undoes ?? null, appliedAt: change.at })
    .onConflictDoNothing();
}

/** src/game's rule errors as answers: an ended game is a 409 (a state conflict), the rest 400. */
export function ruleErrorToHttp(error: unknown): unknown {
  if (!(error instanceof GameRuleError)) return error;
  if (error.message === GameText.gameEnded) return conflict(error.message);
  return badRequest(error.message);
}

export function rethrowRuleError(error: unknown): never {
  throw ruleErrorToHttp(error) as HttpError | Error;
}
