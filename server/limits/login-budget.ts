/**
 * The budget of SUCCESSFUL logins (the login brake, login-brake.ts, counts failures). Every login
 * costs a password hash and a token row kept for the token's lifetime, so a script holding a
 * password must not mint them without end. Numbers no person meets:
 * - per account: 10 per 15 minutes (a phone, a tablet and a few browsers signing in again);
 * - per address: 100 per 15 minutes (10× the account's, as for writes: a game store, a school or
 *   a carrier's NAT puts many people behind one address).
 * Only successes spend it, so nobody without the password can use up an owner's budget. The
 * check before the password hash (`assertOpen`) refuses an exhausted budget without hashing;
 * the spend after a verified password is exact (no lease) and is what bounds the tokens: a burst
 * sent at once may hash more than the budget, but never gets more tokens than it. Both are
 * multiplied by RATE_LIMIT_SCALE, like the write budgets.
 * Known limit: a 429 for a username tells that its account exists and was logged into that often.
 */
import { ServerText } from '../../src/contract/users';
import { Limiter } from './limiter';
import { scaled } from './policies';
import type { LimitBackend, LimitSpec } from './store';

export interface LoginBudgetSettings {
  perAccount: LimitSpec;
  perIp: LimitSpec;
}

export const DEFAULT_LOGIN_BUDGET: LoginBudgetSettings = {
  perAccount: { points: 10, durationSeconds: 15 * 60 },
  perIp: { points: 100, durationSeconds: 15 * 60 },
};

export class LoginBudget {
  private readonly perAccount: Limiter;
  private readonly perIp: Limiter;

  constructor(backend: LimitBackend, settings: LoginBudgetSettings, scale = 1) {
    this.perAccount = new Limiter(backend, 'login-ok-account', scaled(settings.perAccount, scale), ServerText.tooManyRequests);
    this.perIp = new Limiter(backend, 'login-ok-ip', scaled(settings.perIp, scale), ServerText.tooManyRequests);
  }

  /** Throws 429 when the account's or the address's budget is already spent; consumes nothing. */
  async assertOpen(accountKey: string, ip: string): Promise<void> {
    await Promise.all([this.perAccount.assertOpen(accountKey), this.perIp.assertOpen(ip)]);
  }

  /** Counts one successful login; throws 429 (no token is issued) when it was one too many. */
  async spend(accountKey: string, ip: string): Promise<void> {
    await Promise.all([this.perAccount.consume(accountKey), this.perIp.consume(ip)]);
  }
}
