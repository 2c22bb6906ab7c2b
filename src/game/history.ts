/**
 * Game history: past games of the user and of each pod, newest first, from the games
 * the mirror holds (GET /api/games: every game the user created or plays in, and the ended games
 * of their pods — server/visibility/games.ts — and the older pages of finished games the history
 * read since, src/sync/actions/older-games.ts). Pure.
 */
import type { Game } from '../contract/game';
import { compareFinished, finishedPosition } from '../contract/game-history';
import { WIN_METHOD_PHRASE } from './eliminations';
import { seatName } from './events';

export interface HistoryLists<G extends Game> {
  /** Games still being played, the latest started first. */
  inProgress: G[];
  /** Ended games, the latest ended first (ids descending for one instant). */
  past: G[];
}

/** Whether `userId` created or plays in the game (a pod's ended game may be neither). */
export function playsIn(game: Pick<Game, 'createdById' | 'participants'>, userId: string): boolean {
  return game.createdById === userId || game.participants.some((p) => p.userId === userId);
}

/**
 * Every game of one pod (`podId`), or, without one, the games `me` created or plays in (all
 * games when `me` is not given); split and ordered for the history.
 */
export function historyLists<G extends Game>(games: readonly G[], podId?: string, me?: string): HistoryLists<G> {
  const mine = podId !== undefined ? games.filter((game) => game.podId === podId) : me !== undefined ? games.filter((game) => playsIn(game, me)) : [...games];
  return {
    inProgress: mine.filter((game) => game.status === 'ACTIVE').sort((a, b) => b.startTime.localeCompare(a.startTime)),
    // The order of the server's pages of finished games (src/contract/game-history.ts).
    past: mine.filter((game) => game.status !== 'ACTIVE').sort((a, b) => compareFinished(finishedPosition(a), finishedPosition(b))),
  };
}

/** 'Bo won by combat' ('Bo won' when End game did not say how), 'A draw', 'No winner recorded'. */
export function outcomeText(game: Game): string {
  const result = game.result;
  if (result?.winnerSeat != null) return `${seatName(game, result.winnerSeat)} won${result.winMethod ? ` ${WIN_METHOD_PHRASE[result.winMethod]}` : ''}`;
  return result?.draw ? 'A draw' : 'No winner recorded';
}
