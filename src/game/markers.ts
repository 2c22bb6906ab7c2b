/**
 * The monarch and the initiative: at most one player holds each; a change of hands is
 * a whole-game change (last writer wins) logged as a 'marker' event. Setting a marker to the
 * player who already holds it changes nothing and logs nothing.
 */
import { GameText, type Game, type GameEvent } from '../contract/game';
import { GameTableText, type MarkerKind } from '../contract/game-table';
import { GameRuleError } from './counters';
import { newId, nowIso, participantAt, pushEvent, seatName, type ChangeMeta } from './events';
import { tableOf, withTable } from './table';

const FIELD = { monarch: 'monarchSeat', initiative: 'initiativeSeat' } as const;

function markerText(game: Game, kind: MarkerKind, seat: number | null): string {
  if (kind === 'monarch') return seat === null ? 'Nobody is the monarch' : `${seatName(game, seat)} became the monarch`;
  return seat === null ? 'Nobody has the initiative' : `${seatName(game, seat)} took the initiative`;
}

/** Who holds `kind` now, or null. */
export function markerHolder(game: Game, kind: MarkerKind): number | null {
  return tableOf(game)[FIELD[kind]];
}

/** Gives `kind` to `seat` (null: to nobody). The caller checks that the change is not a repeat. */
export function setMarker(game: Game, kind: MarkerKind, seat: number | null, meta: ChangeMeta & { eventId?: string } = {}): Game {
  if (game.status !== 'ACTIVE') throw new GameRuleError(GameText.gameEnded);
  if (seat !== null && !participantAt(game, seat)) throw new GameRuleError(GameTableText.noSuchPlayer);
  if (markerHolder(game, kind) === seat) return game;
  const at = meta.at ?? nowIso();
  const event: GameEvent = { id: meta.eventId ?? newId(), at, kind: 'marker', text: markerText(game, kind, seat) };
  if (seat !== null) event.seat = seat;
  return { ...withTable(game, { [FIELD[kind]]: seat }), events: pushEvent(game.events, event), updatedAt: at };
}
