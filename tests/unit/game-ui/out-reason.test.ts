/** Why a player is out, as their tile says it (src/game/out-reason.ts). */
import { describe, expect, it } from 'vitest';
import { outReason, type OutReasonSeat } from '../../../src/game/out-reason';

const SEATS: Record<number, OutReasonSeat> = {
  0: { name: 'Ana', commander: 'Atraxa', partner: null },
  1: { name: 'Ben', commander: 'Tymna the Weaver', partner: 'Thrasios, Triton Hero' },
  2: { name: 'Cy', commander: 'Kenrith', partner: null },
};
const seatOf = (seat: number) => SEATS[seat];
const player = (change: Partial<Parameters<typeof outReason>[0]> = {}) => ({ out: true, lifeTotal: 12, poisonCounters: 0, commanderDamage: {}, ...change });

describe('outReason', () => {
  it('says nothing for a player who is in', () => {
    expect(outReason(player({ out: false, lifeTotal: 0 }), seatOf)).toBeNull();
  });

  it('names the commander damage, the poison or the life that put a player out', () => {
    expect(outReason(player({ commanderDamage: { '2:commander': 21 } }), seatOf)).toBe('Out \u00b7 21 commander damage from Cy');
    expect(outReason(player({ poisonCounters: 10 }), seatOf)).toBe('Out \u00b7 10 poison');
    expect(outReason(player({ poisonCounters: 12 }), seatOf)).toBe('Out \u00b7 12 poison');
    expect(outReason(player({ lifeTotal: 0 }), seatOf)).toBe('Out \u00b7 0 life');
    // "0 or less" is the rule; the tile shows the exact number beside the words.
    expect(outReason(player({ lifeTotal: -7 }), seatOf)).toBe('Out \u00b7 0 life');
  });

  it("names a partner pair's commander, each lethal alone", () => {
    expect(outReason(player({ commanderDamage: { '1:partner': 22, '1:commander': 4 } }), seatOf)).toBe('Out \u00b7 22 commander damage from Ben\u2019s Thrasios');
    expect(outReason(player({ commanderDamage: { '1:commander': 21 } }), seatOf)).toBe('Out \u00b7 21 commander damage from Ben\u2019s Tymna');
  });

  it('names the most specific reason first: the largest lethal damage, then poison, then life', () => {
    const all = player({ lifeTotal: -3, poisonCounters: 11, commanderDamage: { '0:commander': 21, '2:commander': 25, '1:commander': 20 } });
    expect(outReason(all, seatOf)).toBe('Out \u00b7 25 commander damage from Cy');
    expect(outReason(player({ lifeTotal: -3, poisonCounters: 10, commanderDamage: { '0:commander': 20 } }), seatOf)).toBe('Out \u00b7 10 poison');
  });

  it('still says Out when the seat that dealt the damage is unknown, or no rule explains it', () => {
    expect(outReason(player({ commanderDamage: { '5:commander': 21 } }), seatOf)).toBe('Out \u00b7 21 commander damage from Seat 6');
    expect(outReason(player(), seatOf)).toBe('Out');
  });
});
