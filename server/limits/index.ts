/**
 * Every rate limit of the server in one place: per-user and per-address write limits
 * (policies.ts), the login brake (login-brake.ts) and the forgot-password limits. REST routes
 * get their write limit from hooks (write-hooks.ts); the sync push and the live socket call
 * `consumeWriteLimit` for each write they accept.
 */
import { createHash } from 'node:crypto';
import { ServerText } from '../../src/contract/users';
import { Limiter } from './limiter';
import { DEFAULT_LOGIN_BRAKE, LoginBrake, type LoginBrakeSettings } from './login-brake';
import { DEFAULT_LOGIN_BUDGET, LoginBudget, type LoginBudgetSettings } from './login-budget';
import { DEFAULT_MAIL_BUDGET, MailBudget, type MailBudgetSettings } from './mail-budget';
import { DEFAULT_READ_POLICIES, DEFAULT_WRITE_POLICIES, READ_KINDS, WRITE_KINDS, scaled, type ReadKind, type WriteKind, type WritePolicy } from './policies';
import type { LimitBackend, LimitSpec } from './store';

export { type ReadKind, type WriteKind } from './policies';
export type { LimitBackend } from './store';

export const LimitText = {
  tooManyWrites: 'Too many requests. Please wait a moment and try again.',
  tooManyReads: 'Too many requests. Please wait a moment and try again.',
} as const;

export interface LimitSettings {
  /** Multiplies every write limit (RATE_LIMIT_SCALE); the login and forgot-password brakes are not scaled. */
  scale: number;
  writes: Record<WriteKind, WritePolicy>;
  /** Budgets of reads that scan (policies.ts), scaled like the writes. */
  reads: Record<ReadKind, WritePolicy>;
  loginBrake: LoginBrakeSettings;
  forgotPasswordPerEmail: LimitSpec;
  forgotPasswordPerIp: LimitSpec;
  /** Successful logins per account and per address (login-budget.ts); scaled. */
  loginBudget: LoginBudgetSettings;
  /** Outgoing mail per recipient and per sender, e-mail changes per account (mail-budget.ts); scaled. */
  mail: MailBudgetSettings;
}

export const DEFAULT_LIMITS: LimitSettings = {
  scale: 1,
  writes: DEFAULT_WRITE_POLICIES,
  reads: DEFAULT_READ_POLICIES,
  loginBrake: DEFAULT_LOGIN_BRAKE,
  // Per (requester address, e-mail): 3 an hour, fewer than the recipient's 5 reset mails an hour
  // (mail-budget.ts), so one address alone cannot use up a victim's reset mails.
  forgotPasswordPerEmail: { points: 3, durationSeconds: 60 * 60 },
  forgotPasswordPerIp: { points: 20, durationSeconds: 60 * 60 },
  loginBudget: DEFAULT_LOGIN_BUDGET,
  mail: DEFAULT_MAIL_BUDGET,
};

/** Settings for tests: any part may be replaced; write policies per kind. */
export interface LimitOverrides {
  scale?: number;
  writes?: Partial<Record<WriteKind, WritePolicy>>;
  reads?: Partial<Record<ReadKind, WritePolicy>>;
  loginBrake?: Partial<LoginBrakeSettings>;
  forgotPasswordPerEmail?: LimitSpec;
  forgotPasswordPerIp?: LimitSpec;
  loginBudget?: Partial<LoginBudgetSettings>;
  mail?: Partial<MailBudgetSettings>;
}

/** Write budgets are spent in leases on a shared store (lease.ts); the brakes count every attempt exactly. */
const LEASED = { leased: true } as const;

interface WriteLimiters {
  perUser?: Limiter;
  perIp: Limiter;
}

export class Limits {
  readonly loginBrake: LoginBrake;
  readonly forgotPasswordPerEmail: Limiter;
  readonly forgotPasswordPerIp: Limiter;
  readonly loginBudget: LoginBudget;
  readonly mail: MailBudget;
  private readonly writes = new Map<WriteKind, WriteLimiters>();
  private readonly reads = new Map<ReadKind, WriteLimiters>();
  /** The multiplier of every budget (RATE_LIMIT_SCALE, or a test's): budgets kept elsewhere (a live socket's frames) scale by it too. */
  readonly scale: number;

  constructor(
    readonly backend: LimitBackend,
    overrides: LimitOverrides = {},
  ) {
    const settings: LimitSettings = {
      ...DEFAULT_LIMITS,
      ...overrides,
      writes: { ...DEFAULT_LIMITS.writes, ...overrides.writes },
      reads: { ...DEFAULT_LIMITS.reads, ...overrides.reads },
      loginBrake: { ...DEFAULT_LIMITS.loginBrake, ...overrides.loginBrake },
      loginBudget: { ...DEFAULT_LIMITS.loginBudget, ...overrides.loginBudget },
      mail: { ...DEFAULT_LIMITS.mail, ...overrides.mail },
    } as LimitSettings;
    this.scale = settings.scale;
    this.loginBrake = new LoginBrake(backend, settings.loginBrake);
    this.forgotPasswordPerEmail = new Limiter(backend, 'forgot-email', settings.forgotPasswordPerEmail, ServerText.tooManyRequests);
    this.forgotPasswordPerIp = new Limiter(backend, 'forgot-ip', settings.forgotPasswordPerIp, ServerText.tooManyRequests);
    this.loginBudget = new LoginBudget(backend, settings.loginBudget, settings.scale);
    this.mail = new MailBudget(backend, settings.mail, settings.scale);
    for (const kind of WRITE_KINDS) {
      const policy = settings.writes[kind];
      this.writes.set(kind, {
        perUser: policy.perUser ? new Limiter(backend, `w-${kind}-user`, scaled(policy.perUser, settings.scale), LimitText.tooManyWrites, LEASED) : undefined,
        perIp: new Limiter(backend, `w-${kind}-ip`, scaled(policy.perIp, settings.scale), LimitText.tooManyWrites, LEASED),
      });
    }
    for (const kind of READ_KINDS) {
      const policy = settings.reads[kind];
      this.reads.set(kind, {
        perUser: policy.perUser ? new Limiter(backend, `r-${kind}-user`, scaled(policy.perUser, settings.scale), LimitText.tooManyReads, LEASED) : undefined,
        perIp: new Limiter(backend, `r-${kind}-ip`, scaled(policy.perIp, settings.scale), LimitText.tooManyReads, LEASED),
      });
    }
  }

  /** Counts one read of `kind` for the address and, when known, the subject (`user:<id>` or a credential); 429 when either is spent. */
  async consumeRead(kind: ReadKind, ip: string, subject: string | null): Promise<void> {
    const found = this.reads.get(kind);
    if (!found) throw new Error(`no read limit named ${kind}`);
    await Promise.all([found.perIp.spend(ip), subject ? found.perUser?.spend(subject) : undefined]);
  }

  /** Counts the subject's side of a read only (the address was counted before authentication). */
  async consumeReadSubject(kind: ReadKind, subject: string): Promise<void> {
    await this.reads.get(kind)?.perUser?.spend(subject);
  }

  private limiters(kind: WriteKind): WriteLimiters {
    const found = this.writes.get(kind);
    if (!found) throw new Error(`no write limit named ${kind}`);
    return found;
  }

  async consumeIp(kind: WriteKind, ip: string): Promise<void> {
    await this.limiters(kind).perIp.spend(ip);
  }

  /** Keyed by the user id, or before authentication by a hash of the bearer credential (no database lookup). */
  async consumeSubject(kind: WriteKind, subject: string): Promise<void> {
    await this.limiters(kind).perUser?.spend(subject);
  }
}

/** `cred:<sha256>`: the per-user budget, counted before the token is looked up. */
export function credentialSubject(bearer: string): string {
  return `cred:${createHash('sha256').update(bearer).digest('base64url')}`;
}

/**
 * Counts one write of `kind` by `userId` (null before there is a user) from `ip`; throws the
 * 429 HttpError (with Retry-After) when either budget is spent. It serves the live socket and
 * each mutation of a batched push (REST routes count the same two budgets in write-hooks.ts).
 * Both counters are counted at once (one round trip on a shared store, not two in a row, for
 * every pushed mutation), as the REST hook does: a write refused by one budget is still counted
 * in the other, as a refused write is counted in its own.
 */
export async function consumeWriteLimit(deps: { limits: Limits }, kind: WriteKind, userId: string | null, ip: string): Promise<void> {
  await Promise.all([deps.limits.consumeIp(kind, ip), userId ? deps.limits.consumeSubject(kind, `user:${userId}`) : undefined]);
}
