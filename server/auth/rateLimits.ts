/**
 * Brute-force brakes on the unauthenticated account routes, in process memory (with several
 * server processes each counts on its own; the limits are per process then).
 *
 * Defaults and why:
 * - login: 10 failed attempts per username per 15 min — guessing stays hopeless, while a
 *   person who mistypes a few times is never stopped; a success clears the username's count.
 * - login: 30 failed attempts per IP per 15 min — one address trying many usernames; high
 *   enough for a household or a game store behind one address.
 * - forgot-password: 5 requests per e-mail per hour — nobody's mailbox gets flooded.
 * - forgot-password: 20 requests per IP per hour.
 */
import { RateLimiterMemory } from 'rate-limiter-flexible';
import { tooManyRequests } from '../errors';
import { ServerText } from '../../src/contract/users';

export interface RateLimit {
  points: number;
  durationSeconds: number;
}

export interface RateLimitSettings {
  loginPerUsername: RateLimit;
  loginPerIp: RateLimit;
  forgotPasswordPerEmail: RateLimit;
  forgotPasswordPerIp: RateLimit;
}

export const DEFAULT_RATE_LIMITS: RateLimitSettings = {
  loginPerUsername: { points: 10, durationSeconds: 15 * 60 },
  loginPerIp: { points: 30, durationSeconds: 15 * 60 },
  forgotPasswordPerEmail: { points: 5, durationSeconds: 60 * 60 },
  forgotPasswordPerIp: { points: 20, durationSeconds: 60 * 60 },
};

export class Limiter {
  private readonly memory: RateLimiterMemory;

  constructor(readonly limit: RateLimit) {
    this.memory = new RateLimiterMemory({ points: limit.points, duration: limit.durationSeconds });
  }

  /** Throws 429 when the key has used up its points; consumes nothing. */
  async assertOpen(key: string): Promise<void> {
    const state = await this.memory.get(key);
    if (state && state.consumedPoints >= this.limit.points) throw tooManyRequests(ServerText.tooManyRequests, state.msBeforeNext / 1000);
  }

  /** Counts one attempt; throws 429 when that was one too many. */
  async consume(key: string): Promise<void> {
    try {
      await this.memory.consume(key);
    } catch (rejection) {
      if (rejection instanceof Error) throw rejection;
      const msBeforeNext = (rejection as { msBeforeNext?: number }).msBeforeNext ?? this.limit.durationSeconds * 1000;
      throw tooManyRequests(ServerText.tooManyRequests, msBeforeNext / 1000);
    }
  }

  async reset(key: string): Promise<void> {
    await this.memory.delete(key);
  }
}

export interface RateLimiters {
  loginPerUsername: Limiter;
  loginPerIp: Limiter;
  forgotPasswordPerEmail: Limiter;
  forgotPasswordPerIp: Limiter;
}

export function createRateLimiters(overrides: Partial<RateLimitSettings> = {}): RateLimiters {
  const settings = { ...DEFAULT_RATE_LIMITS, ...overrides };
  return {
    loginPerUsername: new Limiter(settings.loginPerUsername),
    loginPerIp: new Limiter(settings.loginPerIp),
    forgotPasswordPerEmail: new Limiter(settings.forgotPasswordPerEmail),
    forgotPasswordPerIp: new Limiter(settings.forgotPasswordPerIp),
  };
}
