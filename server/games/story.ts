/**
 * The whole story of a game (server/db/schema/game-story.ts): appended by `saveGame` with every
 * change that logs events, read a page at a time (GET /api/games/:id/story), and the record an
 * undo is checked against (an event is undone once, and an undo is never undone).
 */
import { isDeepStrictEqual } from 'node:util';
import { and, desc, eq, lt } from 'drizzle-orm';
import type { Game, GameEvent } from '../../src/contract/game';
import type { TableChange } from '../../src/contract/table-change';
import type { GameStoryEntry } from '../../src/contract/game-story';
import { gameStory } from '../db/schema';
import type { DbOrTx, Tx } from '../db/types';

/**
 * Appends the events of `game.events` (newest first) that the story does not hold yet: those
 * logged after the story's newest one. Called under the game's row lock, in the change's
 * transaction, so positions follow each other with no gaps.
 */
export async function appendStory(tx: Tx, game: Game): Promise<void> {
  if (game.events.length === 0) return;
  const [newest] = await tx
    .select({ position: gameStory.position, eventId: gameStory.eventId })
    .from(gameStory)
    .where(eq(gameStory.gameId, game.id))
    .orderBy(desc(gameStory.position))
    .limit(1);
  const known = newest ? game.events.findIndex((event) => event.id === newest.eventId) : -1;
  // Not found: a story that is empty, or more new events than the log keeps (then the log's whole 25).
  const fresh = (known === -1 ? game.events : game.events.slice(0, known)).slice().reverse();
  if (fresh.length === 0) return;
  const start = newest?.position ?? 0;
  await tx
    .insert(gameStory)
    .values(fresh.map((event, i) => ({ gameId: game.id, position: start + i + 1, eventId: event.id, event, undoes: event.undoes ?? null, createdAt: new Date(event.at) })))
    .onConflictDoNothing();
}

/**
 * True when an undo of `eventId` must change nothing: the story shows it undone already (by
 * any phone, however old it is) or shows it is itself an undo.
 */
export async function isUndoSpent(db: DbOrTx, gameId: string, eventId: string): Promise<boolean> {
  const undone = await db
    .select({ position: gameStory.position })
    .from(gameStory)
    .where(and(eq(gameStory.gameId, gameId), eq(gameStory.undoes, eventId)))
    .limit(1);
  if (undone.length > 0) return true;
  const [target] = await db
    .select({ event: gameStory.event })
    .from(gameStory)
    .where(and(eq(gameStory.gameId, gameId), eq(gameStory.eventId, eventId)))
    .limit(1);
  return target?.event.kind === 'undo';
}

/**
 * True when the story holds entry `eventId` and it made exactly `change`: the undo of a marker,
 * custom counter or clock entry carries the entry's record, and reverses only the entry it names.
 */
export async function isEntryChange(db: DbOrTx, gameId: string, eventId: string, change: TableChange): Promise<boolean> {
  const [target] = await db
    .select({ event: gameStory.event })
    .from(gameStory)
    .where(and(eq(gameStory.gameId, gameId), eq(gameStory.eventId, eventId)))
    .limit(1);
  return target !== undefined && target.event.kind !== 'undo' && isDeepStrictEqual(target.event.change, change);
}

/** A page of the story, newest first: the entries before position `before` (all when absent). */
export async function readStory(db: DbOrTx, gameId: string, before: number | undefined, limit: number): Promise<{ entries: GameStoryEntry[]; next: number | null }> {
  const rows = await db
    .select({ position: gameStory.position, event: gameStory.event })
    .from(gameStory)
    .where(before === undefined ? eq(gameStory.gameId, gameId) : and(eq(gameStory.gameId, gameId), lt(gameStory.position, before)))
    .orderBy(desc(gameStory.position))
    .limit(limit);
  const entries = rows.map((row) => ({ position: row.position, event: row.event as GameEvent }));
  const oldest = entries[entries.length - 1];
  return { entries, next: oldest && oldest.position > 1 ? oldest.position : null };
}
