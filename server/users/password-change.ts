/**
 * Changing the password from the profile (POST /api/users/me/password): the current password
 * first (behind the login brake), then the new hash; every OTHER token of the account is
 * revoked and its sockets closed (this device stays signed in), unused reset links and pending
 * e-mail changes die, and
 * the account's address is told.
 */
import type { FastifyBaseLogger } from 'fastify';
import { and, eq, isNull, ne } from 'drizzle-orm';
import { AccountText } from '../../src/contract/users';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { authTokens, passwordResetTokens, users } from '../db/schema';
import type { AppDeps } from '../deps';
import { badRequest } from '../errors';
import { sendMails } from '../mail-gate';
import { securityLog } from '../security-log';
import { passwordChangedMail } from './account-mails';
import { cancelPendingEmailChanges } from './pending-email-changes';
import { verifyCurrentPassword } from './reauth';

export async function changePassword(
  deps: AppDeps,
  log: FastifyBaseLogger,
  caller: { userId: string; tokenHash: string; ip: string },
  body: { currentPassword: string; newPassword: string },
): Promise<string> {
  const row = await verifyCurrentPassword(deps, log, caller.userId, body.currentPassword, caller.ip);
  if (await verifyPassword(row.passwordHash, body.newPassword)) throw badRequest(AccountText.samePassword);
  const passwordHash = await hashPassword(body.newPassword);
  const now = deps.now();
  const revoked = await deps.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, row.id));
    await tx.update(passwordResetTokens).set({ usedAt: now }).where(and(eq(passwordResetTokens.userId, row.id), isNull(passwordResetTokens.usedAt)));
    await cancelPendingEmailChanges(tx, row.id, now);
    return tx
      .update(authTokens)
      .set({ revoked: true })
      .where(and(eq(authTokens.userId, row.id), eq(authTokens.revoked, false), ne(authTokens.tokenHash, caller.tokenHash)))
      .returning({ tokenHash: authTokens.tokenHash });
  });
  for (const token of revoked) deps.hub.disconnectToken(token.tokenHash);
  // No sender budget (server/mail-gate.ts): nobody may silence the owner's notice.
  await sendMails(deps, [passwordChangedMail(deps.config.appUrl, row.email, row.username)], { sender: null, overSender: 'drop', log });
  securityLog(log, 'password changed', { userId: row.id, ip: caller.ip });
  securityLog(log, 'tokens revoked', { userId: row.id, reason: 'password changed', count: revoked.length });
  return AccountText.passwordChanged;
}
