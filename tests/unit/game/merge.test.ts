import { describe, expect, it } from 'vitest';
import type { GameIncrement } from '../../../src/contract/game';
import { applyIncrement } from '../../../src/game/counters';
import { applyAll, mergeIncrements, rebase } from '../../../src/game/merge';
import { shuffle } from '../../../src/game/shuffle';
import { undoLast } from '../../../src/game/undo';
import { fourPlayerGame, inc, player, seeded, totals, uid } from './helpers';

const tymna = { seat: 1, which: 'commander' } as const;
const kenrith = { seat: 2, which: 'commander' } as const;

// Two devices at the same table, both offline: the phone tracks Ana and Bo, the tablet Cy and Dee,
// and both touched Ana's life. No change crosses the 0 clamp.
const phone: GameIncrement[] = [
  inc(0, 'life', -5, { id: uid(1) }),
  inc(0, 'commanderDamage', 6, { id: uid(2), source: tymna }),
  inc(1, 'poison', 3, { id: uid(3) }),
  inc(1, 'energy', 2, { id: uid(4) }),
];
const tablet: GameIncrement[] = [
  inc(0, 'life', -1, { id: uid(11) }),
  inc(3, 'commanderDamage', 7, { id: uid(12), source: kenrith }),
  inc(2, 'experience', 1, { id: uid(13) }),
  inc(2, 'life', 4, { id: uid(14) }),
];

const expected = [
  { seat: 0, life: 40 - 5 - 6 - 1, poison: 0, energy: 0, experience: 0, commanderDamage: { '1:commander': 6 }, out: false },
  { seat: 1, life: 40, poison: 3, energy: 2, experience: 0, commanderDamage: {}, out: false },
  { seat: 2, life: 44, poison: 0, energy: 0, experience: 1, commanderDamage: {}, out: false },
  { seat: 3, life: 33, poison: 0, energy: 0, experience: 0, commanderDamage: { '2:commander': 7 }, out: false },
];

describe('merging offline increments from two devices', () => {
  it('adds both devices’ edits up, with the same totals in either order', () => {
    const base = fourPlayerGame();
    const phoneFirst = mergeIncrements(base, phone, tablet);
    const tabletFirst = mergeIncrements(base, tablet, phone);
    expect(totals(phoneFirst)).toEqual(expected);
    expect(totals(tabletFirst)).toEqual(expected);
    // The log follows application order; only the totals are order-free.
    expect(phoneFirst.events[0]!.id).toBe(uid(14));
    expect(tabletFirst.events[0]!.id).toBe(uid(4));
  });

  it('gives the same totals for any interleaving of the union', () => {
    const base = fourPlayerGame();
    const random = seeded(42);
    for (let round = 0; round < 25; round += 1) {
      const order = shuffle([...phone, ...tablet], random);
      expect(totals(applyAll(base, order).game)).toEqual(expected);
    }
  });

  it('applies an increment both devices carry only once', () => {
    const base = fourPlayerGame();
    const shared = inc(0, 'life', -3, { id: uid(20) });
    const merged = mergeIncrements(base, [...phone, shared], [shared, ...tablet, shared]);
    expect(player(merged, 0).lifeTotal).toBe(expected[0]!.life - 3);
    expect(merged.events.filter((e) => e.id === uid(20))).toHaveLength(1);
    expect(merged.events).toHaveLength(9);
  });

  it('stays exactly-once when the lists are longer than the 25-entry log', () => {
    const base = fourPlayerGame();
    const long = Array.from({ length: 30 }, (_, i) => inc(1, 'life', -1, { id: uid(200 + i) }));
    const merged = mergeIncrements(base, long, [...long].reverse());
    expect(player(merged, 1).lifeTotal).toBe(10);
    const result = applyAll(base, [...long, ...long]);
    expect(result.applied).toHaveLength(30);
    expect(result.duplicates).toEqual(long.map((i) => i.id));
  });

  it('counts an undo of the same event from both devices once', () => {
    const base = applyIncrement(fourPlayerGame(), inc(0, 'life', -5, { id: uid(30) }));
    const a = undoLast(base, uid(31));
    const b = undoLast(base, uid(32));
    if (a?.kind !== 'increment' || b?.kind !== 'increment') throw new Error('expected increments');
    const merged = mergeIncrements(base, [a.increment], [b.increment]);
    expect(player(merged, 0).lifeTotal).toBe(40);
    // Also when the first undo has left the 25-entry log by the time the second one arrives.
    const busy = Array.from({ length: 30 }, (_, i) => inc(2, 'life', -1, { id: uid(300 + i) }));
    const late = mergeIncrements(base, [a.increment], [...busy, b.increment]);
    expect(player(late, 0).lifeTotal).toBe(40);
    expect(player(late, 2).lifeTotal).toBe(10);
  });

  it('documents the clamp caveat: at 0 the order decides', () => {
    const base = fourPlayerGame();
    const add = inc(2, 'poison', 1);
    const remove = inc(2, 'poison', -1);
    expect(player(mergeIncrements(base, [add], [remove]), 2).poisonCounters).toBe(0);
    expect(player(mergeIncrements(base, [remove], [add]), 2).poisonCounters).toBe(1);
  });
});

describe('rebase', () => {
  it('shows the server’s game with this device’s pending increments on top, none twice', () => {
    const base = fourPlayerGame();
    // The server got the tablet's changes, and the phone's first two (whose answers were lost).
    const server = mergeIncrements(base, tablet, phone.slice(0, 2));
    const shown = rebase(server, phone);
    expect(totals(shown)).toEqual(expected);
    expect(shown.events[0]!.id).toBe(uid(4));
  });

  it('skips what the caller knows the server applied even when it left the log', () => {
    const base = fourPlayerGame();
    const pending = inc(0, 'life', -2, { id: uid(40) });
    const server = applyIncrement(base, pending);
    const serverWithoutLog = { ...server, events: [] };
    expect(player(rebase(serverWithoutLog, [pending], { appliedIds: new Set([uid(40)]) }), 0).lifeTotal).toBe(38);
    expect(player(rebase(server, [pending]), 0).lifeTotal).toBe(38);
  });

  it('takes the server’s clamp and applies the pending change on top of it', () => {
    const base = applyIncrement(fourPlayerGame(), inc(2, 'poison', 1));
    // Another device removed the poison counter first; this device's −1 now finds nothing.
    const server = applyIncrement(base, inc(2, 'poison', -1));
    const shown = rebase(server, [inc(2, 'poison', -1), inc(2, 'life', -2)]);
    expect(player(shown, 2)).toMatchObject({ poisonCounters: 0, lifeTotal: 38 });
  });

  it('leaves out increments the server will refuse', () => {
    const finished = { ...fourPlayerGame(), status: 'FINISHED' as const };
    const pending = inc(0, 'life', -2, { id: uid(50) });
    expect(rebase(finished, [pending])).toBe(finished);
    expect(applyAll(finished, [pending]).rejected).toEqual([{ id: uid(50), reason: 'This game has ended.' }]);
  });
});
