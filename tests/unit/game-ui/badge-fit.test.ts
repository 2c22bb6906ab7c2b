/** How a tile's chips share its badge row (src/features/game/playmat/table/badge-fit.ts): two rows where possible. */
import { describe, expect, it } from 'vitest';
import { assignRows, chipWidth, cutName, MAX_ROWS, planBadges, rowsFor, textWidth } from '../../../src/features/game/playmat/table/badge-fit';

const damage = (entries: [string, number][]) => entries.map(([name, amount]) => ({ name, amount }));
const status = (...texts: string[]) => texts.map((text) => ({ text }));
const seven = damage([['Alexandrina', 1], ['Bartholomew', 2], ['Christopher', 3], ['Dominique', 4], ['Evangeline', 5], ['Maximilian', 6], ['Gwendolyn', 7]]);
const shown = (plan: ReturnType<typeof planBadges>) => plan.damage.map(({ chip, name }) => `${name} ${chip.amount}`);

describe('badge fit', () => {
  it('estimates text no narrower than Debian Chromium draws it at 14 px bold (measured: "Poison 10" 77 px, "Bartholomew" 105 px)', () => {
    expect(textWidth('Poison 10')).toBeGreaterThanOrEqual(77);
    expect(textWidth('Bartholomew')).toBeGreaterThanOrEqual(104);
    expect(textWidth('Bartholomew')).toBeLessThan(120);
    expect(chipWidth({ text: 'Your turn', icon: true })).toBeGreaterThan(chipWidth({ text: 'Your turn' }));
  });

  it('fills rows first fit, a small chip into the gap a large one left', () => {
    expect(assignRows([50, 80, 40], 110)).toEqual([0, 1, 0]);
    expect(rowsFor([50, 80, 40], 110)).toBe(2);
    expect(rowsFor([50, 50, 50], 160)).toBe(1);
    // Wider than the row: its words wrap, a row per line.
    expect(rowsFor([200], 100)).toBe(2);
    expect(rowsFor([], 100)).toBe(0);
    // A run (the damage chips) keeps its order: none goes back to a row before the one ahead of it.
    expect(assignRows([50, 60, 40, 30], 110)).toEqual([0, 1, 0, 1]);
    expect(assignRows([50, 60, 40, 30], 110, [false, true, true, true])).toEqual([0, 1, 1, 2]);
  });

  it('cuts a name with an ellipsis, never below its first character', () => {
    expect(cutName('Alexandrina', 6)).toBe('Alexa\u2026');
    expect(cutName('Bo', 6)).toBe('Bo');
  });

  it('shows everything whole when it fits, the damage largest first', () => {
    const plan = planBadges('Your turn', status('Poison 1'), damage([['Ben', 3], ['Ana', 21]]), 340);
    expect(plan).toMatchObject({ turn: 'full', hidden: 0, rowCount: 1 });
    expect(shown(plan)).toEqual(['Ana 21', 'Ben 3']);
  });

  it('cuts damage names, then shows the largest amounts and "+n", to stay within two rows', () => {
    expect(shown(planBadges(null, status('Poison 1'), seven, 600))).toEqual(['Gwendolyn 7', 'Maximilian 6', 'Evangeline 5', 'Dominique 4', 'Christopher 3', 'Bartholomew 2', 'Alexandrina 1']);
    const cut = planBadges(null, status('Poison 1'), seven, 440);
    expect(cut.hidden).toBe(0);
    expect(cut.damage.every(({ name }) => name.endsWith('\u2026') && Array.from(name).length <= 8)).toBe(true);
    expect(cut.rowCount).toBeLessThanOrEqual(MAX_ROWS);

    const narrow = planBadges(null, status('Poison 1'), seven, 124);
    expect(narrow.hidden).toBeGreaterThan(0);
    expect(narrow.damage[0]!.chip.amount).toBe(7);
    expect(narrow.damage.length + narrow.hidden).toBe(7);
    expect(narrow.rowCount).toBeLessThanOrEqual(MAX_ROWS);
  });

  it('keeps the turn in words while the damage can give way, then its ▶ alone', () => {
    const roomy = planBadges('Your turn', status('Poison 1'), seven, 304);
    expect(roomy.turn).toBe('full');
    expect(roomy.rowCount).toBeLessThanOrEqual(MAX_ROWS);
    // Eight players on one phone: 89 px between ⋯ and +5.
    const tight = planBadges('Your turn', status('Poison 1'), seven, 89);
    expect(tight).toMatchObject({ turn: 'icon', damage: [], hidden: 7, rowCount: 2 });
  });

  it('always shows the counters and the damage: a lone commander with its name cut short, else "+n"', () => {
    const lone = planBadges(null, status('Poison 1', 'Monarch', 'Energy 2'), damage([['Bartholomew', 4]]), 76);
    expect(lone.hidden).toBe(0);
    expect(shown(lone)).toEqual(['Bar\u2026 4']);
    const many = planBadges('Turn', status('Poison 1', 'Monarch', 'Energy 2'), damage([['Ana', 4], ['Ben', 2]]), 76);
    expect(many).toMatchObject({ turn: 'icon', damage: [], hidden: 2 });
  });
});
