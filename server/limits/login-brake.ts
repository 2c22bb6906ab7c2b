/**
 * The login brake: guessing stays hopeless, and an attacker cannot lock the owner out.
 * - Per (username, address) pair: the first FREE failures cost nothing; each further one makes
 *   that pair wait baseDelay × 2^(n − free), capped at maxDelay (1 s, 2 s, 4 s … 15 min). The
 *   owner, logging in from their own address, is not slowed by failures from anyone else's.
 * - Per address, across usernames: 30 failures / 15 min (one machine trying many accounts).
 * - Per account, only for many sources: when failures for one username come from
 *   accountSourceLimit different addresses within an hour (a botnet), the account refuses logins
 *   from addresses it has never succeeded from, until that hour ends. Addresses where the owner
 *   logged in within knownSourceDays keep working, and a password reset lifts the lock.
 * A success clears its pair. Keys use the username's confusable-safe key, so look-alike
 * spellings of one name share one brake. Every refusal is logged as "login brake hit".
 */
import { ServerText } from '../../src/contract/users';
import { tooManyRequests } from '../errors';
import { Limiter } from './limiter';
import type { LimitBackend, LimitSpec } from './store';

export interface LoginBrakeSettings {
  freeFailuresPerPair: number;
  baseDelaySeconds: number;
  maxDelaySeconds: number;
  /** Failures of a pair are forgotten this long after the window started. */
  pairWindowSeconds: number;
  failuresPerIp: LimitSpec;
  accountSourceLimit: number;
  accountWindowSeconds: number;
  knownSourceDays: number;
}

export const DEFAULT_LOGIN_BRAKE: LoginBrakeSettings = {
  freeFailuresPerPair: 5,
  baseDelaySeconds: 1,
  maxDelaySeconds: 15 * 60,
  pairWindowSeconds: 24 * 60 * 60,
  failuresPerIp: { points: 30, durationSeconds: 15 * 60 },
  accountSourceLimit: 20,
  accountWindowSeconds: 60 * 60,
  // In-memory counters expire by setTimeout, which cannot wait past 2^31 ms (24.8 days).
  knownSourceDays: 20,
};

export type BrakeScope = 'pair' | 'ip' | 'account';

export class BrakeHit extends Error {
  constructor(
    readonly scope: BrakeScope,
    readonly retryAfterSeconds: number,
  ) {
    super(`login brake (${scope})`);
  }
}

/** A huge point budget: these limiters count, they never refuse by themselves. */
const COUNTER = 1_000_000_000;

export class LoginBrake {
  private readonly pairFailures: Limiter;
  private readonly pairDelay: Limiter;
  private readonly ipFailures: Limiter;
  private readonly accountSources: Limiter;
  private readonly knownSources: Limiter;

  constructor(
    backend: LimitBackend,
    private readonly settings: LoginBrakeSettings = DEFAULT_LOGIN_BRAKE,
  ) {
    const message = ServerText.tooManyRequests;
    this.pairFailures = new Limiter(backend, 'login-pair', { points: COUNTER, durationSeconds: settings.pairWindowSeconds }, message);
    this.pairDelay = new Limiter(backend, 'login-pair-delay', { points: 1, durationSeconds: settings.maxDelaySeconds }, message);
    this.ipFailures = new Limiter(backend, 'login-ip', settings.failuresPerIp, message);
    this.accountSources = new Limiter(backend, 'login-account', { points: COUNTER, durationSeconds: settings.accountWindowSeconds }, message);
    this.knownSources = new Limiter(backend, 'login-known', { points: COUNTER, durationSeconds: settings.knownSourceDays * 24 * 60 * 60 }, message);
  }

  /** Throws BrakeHit when this attempt must wait; call before checking the password. */
  async check(accountKey: string, ip: string): Promise<void> {
    const pair = `${accountKey}|${ip}`;
    const delay = await this.pairDelay.used(pair);
    if (delay.points > 1) throw new BrakeHit('pair', delay.msBeforeNext / 1000);
    const byIp = await this.ipFailures.used(ip);
    if (byIp.points >= this.settings.failuresPerIp.points) throw new BrakeHit('ip', byIp.msBeforeNext / 1000);
    const sources = await this.accountSources.used(accountKey);
    if (sources.points >= this.settings.accountSourceLimit && (await this.knownSources.used(pair)).points === 0) {
      throw new BrakeHit('account', sources.msBeforeNext / 1000);
    }
  }

  async recordFailure(accountKey: string, ip: string): Promise<void> {
    const pair = `${accountKey}|${ip}`;
    const failures = (await this.pairFailures.consume(pair)).consumedPoints;
    // A pair's first failure in the window is one more source for the account.
    if (failures === 1) await this.accountSources.consume(accountKey);
    await this.ipFailures.consume(ip).catch(() => undefined);
    const beyond = failures - this.settings.freeFailuresPerPair;
    if (beyond >= 0) {
      const seconds = Math.min(this.settings.maxDelaySeconds, this.settings.baseDelaySeconds * 2 ** Math.min(beyond, 30));
      await this.pairDelay.block(pair, seconds);
    }
  }

  async recordSuccess(accountKey: string, ip: string): Promise<void> {
    const pair = `${accountKey}|${ip}`;
    await Promise.all([this.pairFailures.reset(pair), this.pairDelay.reset(pair), this.knownSources.consume(pair)]);
  }

  /** A password reset proves the owner: their account is no longer locked against new addresses. */
  async clearAccount(accountKey: string): Promise<void> {
    await this.accountSources.reset(accountKey);
  }

  static toHttpError(hit: BrakeHit) {
    return tooManyRequests(ServerText.tooManyRequests, hit.retryAfterSeconds);
  }
}
