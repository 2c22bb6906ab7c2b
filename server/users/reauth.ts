/**
 * Re-authentication for account changes: the current password, behind the same brake as login
 * (server/limits/login-brake.ts), so a stolen token cannot be used to guess the password any
 * faster than the login form allows.
 */
import type { FastifyBaseLogger } from 'fastify';
import { AccountText, ServerText } from '../../src/contract/users';
import { verifyPassword } from '../auth/passwords';
import type { AppDeps } from '../deps';
import { forbidden, unauthorized } from '../errors';
import { BrakeHit, LoginBrake } from '../limits/login-brake';
import { securityLog } from '../security-log';
import { findUserById } from './repo';
import { usernameKey } from './username-key';
import type { UserRow } from './view';

/** Throws the brake's 429 (and logs it) when this account/address pair must wait. */
export async function checkLoginBrake(deps: Pick<AppDeps, 'limits'>, log: FastifyBaseLogger, accountKey: string, ip: string, fields: Record<string, string>): Promise<void> {
  try {
    await deps.limits.loginBrake.check(accountKey, ip);
  } catch (error) {
    if (!(error instanceof BrakeHit)) throw error;
    securityLog(log, 'login brake hit', { ...fields, ip, scope: error.scope, retryAfterSeconds: Math.ceil(error.retryAfterSeconds) });
    throw LoginBrake.toHttpError(error);
  }
}

/** The user's row when `password` is their current password; 403 (counted by the brake) when not. */
export async function verifyCurrentPassword(deps: AppDeps, log: FastifyBaseLogger, userId: string, password: string, ip: string): Promise<UserRow> {
  const row = await findUserById(deps.db, userId);
  if (!row) throw unauthorized(ServerText.unauthorized);
  const key = usernameKey(row.username);
  await checkLoginBrake(deps, log, key, ip, { userId, via: 're-authentication' });
  if (!(await verifyPassword(row.passwordHash, password))) {
    await deps.limits.loginBrake.recordFailure(key, ip);
    securityLog(log, 'current password wrong', { userId, ip });
    throw forbidden(AccountText.currentPasswordWrong);
  }
  return row;
}
