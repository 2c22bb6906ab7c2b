/**
 * Who sits where, as the tiles show it: each seat's name, commanders and colour, and the
 * opposing commanders a player can take damage from (each opponent's commander, then partner).
 * Pure; built once per roster change, not per tap, so tiles that did not change are not redrawn.
 */
import type { CommanderSource, Game } from '../../../../contract/game';
import { seatName } from '../../../../game/events';
import { commandersOf } from '../../players';
import { playerColor } from './colors';

export interface SeatInfo {
  seat: number;
  name: string;
  /** 'Atraxa' or 'Tymna // Thrasios'; null when none is named. */
  commanders: string | null;
  commander: string;
  partner: string | null;
  color: string;
  /** An account seat whose player has not accepted the game invitation yet (no userId on it). */
  invited: boolean;
}

export interface DamageSource {
  source: CommanderSource;
  owner: SeatInfo;
  commander: string;
}

export type Roster = Map<number, SeatInfo>;

/** A key that changes exactly when the roster does (names, commanders, seats). */
export function rosterKey(game: Game): string {
  return JSON.stringify(game.participants.map((p) => [p.seatNumber, p.displayName, p.guestName, p.commanderName, p.partnerCommanderName, p.role, p.userId]));
}

export function buildRoster(game: Game): Roster {
  return new Map(
    game.participants.map((p) => [
      p.seatNumber,
      {
        seat: p.seatNumber,
        name: seatName(game, p.seatNumber),
        commanders: commandersOf(p),
        commander: p.commanderName,
        partner: p.partnerCommanderName,
        color: playerColor(p.seatNumber),
        invited: p.role === 'friend' && !p.userId,
      },
    ]),
  );
}

/** Every commander at the table but `seat`'s own: each opponent's commander, then partner, in seat order. */
export function damageSources(roster: Roster, seat: number): DamageSource[] {
  return [...roster.values()]
    .filter((owner) => owner.seat !== seat)
    .flatMap((owner) => {
      const sources: DamageSource[] = [{ source: { seat: owner.seat, which: 'commander' }, owner, commander: owner.commander }];
      if (owner.partner) sources.push({ source: { seat: owner.seat, which: 'partner' }, owner, commander: owner.partner });
      return sources;
    });
}
