/**
 * The recent-events log of a game: newest first, capped at RECENT_EVENTS_MAX, and the
 * exactly-once record of what was applied. Shared by counters, turns and undo.
 */
import { RECENT_EVENTS_MAX, type Game, type GameEvent, type GameParticipant } from '../contract/game';

/** Who applies a change and when; both default to "now" on this device. */
export interface ChangeMeta {
  /** ISO time stamped on the event and on `game.updatedAt`. */
  at?: string;
  /**
   * Ids already applied beyond the visible log. The log keeps only 25 events, so a caller that
   * may see older replays (the server, a merge of long offline queues) passes its full record.
   */
  appliedIds?: ReadonlySet<string>;
}

export function nowIso(): string {
  return new Date().toISOString();
}

/** crypto.randomUUID needs a secure context (HTTPS or localhost), which a PWA has anyway. */
export function newId(): string {
  return crypto.randomUUID();
}

/** True when a change with this id (increment id or turn event id) is already in the game. */
export function isApplied(game: Game, id: string, appliedIds?: ReadonlySet<string>): boolean {
  return (appliedIds?.has(id) ?? false) || game.events.some((event) => event.id === id);
}

/** True when event `eventId` was already reversed: it can be undone only once, from any device. */
export function isUndone(game: Game, eventId: string): boolean {
  return game.events.some((event) => event.kind === 'undo' && event.undoes === eventId);
}

/** Prepends `event` and drops the oldest beyond RECENT_EVENTS_MAX. */
export function pushEvent(events: readonly GameEvent[], event: GameEvent): GameEvent[] {
  return [event, ...events].slice(0, RECENT_EVENTS_MAX);
}

export function participantAt(game: Pick<Game, 'participants'>, seat: number): GameParticipant | undefined {
  return game.participants.find((p) => p.seatNumber === seat);
}

/** The name a player goes by in the log. */
export function seatName(game: Pick<Game, 'participants'>, seat: number): string {
  const player = participantAt(game, seat);
  return player?.displayName || player?.guestName || `Seat ${seat + 1}`;
}

/** A total as the playmat shows it: '35', '−5' (U+2212, the typographic minus). */
export function total(n: number): string {
  return n < 0 ? `\u2212${-n}` : String(n);
}

/** A change: '+5', '−5', '0'. */
export function signed(n: number): string {
  return n > 0 ? `+${n}` : total(n);
}
