/**
 * The markers of the table, each a whole-game change logged as a 'marker' event:
 * - the monarch and the initiative: at most one player holds each; a change of hands is last
 *   writer wins. Setting a marker to the player who already holds it changes nothing and logs nothing;
 * - day and night: one state for the table, 'none' until set; last writer wins;
 * - the city's blessing: per player, kept for the rest of the game once gained;
 * - the Ring: a ring-bearer level per player, 0 to RING_LEVEL_MAX, moved one step per change, so
 *   temptations recorded on two phones add up (each applied once by its event id).
 * Each event records what it replaced (`change`, src/contract/table-change.ts) so the story can
 * undo it (table-undo.ts). The caller checks that a change is not a repeat (update.ts).
 */
import { GameText, type Game, type GameEvent } from '../contract/game';
import { GameTableText, RING_LEVEL_MAX, type DayNight, type MarkerKind } from '../contract/game-table';
import { GameRuleError } from './counters';
import { newId, nowIso, participantAt, pushEvent, seatName, type ChangeMeta } from './events';
import { tableOf, withTable } from './table';

const FIELD = { monarch: 'monarchSeat', initiative: 'initiativeSeat' } as const;

export function markerText(game: Game, kind: MarkerKind, seat: number | null): string {
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
  const change = { kind, seat, before: markerHolder(game, kind) };
  const event: GameEvent = { id: meta.eventId ?? newId(), at, kind: 'marker', change, text: markerText(game, kind, seat) };
  if (seat !== null) event.seat = seat;
  return { ...withTable(game, { [FIELD[kind]]: seat }), events: pushEvent(game.events, event), updatedAt: at };
}

/** Day or night for the whole table; 'none' until it is set. */
export function dayNightOf(game: Game): DayNight {
  return tableOf(game).dayNight ?? 'none';
}

export const DAY_NIGHT_TEXT: Record<DayNight, string> = { none: 'It is neither day nor night', day: 'It became day', night: 'It became night' };

/** Sets day or night (last writer wins); setting the state the table is in changes nothing. */
export function setDayNight(game: Game, state: DayNight, meta: ChangeMeta & { eventId?: string } = {}): Game {
  if (game.status !== 'ACTIVE') throw new GameRuleError(GameText.gameEnded);
  if (dayNightOf(game) === state) return game;
  const at = meta.at ?? nowIso();
  const change = { kind: 'dayNight' as const, state, before: dayNightOf(game) };
  const event: GameEvent = { id: meta.eventId ?? newId(), at, kind: 'marker', change, text: DAY_NIGHT_TEXT[state] };
  return { ...withTable(game, { dayNight: state }), events: pushEvent(game.events, event), updatedAt: at };
}

export function blessingText(game: Game, seat: number, blessed: boolean): string {
  const name = seatName(game, seat);
  return blessed ? `${name} got the city's blessing` : `City's blessing taken back from ${name} (a mistaken tap)`;
}

/** True when `seat` has the city's blessing. */
export function hasCityBlessing(game: Game, seat: number): boolean {
  return (tableOf(game).cityBlessing ?? []).includes(seat);
}

/**
 * Gives `seat` the city's blessing, which it keeps for the rest of the game: gaining it again
 * changes nothing. `blessed: false` takes back a mistaken tap (the rules never remove it; the
 * tools sheet offers it only as a correction).
 */
export function setCityBlessing(game: Game, seat: number, blessed: boolean, meta: ChangeMeta & { eventId?: string } = {}): Game {
  if (game.status !== 'ACTIVE') throw new GameRuleError(GameText.gameEnded);
  if (!participantAt(game, seat)) throw new GameRuleError(GameTableText.noSuchPlayer);
  if (hasCityBlessing(game, seat) === blessed) return game;
  const seats = tableOf(game).cityBlessing ?? [];
  const at = meta.at ?? nowIso();
  const change = { kind: 'blessing' as const, seat, blessed };
  const event: GameEvent = { id: meta.eventId ?? newId(), at, kind: 'marker', seat, change, text: blessingText(game, seat, blessed) };
  const cityBlessing = blessed ? [...seats, seat] : seats.filter((s) => s !== seat);
  return { ...withTable(game, { cityBlessing }), events: pushEvent(game.events, event), updatedAt: at };
}

export function ringText(game: Game, seat: number, step: 1 | -1, level: number): string {
  const name = seatName(game, seat);
  return step > 0 ? `The Ring tempted ${name} (level ${level})` : `${name}'s Ring level went back to ${level}`;
}

/** `seat`'s ring-bearer level, 0 (the Ring has not tempted them) to RING_LEVEL_MAX. */
export function ringLevel(game: Game, seat: number): number {
  return tableOf(game).ringLevel?.[String(seat)] ?? 0;
}

/**
 * The Ring tempts `seat` (`step` 1): their level goes up one, to at most RING_LEVEL_MAX. A
 * temptation at the top level is still logged (it still happened, and cards trigger on it) but
 * leaves the level at the top. `step` -1 takes back a mistaken temptation, down to 0; at 0 it
 * changes nothing.
 */
export function stepRing(game: Game, seat: number, step: 1 | -1, meta: ChangeMeta & { eventId?: string } = {}): Game {
  if (game.status !== 'ACTIVE') throw new GameRuleError(GameText.gameEnded);
  if (!participantAt(game, seat)) throw new GameRuleError(GameTableText.noSuchPlayer);
  const before = ringLevel(game, seat);
  const level = Math.min(RING_LEVEL_MAX, Math.max(0, before + step));
  if (step < 0 && level === before) return game;
  const others = Object.entries(tableOf(game).ringLevel ?? {}).filter(([key]) => key !== String(seat));
  const levels = Object.fromEntries(level > 0 ? [...others, [String(seat), level]] : others);
  const at = meta.at ?? nowIso();
  const change = { kind: 'ring' as const, seat, step, before, after: level };
  const event: GameEvent = { id: meta.eventId ?? newId(), at, kind: 'marker', seat, change, text: ringText(game, seat, step, level) };
  return { ...withTable(game, { ringLevel: levels }), events: pushEvent(game.events, event), updatedAt: at };
}
