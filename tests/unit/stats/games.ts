/** Finished games for the stats tests: Ana, Bo, Cy and the guest Dee (tests/unit/game/helpers). */
import type { Game } from '../../../src/contract/game';
import { endGame } from '../../../src/game/ending';
import { fourPlayerGame, uid } from '../game/helpers';

let next = 7000;

/** 2026-03-{day} 20:00Z, ended `minutes` later. */
export function ended(
  day: number,
  result: { winnerSeat: number | null; outOrder?: number[] } | 'no result',
  patch: Partial<Game> = {},
  minutes = 60,
): Game {
  const start = `2026-03-${String(day).padStart(2, '0')}T20:00:00.000Z`;
  const game: Game = { ...fourPlayerGame(), id: uid(next++), startTime: start, ...patch };
  const at = new Date(Date.parse(start) + minutes * 60_000).toISOString();
  return endGame(game, result === 'no result' ? undefined : result, { at });
}

export function active(day: number): Game {
  return { ...fourPlayerGame(), id: uid(next++), startTime: `2026-03-${String(day).padStart(2, '0')}T20:00:00.000Z` };
}

/** The game with Dee's guest seat claimed by the account `userId` (what server/games/claims.ts stores). */
export function claimedBy(game: Game, userId: string, displayName: string): Game {
  return {
    ...game,
    participants: game.participants.map((p) => (p.seatNumber === 3 ? { ...p, userId, displayName, accountEmail: null } : p)),
  };
}
