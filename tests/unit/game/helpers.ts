import { createGameBody, type CounterKind, type CommanderSource, type Game, type GameIncrement } from '../../../src/contract/game';
import { layoutFor } from '../../../src/game/layouts';
import { startGame } from '../../../src/game/start';

/** A valid, readable UUID v4 for test ids: uid(1) → 00000000-0000-4000-8000-000000000001. */
export function uid(n: number): string {
  return `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
}

export const T0 = '2025-05-01T18:00:00.000Z';

/**
 * Ana (seat 0, Atraxa), Bo (seat 1, Tymna // Thrasios), Cy (seat 2, Kenrith), Dee (guest, seat 3,
 * Edgar Markov). Ana goes first.
 */
export function fourPlayerGame(): Game {
  const body = createGameBody.parse({
    id: uid(9000),
    layoutPreset: 'quad-grid',
    seats: layoutFor(4, 'quad-grid').seats,
    activeSeat: 0,
    startTime: T0,
    participants: [
      { seatNumber: 0, role: 'self', displayName: 'Ana', userId: 'u-ana', deckId: 'd-ana', commanderName: 'Atraxa' },
      {
        seatNumber: 1,
        role: 'friend',
        displayName: 'Bo',
        userId: 'u-bo',
        deckName: 'Blitz',
        commanderName: 'Tymna',
        partnerCommanderName: 'Thrasios',
      },
      { seatNumber: 2, role: 'pod', displayName: 'Cy', userId: 'u-cy', deckName: 'Knights', commanderName: 'Kenrith' },
      {
        seatNumber: 3,
        role: 'guest',
        displayName: 'Dee',
        guestName: 'Dee',
        accountEmail: 'dee@example.test',
        deckName: 'Vampires',
        commanderName: 'Edgar Markov',
      },
    ],
  });
  return startGame(body, { createdById: 'u-ana', at: T0 });
}

let next = 1;
/** An increment with a fresh id (or the one given). */
export function inc(
  seat: number,
  counter: CounterKind,
  delta: number,
  extra: { id?: string; source?: CommanderSource; undoes?: string } = {},
): GameIncrement {
  const increment: GameIncrement = { id: extra.id ?? uid(next++), seat, counter, delta };
  if (extra.source) increment.source = extra.source;
  if (extra.undoes) increment.undoes = extra.undoes;
  return increment;
}

export function player(game: Game, seat: number) {
  const found = game.participants.find((p) => p.seatNumber === seat);
  if (!found) throw new Error(`no player in seat ${seat}`);
  return found;
}

/** Life, commander damage (compared exactly: no stray entries) and out, of one player. */
export function damageState(game: Game, seat: number) {
  const { lifeTotal, commanderDamage, out } = player(game, seat);
  return { lifeTotal, commanderDamage, out };
}

/** Everything a merge must agree on: every counter of every player. */
export function totals(game: Game) {
  return game.participants.map((p) => ({
    seat: p.seatNumber,
    life: p.lifeTotal,
    poison: p.poisonCounters,
    energy: p.energyCounters,
    experience: p.experienceCounters,
    commanderDamage: p.commanderDamage,
    out: p.out,
  }));
}

/** Deterministic [0, 1) generator (mulberry32) for statistical tests that must not flake. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
