/**
 * The TV view's table as a game the playmat's read-only tiles can draw (TableTiles): the view's
 * public fields, every seat a guest with no account, no e-mail, no deck and no log. Nothing here
 * is ever written to the mirror's games or sent anywhere.
 */
import type { GameParticipant } from '../../../contract/game';
import type { WatchView } from '../../../contract/game-watch';
import type { GameRow } from '../../../db/schema';

/** `id`: the game's id when known (a guest seat), else a stand-in (the TV view knows only its token). */
export function watchedGame(view: WatchView, id = 'tv-view'): GameRow {
  return {
    id,
    podId: null,
    requiresVerification: false,
    status: view.status,
    startTime: view.startTime,
    createdById: '',
    layoutPreset: view.layoutPreset,
    seats: view.seats,
    activeSeat: view.activeSeat,
    turnNumber: view.turnNumber,
    participants: view.players.map(
      (p): GameParticipant => ({
        ...p,
        commanderDamage: p.commanderDamage as GameParticipant['commanderDamage'],
        role: 'guest',
        userId: null,
        accountEmail: null,
        deckId: null,
        deckName: null,
        guestName: null,
      }),
    ),
    events: [],
    updatedAt: view.updatedAt,
    ...(view.table ? { table: view.table } : {}),
    ...(view.result !== undefined ? { result: view.result } : {}),
  };
}
