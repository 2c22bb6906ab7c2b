/** Ended games as the stats read them: validated on the way out of the mirror. */
import { describe, expect, it, vi } from 'vitest';
import type { GameRow } from '../../../src/db/schema';
import { endedGames } from '../../../src/db/queries';
import { active, ended } from '../stats/games';
import { freshDb } from './helpers';

describe('endedGames', () => {
  it('returns the ended games that read as valid games, and leaves a damaged row out', async () => {
    const db = await freshDb();
    const good = ended(1, { winnerSeat: 0 });
    const queued: GameRow = { ...ended(2, { winnerSeat: null }), syncState: 'queued' };
    const damaged = { ...ended(3, { winnerSeat: 1 }), participants: 'not a list' } as unknown as GameRow;
    await db.games.bulkPut([good, queued, damaged, active(4)]);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const rows = await endedGames(db);
    expect(rows.map((row) => row.id).sort()).toEqual([good.id, queued.id].sort());
    // A game ended on this device and not yet sent counts: the mirror is what the user sees.
    expect(rows.find((row) => row.id === queued.id)?.syncState).toBe('queued');
    expect(warn).toHaveBeenCalledTimes(1);
    await endedGames(db);
    expect(warn).toHaveBeenCalledTimes(1);
    warn.mockRestore();
  });
});
