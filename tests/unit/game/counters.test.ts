import { describe, expect, it } from 'vitest';
import { RECENT_EVENTS_MAX, gameIncrement } from '../../../src/contract/game';
import { GameRuleError, applyIncrement, incrementProblem, isOut } from '../../../src/game/counters';
import { T0, damageState, fourPlayerGame, inc, player, uid } from './helpers';

const AT = '2025-05-01T18:05:00.000Z';
const tymna = { seat: 1, which: 'commander' } as const;
const thrasios = { seat: 1, which: 'partner' } as const;

describe('applyIncrement: life and counters', () => {
  it('changes life, logs the spec’s line, and leaves the input game untouched', () => {
    const game = fourPlayerGame();
    const next = applyIncrement(game, inc(0, 'life', -5, { id: uid(1) }), { at: AT });
    expect(player(next, 0).lifeTotal).toBe(35);
    expect(next.events).toEqual([
      { id: uid(1), at: AT, kind: 'counter', seat: 0, counter: 'life', delta: -5, total: 35, text: 'Ana: life \u22125 (35)' },
    ]);
    expect(next.updatedAt).toBe(AT);
    expect(player(game, 0).lifeTotal).toBe(40);
    expect(game.events).toEqual([]);
    expect(game.updatedAt).toBe(T0);
  });

  it('lets life go negative and marks the player out at 0 or below', () => {
    let game = applyIncrement(fourPlayerGame(), inc(0, 'life', -40));
    expect(player(game, 0)).toMatchObject({ lifeTotal: 0, out: true });
    expect(game.events[0]!.text).toBe('Ana: life \u221240 (0) \u2014 out of the game');
    game = applyIncrement(game, inc(0, 'life', -5));
    expect(player(game, 0)).toMatchObject({ lifeTotal: -5, out: true });
    expect(game.events[0]!.text).toBe('Ana: life \u22125 (\u22125)');
    game = applyIncrement(game, inc(0, 'life', 6));
    expect(player(game, 0)).toMatchObject({ lifeTotal: 1, out: false });
    expect(game.events[0]!.text).toBe('Ana: life +6 (1) \u2014 back in the game');
  });

  it('never takes poison, energy or experience below 0 and logs the delta that applied', () => {
    let game = applyIncrement(fourPlayerGame(), inc(2, 'poison', -1));
    expect(player(game, 2).poisonCounters).toBe(0);
    expect(game.events[0]).toMatchObject({ delta: 0, text: 'Cy: poison already at 0' });

    game = applyIncrement(game, inc(2, 'poison', 2));
    game = applyIncrement(game, inc(2, 'poison', -5));
    expect(player(game, 2).poisonCounters).toBe(0);
    expect(game.events[0]).toMatchObject({ delta: -2, text: 'Cy: poison \u22122 (0)' });

    game = applyIncrement(game, inc(3, 'energy', 3));
    game = applyIncrement(game, inc(3, 'energy', -4));
    game = applyIncrement(game, inc(3, 'experience', 1));
    game = applyIncrement(game, inc(3, 'experience', -2));
    expect(player(game, 3)).toMatchObject({ energyCounters: 0, experienceCounters: 0, lifeTotal: 40 });
    expect(game.events.slice(0, 4).map((e) => e.text)).toEqual([
      'Dee: experience \u22121 (0)',
      'Dee: experience +1 (1)',
      'Dee: energy \u22123 (0)',
      'Dee: energy +3 (3)',
    ]);
  });

  it('marks a player out at 10 poison, not at 9', () => {
    let game = applyIncrement(fourPlayerGame(), inc(2, 'poison', 9));
    expect(player(game, 2)).toMatchObject({ poisonCounters: 9, out: false, lifeTotal: 40 });
    game = applyIncrement(game, inc(2, 'poison', 1));
    expect(player(game, 2)).toMatchObject({ poisonCounters: 10, out: true });
    expect(game.events[0]!.text).toBe('Cy: poison +1 (10) \u2014 out of the game');
  });
});

describe('applyIncrement: commander damage', () => {
  it('records damage per source commander and takes it off life', () => {
    const game = applyIncrement(fourPlayerGame(), inc(0, 'commanderDamage', 3, { id: uid(7), source: tymna }), { at: AT });
    expect(damageState(game, 0)).toEqual({ lifeTotal: 37, commanderDamage: { '1:commander': 3 }, out: false });
    expect(game.events[0]).toEqual({
      id: uid(7),
      at: AT,
      kind: 'counter',
      seat: 0,
      counter: 'commanderDamage',
      delta: 3,
      total: 3,
      source: tymna,
      text: 'Ana took 3 commander damage from Bo\u2019s Tymna',
    });
  });

  it('tracks a partner apart from its pair: 20 + 20 from Tymna and Thrasios is not lethal, 21 from one is', () => {
    let game = applyIncrement(fourPlayerGame(), inc(0, 'life', 10));
    game = applyIncrement(game, inc(0, 'commanderDamage', 20, { source: tymna }));
    game = applyIncrement(game, inc(0, 'commanderDamage', 20, { source: thrasios }));
    expect(damageState(game, 0)).toEqual({
      lifeTotal: 10,
      commanderDamage: { '1:commander': 20, '1:partner': 20 },
      out: false,
    });
    expect(game.events[0]!.text).toBe('Ana took 20 commander damage from Bo\u2019s Thrasios');

    game = applyIncrement(game, inc(0, 'commanderDamage', 1, { source: thrasios }));
    expect(damageState(game, 0)).toEqual({ lifeTotal: 9, commanderDamage: { '1:commander': 20, '1:partner': 21 }, out: true });
    expect(game.events[0]!.text).toBe('Ana took 1 commander damage from Bo\u2019s Thrasios \u2014 out of the game');
  });

  it('keeps damage from different opponents apart', () => {
    let game = applyIncrement(fourPlayerGame(), inc(3, 'commanderDamage', 15, { source: tymna }));
    game = applyIncrement(game, inc(3, 'commanderDamage', 15, { source: { seat: 2, which: 'commander' } }));
    expect(damageState(game, 3)).toEqual({ lifeTotal: 10, commanderDamage: { '1:commander': 15, '2:commander': 15 }, out: false });
  });

  it('clamps a correction at 0, drops the empty entry, and gives back only the life that was taken', () => {
    let game = applyIncrement(fourPlayerGame(), inc(0, 'commanderDamage', 2, { source: tymna }));
    game = applyIncrement(game, inc(0, 'commanderDamage', -5, { source: tymna }));
    expect(damageState(game, 0)).toEqual({ lifeTotal: 40, commanderDamage: {}, out: false });
    expect(game.events[0]).toMatchObject({ delta: -2, text: 'Ana: commander damage from Bo\u2019s Tymna \u22122 (0)' });
    game = applyIncrement(game, inc(0, 'commanderDamage', -1, { source: tymna }));
    expect(damageState(game, 0)).toEqual({ lifeTotal: 40, commanderDamage: {}, out: false });
    expect(game.events[0]).toMatchObject({ delta: 0, text: 'Ana: no commander damage from Bo\u2019s Tymna to remove' });
  });
});

describe('applyIncrement: what it refuses', () => {
  const game = fourPlayerGame();

  it('refuses a partner that does not exist, an empty seat and a finished game', () => {
    const noPartner = inc(0, 'commanderDamage', 1, { source: { seat: 2, which: 'partner' } });
    expect(incrementProblem(game, noPartner)).toBe('Cy has no partner commander.');
    expect(() => applyIncrement(game, noPartner)).toThrow(GameRuleError);
    expect(() => applyIncrement(game, inc(6, 'life', -1))).toThrow('There is no player in seat 7.');
    expect(incrementProblem(game, inc(0, 'commanderDamage', 1, { source: { seat: 5, which: 'commander' } }))).toBe(
      'There is no player in seat 6.',
    );
    expect(() => applyIncrement({ ...game, status: 'FINISHED' }, inc(0, 'life', -1))).toThrow('This game has ended.');
  });

  it('refuses commander damage without a source, a source on another counter, and deltas of 0 or over 100', () => {
    expect(incrementProblem(game, inc(0, 'commanderDamage', 1))).toBe('Commander damage needs its source commander.');
    expect(incrementProblem(game, inc(0, 'life', 1, { source: tymna }))).toBe('Only commander damage and commander tax have a source.');
    expect(incrementProblem(game, inc(0, 'life', 0))).toMatch(/not 0/);
    expect(incrementProblem(game, inc(0, 'life', 101))).toMatch(/-100 to 100/);
    expect(incrementProblem(game, inc(0, 'life', 100))).toBeNull();
  });
});

describe('applyIncrement: exactly once', () => {
  it('ignores an increment whose id is already in the log', () => {
    const increment = inc(0, 'life', -1);
    const once = applyIncrement(fourPlayerGame(), increment);
    const twice = applyIncrement(once, increment);
    expect(twice).toBe(once);
    expect(player(twice, 0).lifeTotal).toBe(39);
    expect(twice.events).toHaveLength(1);
  });

  it('ignores an increment the caller already applied, even when it fell out of the log', () => {
    const increment = inc(0, 'life', -1);
    const game = fourPlayerGame();
    expect(applyIncrement(game, increment, { appliedIds: new Set([increment.id]) })).toBe(game);
  });
});

describe('the recent-events log', () => {
  it(`keeps the newest ${RECENT_EVENTS_MAX} entries, newest first, while totals count every change`, () => {
    let game = fourPlayerGame();
    for (let i = 1; i <= 30; i += 1) game = applyIncrement(game, inc(1, 'life', -1, { id: uid(100 + i) }));
    expect(game.events).toHaveLength(25);
    expect(game.events[0]).toMatchObject({ id: uid(130), text: 'Bo: life \u22121 (10)' });
    expect(game.events[24]).toMatchObject({ id: uid(106), text: 'Bo: life \u22121 (34)' });
    expect(player(game, 1).lifeTotal).toBe(10);
  });
});

describe('isOut', () => {
  it('is true exactly at the lethal thresholds', () => {
    const alive = { lifeTotal: 1, poisonCounters: 9, commanderDamage: { '1:commander': 20, '1:partner': 20 } } as const;
    expect(isOut(alive)).toBe(false);
    expect(isOut({ ...alive, lifeTotal: 0 })).toBe(true);
    expect(isOut({ ...alive, poisonCounters: 10 })).toBe(true);
    expect(isOut({ ...alive, commanderDamage: { '1:commander': 21 } })).toBe(true);
  });
});

describe('gameIncrement schema', () => {
  const base = { id: uid(1), seat: 0, counter: 'life', delta: -5 };
  it('accepts a life change and commander damage with its source', () => {
    expect(gameIncrement.parse(base)).toEqual(base);
    expect(gameIncrement.safeParse({ ...base, counter: 'commanderDamage', source: thrasios }).success).toBe(true);
  });

  it('requires a source exactly for commander damage and bounds the delta', () => {
    const messages = (value: unknown) => gameIncrement.safeParse(value).error?.issues.map((i) => i.message);
    expect(messages({ ...base, counter: 'commanderDamage' })).toEqual(['Commander damage needs its source commander.']);
    expect(messages({ ...base, source: tymna })).toEqual(['Only commander damage and commander tax have a source.']);
    expect(messages({ ...base, delta: 0 })).toEqual(['A change of 0 changes nothing.']);
    expect(gameIncrement.safeParse({ ...base, delta: 101 }).success).toBe(false);
    expect(gameIncrement.safeParse({ ...base, delta: -100 }).success).toBe(true);
    expect(gameIncrement.safeParse({ ...base, delta: 1.5 }).success).toBe(false);
    expect(messages({ ...base, id: 'not-a-uuid' })).toEqual(['id must be a UUID.']);
    expect(gameIncrement.safeParse({ ...base, seat: 8 }).success).toBe(false);
  });
});
