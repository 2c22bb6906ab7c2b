/**
 * One named limit over a store (store.ts), with the 429 answer built in. A write budget
 * (`leased`) on a shared store is spent through leases (lease.ts): most writes count in memory.
 */
import type { RateLimiterAbstract, RateLimiterRes } from 'rate-limiter-flexible';
import { tooManyRequests } from '../errors';
import { LeasedBudget, leaseSize, type StoreAnswer } from './lease';
import { createLimiter, type LimitBackend, type LimitSpec } from './store';

export class Limiter {
  private readonly store: RateLimiterAbstract;
  /** Set for a leased budget on PostgreSQL or Redis; in process memory a count costs no round trip. */
  readonly leases: LeasedBudget | undefined;

  constructor(
    backend: LimitBackend,
    readonly name: string,
    readonly spec: LimitSpec,
    /** The 429's message. */
    private readonly message: string,
    options: { leased?: boolean } = {},
  ) {
    this.store = createLimiter(backend, name, spec);
    if (options.leased && backend.kind !== 'memory') this.leases = new LeasedBudget((key, points) => this.take(key, points), leaseSize(spec.points), message);
  }

  /** Spends one point of a write budget (leased where it is set up); throws 429 when it is spent. */
  async spend(key: string): Promise<void> {
    if (this.leases) await this.leases.consume(key);
    else await this.consume(key);
  }

  private async take(key: string, points: number): Promise<StoreAnswer> {
    try {
      const granted = await this.store.consume(key, points);
      return { granted: true, remainingPoints: granted.remainingPoints, msBeforeNext: granted.msBeforeNext };
    } catch (rejection) {
      if (rejection instanceof Error) throw rejection;
      return { granted: false, msBeforeNext: this.msLeftIn(rejection) };
    }
  }

  /** How long the refused key's window still runs (a rejection is the store's RateLimiterRes, not an Error). */
  private msLeftIn(rejection: unknown): number {
    return (rejection as RateLimiterRes).msBeforeNext ?? this.spec.durationSeconds * 1000;
  }

  /** Counts one use; throws 429 (Retry-After = until the window ends) when that was one too many. */
  async consume(key: string, points = 1): Promise<RateLimiterRes> {
    try {
      return await this.store.consume(key, points);
    } catch (rejection) {
      if (rejection instanceof Error) throw rejection;
      throw tooManyRequests(this.message, this.msLeftIn(rejection) / 1000);
    }
  }

  /** Throws 429 when the key has used up its points; consumes nothing. */
  async assertOpen(key: string): Promise<void> {
    const state = await this.store.get(key);
    if (state && state.consumedPoints >= this.spec.points) throw tooManyRequests(this.message, state.msBeforeNext / 1000);
  }

  /** Points used in the current window (0 when none). */
  async used(key: string): Promise<{ points: number; msBeforeNext: number }> {
    const state = await this.store.get(key);
    return { points: state?.consumedPoints ?? 0, msBeforeNext: state?.msBeforeNext ?? 0 };
  }

  /** Marks the key as over its limit for `seconds` (the login brake's delay). */
  async block(key: string, seconds: number): Promise<void> {
    await this.store.block(key, seconds);
  }

  async reset(key: string): Promise<void> {
    await this.store.delete(key);
  }
}
