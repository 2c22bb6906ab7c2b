/**
 * Which games count for stats, and what one counted game means for one account.
 * Pure: games in, plain values out (docs/stats.md has the definitions).
 *
 * - A game counts once it has ended WITH a result: a winner or a draw. A game still played
 *   (ACTIVE) does not count, nor one ended without a result (an older app's End game, or a game
 *   abandoned half way): nobody can say who won it.
 * - A draw is a game played, not a win; it breaks a win streak; it has no places.
 * - Players are matched by account id (`userId`), never by name: a guest seat claimed later
 *   carries the claimant's id (server/games/claims.ts) and counts for them; an unclaimed guest
 *   is nobody's.
 */
import type { Game, GameParticipant } from '../contract/game';
import type { GameResult } from '../contract/game-table';
import { gameClockMs } from '../game/clocks';
import { finishingOrder } from '../game/summary';
import { COMMANDER_SEPARATOR } from '../contract/decks';

export type CountedGame = Game & { result: GameResult };

export function isCounted(game: Game): game is CountedGame {
  const result = game.result;
  return game.status === 'FINISHED' && !!result && (result.winnerSeat !== null || result.draw);
}

/** One counted game from one account's seat. */
export interface Outcome {
  game: CountedGame;
  seat: GameParticipant;
  won: boolean;
  draw: boolean;
  /** 1 for the winner, 2 for the last player out, …; null in a draw. */
  place: number | null;
  endedAt: string;
  /** The game clock, as the game's summary shows it: start to end, pauses left out (src/game/clocks.ts). */
  durationMs: number;
}

/** Seat → place (1 = winner); empty for a draw, which ranks nobody. */
export function placesOf(game: CountedGame): Map<number, number> {
  if (game.result.winnerSeat === null) return new Map();
  return new Map(finishingOrder(game).map((seat, index) => [seat, index + 1]));
}

export function seatOf(game: Game, userId: string): GameParticipant | undefined {
  return game.participants.find((p) => p.userId === userId);
}

/** Oldest ended first; ties by start, then id, so every device orders the same games alike. */
export function byEnd(a: CountedGame, b: CountedGame): number {
  return a.result.endedAt.localeCompare(b.result.endedAt) || a.startTime.localeCompare(b.startTime) || a.id.localeCompare(b.id);
}

export function outcomeOf(game: CountedGame, seat: GameParticipant): Outcome {
  const won = game.result.winnerSeat === seat.seatNumber;
  return {
    game,
    seat,
    won,
    draw: game.result.winnerSeat === null,
    place: placesOf(game).get(seat.seatNumber) ?? null,
    endedAt: game.result.endedAt,
    durationMs: gameClockMs(game),
  };
}

/** The counted games `userId` played, oldest ended first. */
export function outcomesFor(games: readonly Game[], userId: string): Outcome[] {
  const counted = games.filter(isCounted).sort(byEnd);
  return counted.flatMap((game) => {
    const seat = seatOf(game, userId);
    return seat ? [outcomeOf(game, seat)] : [];
  });
}

/** 'Atraxa' or 'Tymna // Thrasios'. */
export function commandersOf(seat: Pick<GameParticipant, 'commanderName' | 'partnerCommanderName'>): string {
  return [seat.commanderName, seat.partnerCommanderName]
    .map((name) => name?.trim() ?? '')
    .filter((name) => name.length > 0)
    .join(COMMANDER_SEPARATOR);
}

/** wins / games, 0 for no games. */
export function rate(wins: number, games: number): number {
  return games > 0 ? wins / games : 0;
}

/** Mean of the places known, or null when none is (only draws). */
export function averagePlace(outcomes: readonly Outcome[]): number | null {
  const places = outcomes.flatMap((o) => (o.place === null ? [] : [o.place]));
  return places.length > 0 ? places.reduce((sum, place) => sum + place, 0) / places.length : null;
}
