import { describe, expect, it } from 'vitest';
import { moveSeat, shuffle } from '../../../src/game/shuffle';
import { seeded } from './helpers';

describe('shuffle', () => {
  it('follows Fisher–Yates with the injected random source', () => {
    expect(shuffle(['a', 'b', 'c', 'd'], () => 0)).toEqual(['b', 'c', 'd', 'a']);
    expect(shuffle(['a', 'b', 'c', 'd'], () => 0.999)).toEqual(['a', 'b', 'c', 'd']);
    expect(shuffle(['a', 'b', 'c', 'd'], () => 1)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('returns a new permutation and leaves the input alone', () => {
    const seats = ['Ana', 'Bo', 'Cy', 'Dee', 'Eve'];
    const shuffled = shuffle(seats, seeded(1));
    expect(seats).toEqual(['Ana', 'Bo', 'Cy', 'Dee', 'Eve']);
    expect([...shuffled].sort()).toEqual([...seats].sort());
    expect(shuffle([], Math.random)).toEqual([]);
  });

  it('makes every order equally likely', () => {
    const random = seeded(7);
    const counts = new Map<string, number>();
    const runs = 60_000;
    for (let i = 0; i < runs; i += 1) {
      const key = shuffle(['a', 'b', 'c'], random).join('');
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    expect([...counts.keys()].sort()).toEqual(['abc', 'acb', 'bac', 'bca', 'cab', 'cba']);
    // Each order expects 10 000 (σ ≈ 91); the classic biased swap gives ~8 900 to ~11 100.
    for (const count of counts.values()) expect(Math.abs(count - runs / 6)).toBeLessThan(400);
  });
});

describe('moveSeat', () => {
  const order = ['Ana', 'Bo', 'Cy', 'Dee'];
  it('moves one seat and keeps the others in order', () => {
    expect(moveSeat(order, 0, 2)).toEqual(['Bo', 'Cy', 'Ana', 'Dee']);
    expect(moveSeat(order, 3, 0)).toEqual(['Dee', 'Ana', 'Bo', 'Cy']);
    expect(moveSeat(order, 1, 1)).toEqual(order);
    expect(order).toEqual(['Ana', 'Bo', 'Cy', 'Dee']);
  });

  it('refuses indexes outside the order', () => {
    expect(() => moveSeat(order, 4, 0)).toThrow(RangeError);
    expect(() => moveSeat(order, 0, -1)).toThrow(RangeError);
  });
});
