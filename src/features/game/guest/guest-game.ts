/**
 * What a guest seat's page shows: the last table the server answered (the TV view's fields, as
 * watched-game.ts makes them a game the tiles draw) with the device's waiting taps applied on top
 * by the shared counter rules (src/game/counters.ts), so a tap shows at once, offline too. A tap
 * the rules refuse is left out (the server will refuse it too).
 */
import type { GameIncrement } from '../../../contract/game';
import type { GameRow, GuestSeatRow } from '../../../db/schema';
import { applyIncrement } from '../../../game/counters';
import { watchedGame } from '../watch/watched-game';

export function guestGame(row: GuestSeatRow & { view: NonNullable<GuestSeatRow['view']> }, waiting: readonly GameIncrement[]): GameRow {
  let game = watchedGame(row.view, row.gameId);
  for (const increment of waiting) {
    try {
      game = applyIncrement(game, increment);
    } catch {
      // Refused by the rules (the game ended meanwhile): not shown.
    }
  }
  return game;
}
