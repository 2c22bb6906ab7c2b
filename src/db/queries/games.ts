/**
 * Ended games as the stats read them. Rows are checked against the game contract on
 * the way out: a row that does not parse (an old or damaged record) is left out of the figures
 * instead of breaking the screen, and said once in the console.
 */
import { gameSchema } from '../../contract/game';
import type { GameRow, PodTableDB } from '../schema';

const reported = new Set<string>();

export function isValidGameRow(row: GameRow): boolean {
  const parsed = gameSchema.safeParse(row);
  if (!parsed.success && !reported.has(row.id)) {
    reported.add(row.id);
    console.warn(`Game ${String(row.id)} in the local database is not a valid game; left out of the stats.`, parsed.error.issues[0]?.message);
  }
  return parsed.success;
}

/** Every ended game the mirror holds that reads as a valid game. */
export async function endedGames(db: PodTableDB): Promise<GameRow[]> {
  const rows = await db.games.where('status').equals('FINISHED').toArray();
  return rows.filter(isValidGameRow);
}
