/**
 * Write budgets counted in leases: a process takes several points of a key's shared counter in
 * one store round trip and spends them in memory, so most writes pay no counter round trip on
 * PostgreSQL or Redis (one in LEASE_MAX at most for a large budget, one in six for the message
 * budget of 60 a minute).
 *
 * Invariants:
 * - never more writes than the budget: every point spent was first counted in the shared store,
 *   whose counter refuses a lease that would go past the budget;
 * - in one process the budget is exact: the next lease asks for no more than the store said was
 *   left (`remainingPoints`), and a lease never outlives its window (`msBeforeNext`);
 * - concurrent writes of one key without a lease wait for one store round trip, not one each;
 * - a refused lease blocks the key in memory until its window ends (the store refuses everything
 *   until then anyway), so a flood costs no round trip per write;
 * - a lease of more than one point is renewed AHEAD: the write that spends its last point starts
 *   the next lease's round trip without waiting for it, so the next write usually finds its
 *   points in memory (on PostgreSQL that round trip was one write in ten's extra ~0.3 ms). A
 *   budget of one-point leases (small budgets: sign-ups, resets) is never renewed ahead: a
 *   point taken for a write that never comes would be a real write refused.
 * Known limit: across several processes a user can be refused early, by the points other
 *   processes hold unspent (at most one lease each, renewed ahead) plus one lease that asked for
 *   more than was left; and points held by a process that stops are spent for the rest of their
 *   window. The budget is never exceeded.
 */
import { tooManyRequests } from '../errors';

/** A lease is at most this fraction of the budget (a tenth), so the early refusal above stays small. */
export const LEASE_FRACTION = 10;
/** … and at most this many points: for a large budget, one write in ten still counts in the store. */
export const LEASE_MAX = 10;
/** Keys with a lease held in memory, beyond which the oldest go first (~100 bytes each). */
export const LEASE_MAX_KEYS = 100_000;

export function leaseSize(points: number): number {
  return Math.max(1, Math.min(LEASE_MAX, Math.floor(points / LEASE_FRACTION)));
}

/** What the shared store answered to a request for `points` of a key. */
export type StoreAnswer = { granted: true; remainingPoints: number; msBeforeNext: number } | { granted: false; msBeforeNext: number };

interface Lease {
  /** Points taken from the store and not spent yet. */
  left: number;
  /** Date.now() at which the store's window ends: the lease is void from then on. */
  until: number;
  /** Points the next lease asks for: no more than the store had left. */
  next: number;
  /** The store refused: every write is refused until `until`. */
  refused: boolean;
  /** A lease request in flight for this key. */
  taking?: Promise<void>;
}

export class LeasedBudget {
  private readonly leases = new Map<string, Lease>();

  constructor(
    /** Counts `points` of `key` in the shared store. */
    private readonly take: (key: string, points: number) => Promise<StoreAnswer>,
    readonly size: number,
    /** The 429's message. */
    private readonly message: string,
  ) {}

  /** Spends one point of `key`; throws the 429 HttpError (Retry-After: the window's end) when the budget is spent. */
  async consume(key: string): Promise<void> {
    for (;;) {
      const now = Date.now();
      let lease = this.leases.get(key);
      if (lease && lease.until <= now && !lease.taking) {
        this.leases.delete(key);
        lease = undefined;
      }
      if (lease?.taking) {
        await lease.taking;
        continue;
      }
      if (lease?.refused) throw tooManyRequests(this.message, (lease.until - now) / 1000);
      if (lease && lease.left > 0) {
        lease.left -= 1;
        if (lease.left === 0 && this.size > 1) this.renewAhead(key, lease.next);
        return;
      }
      await this.renew(key, lease?.next ?? this.size);
    }
  }

  /** Points held in memory for `key` (tests). */
  held(key: string): number {
    const lease = this.leases.get(key);
    return lease && lease.until > Date.now() ? lease.left : 0;
  }

  /** A failure here is not this write's: the next write of the key asks again and gets it. */
  private renewAhead(key: string, points: number): void {
    this.renew(key, points).catch(() => undefined);
  }

  private async renew(key: string, points: number): Promise<void> {
    const lease: Lease = { left: 0, until: Number.POSITIVE_INFINITY, next: this.size, refused: false };
    this.leases.delete(key);
    this.leases.set(key, lease);
    this.evict();
    let answered!: () => void;
    lease.taking = new Promise((resolve) => (answered = resolve));
    try {
      const answer = await this.take(key, points);
      lease.until = Date.now() + answer.msBeforeNext;
      if (answer.granted) {
        lease.left = points;
        lease.next = Math.max(1, Math.min(this.size, answer.remainingPoints));
      } else {
        lease.refused = true;
      }
    } catch (error) {
      this.leases.delete(key);
      throw error;
    } finally {
      lease.taking = undefined;
      answered();
    }
  }

  /** Drops the oldest key beyond LEASE_MAX_KEYS, and an expired one at the front on every renewal. */
  private evict(): void {
    const [oldestKey, oldest] = this.leases.entries().next().value ?? [];
    if (oldestKey === undefined || !oldest || oldest.taking) return;
    if (this.leases.size > LEASE_MAX_KEYS || oldest.until <= Date.now()) this.leases.delete(oldestKey);
  }
}
