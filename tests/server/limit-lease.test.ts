/**
 * Write budgets spent in leases (server/limits/lease.ts) over a shared fixed-window counter:
 * rate-limiter-flexible's own in-memory limiter stands for the PostgreSQL or Redis store, and two
 * LeasedBudgets on one counter for two server processes.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { HttpError } from '../../server/errors';
import { LEASE_MAX, LeasedBudget, leaseSize, type StoreAnswer } from '../../server/limits/lease';

afterEach(() => {
  vi.useRealTimers();
});

function sharedStore(points: number, durationSeconds = 60) {
  const counter = new RateLimiterMemory({ points, duration: durationSeconds });
  const calls: number[] = [];
  const take = async (key: string, asked: number): Promise<StoreAnswer> => {
    calls.push(asked);
    try {
      const res = await counter.consume(key, asked);
      return { granted: true, remainingPoints: res.remainingPoints, msBeforeNext: res.msBeforeNext };
    } catch (rejection) {
      return { granted: false, msBeforeNext: (rejection as RateLimiterRes).msBeforeNext };
    }
  };
  return { take, calls, budget: () => new LeasedBudget(take, leaseSize(points), 'Too many') };
}

/** How many of `count` writes went through, one after another. */
async function spend(budget: LeasedBudget, key: string, count: number): Promise<number> {
  let accepted = 0;
  for (let i = 0; i < count; i++) {
    try {
      await budget.consume(key);
      accepted += 1;
    } catch (error) {
      expect(error).toBeInstanceOf(HttpError);
      expect((error as HttpError).statusCode).toBe(429);
    }
  }
  return accepted;
}

describe('leased write budgets', () => {
  it('a lease is a tenth of the budget, at least 1 and at most LEASE_MAX', () => {
    expect([leaseSize(1), leaseSize(10), leaseSize(30), leaseSize(60), leaseSize(300), leaseSize(600_000)]).toEqual([1, 1, 3, 6, LEASE_MAX, LEASE_MAX]);
  });

  it('in one process the budget is exact: 60 messages a minute go through, the 61st is refused with Retry-After, in 11 store round trips', async () => {
    const store = sharedStore(60);
    const budget = store.budget();
    expect(await spend(budget, 'user:a', 60)).toBe(60);
    const refused = await budget.consume('user:a').catch((error: HttpError) => error);
    expect(refused).toBeInstanceOf(HttpError);
    expect((refused as HttpError).statusCode).toBe(429);
    expect(Number((refused as HttpError).headers?.['retry-after'])).toBeGreaterThan(0);
    expect(store.calls).toEqual([6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 1]);
    // A flood after the refusal costs no round trip.
    expect(await spend(budget, 'user:a', 50)).toBe(0);
    expect(store.calls).toHaveLength(11);
  });

  it('a budget that is not a multiple of the lease is still spent to the last point', async () => {
    const store = sharedStore(25);
    expect(await spend(store.budget(), 'user:b', 30)).toBe(25);
  });

  it('a large budget costs one store round trip in LEASE_MAX writes (the last one already taken for the next write)', async () => {
    const store = sharedStore(600_000);
    expect(await spend(store.budget(), 'ip:1', 100)).toBe(100);
    expect(store.calls).toHaveLength(100 / LEASE_MAX + 1);
  });

  it('the write that spends a lease\'s last point starts the next lease, and the next write does not wait for the store', async () => {
    const asked: Array<() => void> = [];
    const budget = new LeasedBudget(
      (_key, points) =>
        new Promise<StoreAnswer>((resolve) => asked.push(() => resolve({ granted: true, remainingPoints: 1000 - points, msBeforeNext: 60_000 }))),
      5,
      'Too many',
    );
    const first = budget.consume('user:g');
    expect(asked).toHaveLength(1);
    asked[0]!();
    await first;
    for (let i = 0; i < 3; i++) await budget.consume('user:g');
    expect(asked).toHaveLength(1);
    await budget.consume('user:g');
    // The fifth write spent the last point and did not wait: the next lease is on its way.
    expect(asked).toHaveLength(2);
    asked[1]!();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(budget.held('user:g')).toBe(5);
    await budget.consume('user:g');
    expect(asked).toHaveLength(2);
    expect(budget.held('user:g')).toBe(4);
  });

  it('one-point leases (a small budget) are never taken ahead: each write counts its own point', async () => {
    const store = sharedStore(10);
    expect(await spend(store.budget(), 'ip:2', 3)).toBe(3);
    expect(store.calls).toEqual([1, 1, 1]);
  });

  it('a lease taken ahead that fails is not an error of the write that started it; the next write asks again', async () => {
    let takes = 0;
    const budget = new LeasedBudget(
      async () => {
        takes += 1;
        if (takes === 2) throw new Error('store down');
        return { granted: true, remainingPoints: 50, msBeforeNext: 60_000 };
      },
      3,
      'Too many',
    );
    for (let i = 0; i < 3; i++) await budget.consume('user:h');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(takes).toBe(2);
    expect(budget.held('user:h')).toBe(0);
    await budget.consume('user:h');
    expect(takes).toBe(3);
    expect(budget.held('user:h')).toBe(2);
  });

  it('writes of one key arriving together wait for one lease instead of asking for one each', async () => {
    const store = sharedStore(600);
    const budget = store.budget();
    await Promise.all(Array.from({ length: 8 }, () => budget.consume('user:c')));
    expect(store.calls).toEqual([10]);
    expect(budget.held('user:c')).toBe(2);
  });

  it('two processes on one counter never let more than the budget through, and refuse at most two leases early', async () => {
    for (const points of [60, 100, 37]) {
      const store = sharedStore(points);
      const processes = [store.budget(), store.budget()];
      let accepted = 0;
      for (let i = 0; i < points * 2; i++) {
        const on = processes[Math.floor(Math.random() * 2)]!;
        accepted += await spend(on, 'user:d', 1);
      }
      expect(accepted).toBeLessThanOrEqual(points);
      // Each process may hold one whole lease unspent (renewed ahead), plus the refused ask.
      expect(accepted).toBeGreaterThanOrEqual(points - 2 * leaseSize(points));
    }
  });

  it('a lease ends with its window: the next window starts a fresh one, and a refusal ends there too', async () => {
    vi.useFakeTimers();
    const store = sharedStore(20, 60);
    const budget = store.budget();
    expect(await spend(budget, 'user:e', 25)).toBe(20);
    vi.advanceTimersByTime(60_001);
    expect(await spend(budget, 'user:e', 1)).toBe(1);
    expect(budget.held('user:e')).toBe(1);
    vi.advanceTimersByTime(60_001);
    expect(budget.held('user:e')).toBe(0);
  });

  it('a store error is the write\'s error, and the next write asks again', async () => {
    let fail = true;
    const budget = new LeasedBudget(
      async () => {
        if (fail) throw new Error('store down');
        return { granted: true, remainingPoints: 50, msBeforeNext: 60_000 };
      },
      10,
      'Too many',
    );
    await expect(budget.consume('user:f')).rejects.toThrow('store down');
    fail = false;
    await budget.consume('user:f');
    expect(budget.held('user:f')).toBe(9);
  });
});
