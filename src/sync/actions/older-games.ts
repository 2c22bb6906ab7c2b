/**
 * Older finished games on demand (the game history, src/features/history): pages of
 * FINISHED_GAMES_PAGE from GET /api/games/finished, read from where the scope's trail stops
 * (src/db/queries/game-history.ts), or from the newest when there is no trail to trust. Each page
 * goes into the mirror in ONE Dexie transaction with the new trail, through applyServerData: games
 * the mirror already holds are left alone (the cursor pull and live events keep them current;
 * a pending write is rebased as always). A page is a read, not a write: no outbox entry.
 * One call reads pages until one reaches past the oldest finished game the screen already shows
 * (so the list grows at its bottom), the end, or MAX_PAGES_PER_CALL: pages over games the first
 * pull brought add nothing new to see. At most one call per scope runs in this page; a second
 * one gets the same answer. The server counts each page against the list read budget.
 * Never throws: screens show the outcome ('offline' when no answer came, 'failed' otherwise).
 */
import { compareFinished, FINISHED_GAMES_PAGE, finishedPosition, type FinishedPosition } from '../../contract/game-history';
import { gameSchema, type Game } from '../../contract/game';
import { gameHistoryKey, gameHistoryTrail, oldestHeldFinished, type GameHistoryTrail } from '../../db/queries/game-history';
import type { PodTableDB } from '../../db/schema';
import { readSession } from '../../db/session';
import { NetworkError, TimeoutError, type ApiClient } from '../engine/api';
import { applyServerData } from '../engine/apply-server';

/** Pages one call may read: the first pull holds at most 200 games of a scope (100 played, 100 of pods), 8 pages. */
export const MAX_PAGES_PER_CALL = 10;

/** 'more': the list grew, more may exist; 'end': nothing older exists; 'stale': signed out meanwhile. */
export type OlderGamesOutcome = 'more' | 'end' | 'stale' | 'offline' | 'failed';

export interface OlderGames {
  load(podId?: string): Promise<OlderGamesOutcome>;
}

function pagePath(podId: string | undefined, cursor: FinishedPosition | null): string {
  const query = new URLSearchParams({ limit: String(FINISHED_GAMES_PAGE) });
  if (podId) query.set('pod', podId);
  if (cursor) {
    query.set('before', new Date(cursor.finishedAt).toISOString());
    query.set('beforeId', cursor.id);
  }
  return `/api/games/finished?${query.toString()}`;
}

/** One page into the mirror with the trail it extends; 'stale' when it was not applied. */
async function applyPage(db: PodTableDB, podId: string | undefined, rows: Game[], cursor: FinishedPosition | null): Promise<GameHistoryTrail | 'stale'> {
  return db.transaction('rw', db.tables, async () => {
    const held = await db.games.bulkGet(rows.map((row) => row.id));
    const fresh = rows.filter((_, index) => !held[index]);
    if ((await applyServerData(db, { puts: { games: fresh } })) === 'stale') return 'stale';
    const last = rows.at(-1);
    const trail: GameHistoryTrail = { reached: last ? finishedPosition(last) : cursor, end: rows.length < FINISHED_GAMES_PAGE };
    await db.meta.put({ key: gameHistoryKey(podId), value: trail });
    return trail;
  });
}

export function createOlderGames(db: PodTableDB, api: ApiClient): OlderGames {
  const running = new Map<string, Promise<OlderGamesOutcome>>();

  async function loadPages(podId: string | undefined): Promise<OlderGamesOutcome> {
    const me = (await readSession(db)).userId ?? undefined;
    const shownOldest = await oldestHeldFinished(db, podId, me);
    try {
      const trail = await gameHistoryTrail(db, podId);
      if (trail?.end) return 'end';
      let cursor = trail?.reached ?? null;
      for (let page = 0; page < MAX_PAGES_PER_CALL; page++) {
        const raw = await api.request<unknown[]>('GET', pagePath(podId, cursor));
        const rows = raw.map((row) => gameSchema.parse(row));
        const next = await applyPage(db, podId, rows, cursor);
        if (next === 'stale') return 'stale';
        if (next.end) return 'end';
        if (!shownOldest || (next.reached && compareFinished(next.reached, shownOldest) > 0)) return 'more';
        cursor = next.reached;
      }
      return 'more';
    } catch (error) {
      if (error instanceof NetworkError || error instanceof TimeoutError) return 'offline';
      console.warn('older games could not be loaded', error);
      return 'failed';
    }
  }

  return {
    load(podId) {
      const key = gameHistoryKey(podId);
      const current = running.get(key);
      if (current) return current;
      const run = loadPages(podId).finally(() => running.delete(key));
      running.set(key, run);
      return run;
    },
  };
}
