/**
 * A game's whole story as this device holds it (docs/playmat.md "The whole story"): the pages
 * pulled from the server (`gameStory`, src/sync/actions/game-story.ts) and the game's own 25
 * events, newest first, each event once.
 * Invariants: the server numbers a game's entries 1, 2, 3 … with no gaps, and its newest entries
 * are the game's own events; so the device holds the whole story exactly when it holds positions
 * 1 to its highest one and the game's events reach them (or the game never logged more than 25).
 */
import Dexie from 'dexie';
import { RECENT_EVENTS_MAX, type GameEvent } from '../../contract/game';
import type { PodTableDB } from '../schema';

export interface StoryView {
  /** Newest first. */
  entries: GameEvent[];
  /** False when older entries (or some between) are on the server only. */
  complete: boolean;
}

function storyRows(db: PodTableDB, gameId: string) {
  return db.gameStory.where('[gameId+position]').between([gameId, Dexie.minKey], [gameId, Dexie.maxKey]);
}

/** The story of a game in the mirror, or undefined when the mirror has no such game. */
export async function gameStoryView(db: PodTableDB, gameId: string): Promise<StoryView | undefined> {
  const game = await db.games.get(gameId);
  if (!game) return undefined;
  const rows = await storyRows(db, gameId).reverse().toArray();
  const cached = new Set(rows.map((row) => row.event.id));
  // The game's own events the pages do not hold yet are newer than every page (or there are no pages).
  const fresh = game.events.filter((event) => !cached.has(event.id));
  const entries = [...fresh, ...rows.map((row) => row.event)];
  if (rows.length === 0) return { entries, complete: game.events.length < RECENT_EVENTS_MAX };
  const contiguous = rows[0]!.position === rows.length;
  const joined = game.events.length < RECENT_EVENTS_MAX || fresh.length < game.events.length;
  return { entries, complete: contiguous && joined };
}

/** How many entries before `position` the device holds: `position - 1` when none is missing. */
export async function storyRowsBefore(db: PodTableDB, gameId: string, position: number): Promise<number> {
  return db.gameStory.where('[gameId+position]').between([gameId, 1], [gameId, position]).count();
}
