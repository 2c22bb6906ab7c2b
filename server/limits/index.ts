/**
 * Every rate limit of the server in one place: per-user and per-address write limits
 * (policies.ts), the login brake (loginBrake.ts) and the forgot-password limits. REST routes
 * get their write limit from hooks (writeHooks.ts); the sync push and the live socket call
 * `consumeWriteLimit` for each write they accept.
 */
import { createHash } from 'node:crypto';
import { ServerText } from '../../src/contract/users';
import { Limiter } from './limiter';
import { DEFAULT_LOGIN_BRAKE, LoginBrake, type LoginBrakeSettings } from './loginBrake';
import { DEFAULT_WRITE_POLICIES, WRITE_KINDS, scaled, type WriteKind, type WritePolicy } from './policies';
import type { LimitBackend, LimitSpec } from './store';

export { type WriteKind } from './policies';
export type { LimitBackend } from './store';

export const LimitText = {
  tooManyWrites: 'Too many requests. Please wait a moment and try again.',
} as const;

export interface LimitSettings {
  /** Multiplies every write limit (RATE_LIMIT_SCALE); the login and forgot-password brakes are not scaled. */
  scale: number;
  writes: Record<WriteKind, WritePolicy>;
  loginBrake: LoginBrakeSettings;
  forgotPasswordPerEmail: LimitSpec;
  forgotPasswordPerIp: LimitSpec;
}

export const DEFAULT_LIMITS: LimitSettings = {
  scale: 1,
  writes: DEFAULT_WRITE_POLICIES,
  loginBrake: DEFAULT_LOGIN_BRAKE,
  // Nobody's mailbox gets flooded: 5 reset mails per address and 20 per sender address per hour.
  forgotPasswordPerEmail: { points: 5, durationSeconds: 60 * 60 },
  forgotPasswordPerIp: { points: 20, durationSeconds: 60 * 60 },
};

/** Settings for tests: any part may be replaced; write policies per kind. */
export interface LimitOverrides {
  scale?: number;
  writes?: Partial<Record<WriteKind, WritePolicy>>;
  loginBrake?: Partial<LoginBrakeSettings>;
  forgotPasswordPerEmail?: LimitSpec;
  forgotPasswordPerIp?: LimitSpec;
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
  private readonly writes = new Map<WriteKind, WriteLimiters>();

  constructor(
    readonly backend: LimitBackend,
    overrides: LimitOverrides = {},
  ) {
    const settings: LimitSettings = {
      ...DEFAULT_LIMITS,
      ...overrides,
      writes: { ...DEFAULT_LIMITS.writes, ...overrides.writes },
      loginBrake: { ...DEFAULT_LIMITS.loginBrake, ...overrides.loginBrake },
    } as LimitSettings;
    this.loginBrake = new LoginBrake(backend, settings.loginBrake);
    this.forgotPasswordPerEmail = new Limiter(backend, 'forgot-email', settings.forgotPasswordPerEmail, ServerText.tooManyRequests);
    this.forgotPasswordPerIp = new Limiter(backend, 'forgot-ip', settings.forgotPasswordPerIp, ServerText.tooManyRequests);
    for (const kind of WRITE_KINDS) {
      const policy = settings.writes[kind];
      this.writes.set(kind, {
        perUser: policy.perUser ? new Limiter(backend, `w-${kind}-user`, scaled(policy.perUser, settings.scale), LimitText.tooManyWrites, LEASED) : undefined,
        perIp: new Limiter(backend, `w-${kind}-ip`, scaled(policy.perIp, settings.scale), LimitText.tooManyWrites, LEASED),
      });
    }
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
 * each mutation of a batched push (REST routes count the same two budgets in writeHooks.ts).
 * Both counters are counted at once (one round trip on a shared store, not two in a row, for
 * every pushed mutation), as the REST hook does: a write refused by one budget is still counted
 * in the other, as a refused write is counted in its own.
 */
export async function consumeWriteLimit(deps: { limits: Limits }, kind: WriteKind, userId: string | null, ip: string): Promise<void> {
  await Promise.all([deps.limits.consumeIp(kind, ip), userId ? deps.limits.consumeSubject(kind, `user:${userId}`) : undefined]);
}
