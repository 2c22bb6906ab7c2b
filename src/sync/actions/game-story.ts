/**
 * A game's whole story on the device (docs/playmat.md "The whole story"): pages of
 * GET /api/games/{id}/story, newest first, kept in the mirror's `gameStory` table, which the
 * sheet reads (src/db/queries/game-story.ts). A load starts at the newest page and goes back
 * until the device holds every entry down to the first (positions have no gaps, so a count
 * tells), at most STORY_PAGES_PER_LOAD pages. One load per game at a time in this page.
 * Never throws: 'offline' when no answer came, 'failed' otherwise.
 * Undo of any entry is queued like every change (src/game/undo.ts, the outbox).
 */
import { gameStoryPageSchema, STORY_PAGE_MAX } from '../../contract/game-story';
import type { GameEvent } from '../../contract/game';
import { storyRowsBefore } from '../../db/queries/game-story';
import { GameRuleError } from '../../game/counters';
import { undoStep } from '../../game/undo';
import { NetworkError, TimeoutError } from '../engine/api';
import type { SyncContext } from '../engine/context';
import { newId } from '../engine/mutate';
import { queueUndo } from './games';

/** 100 pages of 100: a very long game night; beyond, the next load goes on from the newest page again. */
const STORY_PAGES_PER_LOAD = 100;

export type StoryOutcome = 'complete' | 'offline' | 'failed';

async function loadPages(ctx: SyncContext, gameId: string): Promise<StoryOutcome> {
  let before: number | null = null;
  try {
    for (let page = 0; page < STORY_PAGES_PER_LOAD; page += 1) {
      const query: string = `?limit=${STORY_PAGE_MAX}${before === null ? '' : `&before=${before}`}`;
      const answer = gameStoryPageSchema.parse(await ctx.api.request('GET', `/api/games/${encodeURIComponent(gameId)}/story${query}`));
      await ctx.db.gameStory.bulkPut(answer.entries.map((entry) => ({ gameId, position: entry.position, event: entry.event })));
      if (answer.next === null) return 'complete';
      if ((await storyRowsBefore(ctx.db, gameId, answer.next)) === answer.next - 1) return 'complete';
      before = answer.next;
    }
    return 'complete';
  } catch (error) {
    if (error instanceof NetworkError || error instanceof TimeoutError) return 'offline';
    console.warn('the story of the game could not be loaded', error);
    return 'failed';
  }
}

export function createStoryLoader(ctx: SyncContext) {
  const running = new Map<string, Promise<StoryOutcome>>();
  return {
    load(gameId: string): Promise<StoryOutcome> {
      const current = running.get(gameId);
      if (current) return current;
      const run = loadPages(ctx, gameId).finally(() => running.delete(gameId));
      running.set(gameId, run);
      return run;
    },
  };
}

/**
 * Undoes one entry of the story (a counter change, the latest turn pass, a marker, custom counter
 * or clock entry): a new change with `undoes: <entry id>` (src/game/undo.ts), applied to the
 * mirror and queued in the outbox, so it works offline. The server applies an entry's undo once,
 * whichever phone sends it.
 */
export async function undoStoryEntry(ctx: SyncContext, gameId: string, entry: GameEvent): Promise<void> {
  const step = undoStep(entry, newId());
  if (!step) throw new GameRuleError('This entry cannot be undone.');
  await queueUndo(ctx, gameId, step);
  ctx.kick();
}
