/** Mirror reads the wizard and the playmat share (all live: a pull or a tap re-renders at once). */
import { useLiveQuery } from 'dexie-react-hooks';
import { compareNames } from '../../contract/names';
import type { DeckRow, GameRow } from '../../db/schema';
import { db } from '../../sync/app';

/** The signed-in user's decks by name; undefined while reading. */
export function useMyDecks(): DeckRow[] | undefined {
  return useLiveQuery(async () => (await db.decks.toArray()).sort((a, b) => compareNames(a.name, b.name)), []);
}

/** One game from the mirror: undefined while reading, null when the mirror does not have it. */
export function useGame(gameId: string): GameRow | null | undefined {
  return useLiveQuery(async () => (await db.games.get(gameId)) ?? null, [gameId]);
}

/** The id of the most recently changed ACTIVE game; undefined while reading, null when there is none. */
export function useLatestActiveGameId(): string | null | undefined {
  return useLiveQuery(async () => {
    const games = await db.games.where('status').equals('ACTIVE').toArray();
    games.sort((a, b) => b.updatedAt.localeCompare(a.updatedAt) || b.startTime.localeCompare(a.startTime));
    return games[0]?.id ?? null;
  }, []);
}
