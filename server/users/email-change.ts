/**
 * Changing the e-mail address: a stolen token alone must not be enough to take an
 * account over through "forgot password".
 * 1. request (POST /api/users/me/email, or an e-mail in PUT /api/users/me): needs the current
 *    password; mails a confirmation link to the NEW address. The answer is the same whether or
 *    not the address is free (no enumeration): when another account holds it, that account's
 *    owner gets a note instead of a link.
 * 2. confirm (POST /api/users/email-change/:token, opened from the new mailbox): the address
 *    changes, and the OLD address gets an undo link valid EMAIL_UNDO_TTL_MS (7 days).
 * 3. undo (POST /api/users/email-change/:token/undo): the old address comes back, every token
 *    and socket of the account is revoked, every other pending link dies, and a password reset
 *    link goes to the restored address (whoever changed it knew the password).
 * At most 5 changes are started per account per hour, whichever route starts them (the budget
 * `emailChangesPerAccount`, server/limits/mail-budget.ts; 429 beyond), spent after the password
 * check so a stolen token alone cannot use it up. Its mails go through server/mail-gate.ts.
 * Links are 256-bit, stored as SHA-256, single use. Until an undo link is used or expires the
 * old address stays reserved for its account (repo.findEmailHolder).
 */
import type { FastifyBaseLogger } from 'fastify';
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { RESET_TOKEN_TTL_MS } from '../../src/contract/limits';
import { AccountText, type User } from '../../src/contract/users';
import { resetMail } from '../auth/reset-routes';
import { hashSecret, looksLikeToken, newSecret, revokeAllTokens } from '../auth/tokens';
import { uniqueViolation } from '../db/errors';
import { emailChanges, passwordResetTokens, users } from '../db/schema';
import type { DbOrTx } from '../db/types';
import type { AppDeps } from '../deps';
import { badRequest, conflict, unauthorized } from '../errors';
import { sendMails } from '../mail-gate';
import { securityLog } from '../security-log';
import { withChangeLog } from '../sync/log-writes';
import { ref } from '../sync/refs';
import { addressInUseMail, confirmEmailMail, emailChangedMail } from './account-mails';
import { verifyCurrentPassword } from './reauth';
import { findEmailHolder, findUserById } from './repo';
import { usernameKey } from './username-key';
import { toUser, type UserRow } from './view';

export const EMAIL_CONFIRM_TTL_MS = 24 * 60 * 60 * 1000;
export const EMAIL_UNDO_TTL_MS = 7 * 24 * 60 * 60 * 1000;

const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

async function insertLink(db: DbOrTx, userId: string, kind: 'confirm' | 'undo', email: string, now: Date, ttlMs: number): Promise<string> {
  const token = newSecret();
  await db.insert(emailChanges).values({ tokenHash: hashSecret(token), userId, kind, email, createdAt: now, expiresAt: new Date(now.getTime() + ttlMs) });
  return token;
}

/** Step 1 for an already re-authenticated user. Answers the neutral message. */
export async function requestEmailChange(deps: AppDeps, log: FastifyBaseLogger, user: UserRow, newEmail: string, ip: string): Promise<string> {
  if (sameAddress(user.email, newEmail)) throw badRequest(AccountText.sameEmail);
  await deps.limits.mail.emailChanges.consume(`user:${user.id}`);
  const now = deps.now();
  // Both answers spend the same budgets and drop alike, so neither tells whether the address is taken.
  const sending = { sender: `user:${user.id}`, overSender: 'drop', log } as const;
  const holder = await findEmailHolder(deps.db, newEmail, now);
  if (holder && holder.id !== user.id) {
    await sendMails(deps, [addressInUseMail(deps.config.appUrl, holder.email, holder.username, 'email-change')], sending);
    securityLog(log, 'e-mail change requested', { userId: user.id, ip, addressInUse: true });
  } else {
    const token = await insertLink(deps.db, user.id, 'confirm', newEmail, now, EMAIL_CONFIRM_TTL_MS);
    const link = `${deps.config.appUrl}/confirm-email/${token}`;
    await sendMails(deps, [confirmEmailMail(deps.config.appUrl, newEmail, user.username, link)], sending);
    securityLog(log, 'e-mail change requested', { userId: user.id, ip, addressInUse: false });
  }
  return AccountText.emailChangeSent(newEmail);
}

/**
 * The e-mail part of a profile patch (PUT /api/users/me, and the profile.update mutation that
 * replaces it): an unchanged address is ignored; a new one needs `currentPassword` (400 without,
 * 403 when wrong) and then starts step 1. The address itself never changes here.
 */
export async function checkProfileEmailChange(
  deps: AppDeps,
  log: FastifyBaseLogger,
  userId: string,
  patch: { email?: string; currentPassword?: string },
  ip: string,
): Promise<{ requested: boolean; message?: string }> {
  if (patch.email === undefined) return { requested: false };
  const row = await findUserById(deps.db, userId);
  if (!row) throw unauthorized(AccountText.currentPasswordWrong);
  if (sameAddress(row.email, patch.email)) return { requested: false };
  if (!patch.currentPassword) throw badRequest(AccountText.currentPasswordRequired);
  const verified = await verifyCurrentPassword(deps, log, userId, patch.currentPassword, ip);
  return { requested: true, message: await requestEmailChange(deps, log, verified, patch.email, ip) };
}

function usableLink(tokenHash: string, kind: 'confirm' | 'undo', now: Date) {
  return and(eq(emailChanges.tokenHash, tokenHash), eq(emailChanges.kind, kind), isNull(emailChanges.usedAt), gt(emailChanges.expiresAt, now));
}

/** Step 2. Answers the user with the new address. */
export async function confirmEmailChange(deps: AppDeps, log: FastifyBaseLogger, token: string): Promise<User> {
  if (!looksLikeToken(token)) throw badRequest(AccountText.invalidLink);
  const now = deps.now();
  let outcome;
  try {
    outcome = await withChangeLog(deps, async (tx, log) => {
      const [link] = await tx.update(emailChanges).set({ usedAt: now }).where(usableLink(hashSecret(token), 'confirm', now)).returning();
      if (!link) throw badRequest(AccountText.invalidLink);
      const [user] = await tx.select().from(users).where(eq(users.id, link.userId)).for('update');
      if (!user) throw badRequest(AccountText.invalidLink);
      const holder = await findEmailHolder(tx, link.email, now);
      if (holder && holder.id !== user.id) throw conflict(AccountText.emailNoLongerAvailable);
      const [updated] = await tx
        .update(users)
        .set({ email: link.email, updatedAt: now, rev: sql`${users.rev} + 1` })
        .where(eq(users.id, user.id))
        .returning();
      log.emit([user.id], [ref('user', user.id)], { type: 'USER_UPDATED', payload: toUser(updated!) });
      // Other confirmation links of this account die: one change at a time.
      await tx
        .update(emailChanges)
        .set({ usedAt: now })
        .where(and(eq(emailChanges.userId, user.id), eq(emailChanges.kind, 'confirm'), isNull(emailChanges.usedAt)));
      const undoToken = await insertLink(tx, user.id, 'undo', user.email, now, EMAIL_UNDO_TTL_MS);
      return { updated: updated!, oldEmail: user.email, undoToken };
    });
  } catch (error) {
    if (uniqueViolation(error) !== undefined) throw conflict(AccountText.emailNoLongerAvailable);
    throw error;
  }
  const { updated, oldEmail, undoToken } = outcome;
  const undoLink = `${deps.config.appUrl}/undo-email/${undoToken}`;
  // No sender budget: only a confirmed change sends it, and nobody may silence the undo link.
  await sendMails(deps, [emailChangedMail(deps.config.appUrl, oldEmail, updated.username, updated.email, undoLink)], { sender: null, overSender: 'drop', log });
  securityLog(log, 'e-mail changed', { userId: updated.id });
  return toUser(updated);
}

/** Step 3. Answers the message the page shows. */
export async function undoEmailChange(deps: AppDeps, log: FastifyBaseLogger, token: string, ip: string): Promise<string> {
  if (!looksLikeToken(token)) throw badRequest(AccountText.invalidLink);
  const now = deps.now();
  let outcome;
  try {
    outcome = await withChangeLog(deps, async (tx, log) => {
      const [link] = await tx.update(emailChanges).set({ usedAt: now }).where(usableLink(hashSecret(token), 'undo', now)).returning();
      if (!link) throw badRequest(AccountText.invalidLink);
      const [user] = await tx.select().from(users).where(eq(users.id, link.userId)).for('update');
      if (!user) throw badRequest(AccountText.invalidLink);
      const holder = await findEmailHolder(tx, link.email, now);
      if (holder && holder.id !== user.id) throw conflict(AccountText.emailNoLongerAvailable);
      const [restored] = await tx
        .update(users)
        .set({ email: link.email, updatedAt: now, rev: sql`${users.rev} + 1` })
        .where(eq(users.id, user.id))
        .returning();
      log.emit([user.id], [ref('user', user.id)], { type: 'USER_UPDATED', payload: toUser(restored!) });
      await revokeAllTokens(tx, user.id);
      await tx.update(emailChanges).set({ usedAt: now }).where(and(eq(emailChanges.userId, user.id), isNull(emailChanges.usedAt), ne(emailChanges.tokenHash, link.tokenHash)));
      await tx.update(passwordResetTokens).set({ usedAt: now }).where(and(eq(passwordResetTokens.userId, user.id), isNull(passwordResetTokens.usedAt)));
      const resetToken = newSecret();
      await tx.insert(passwordResetTokens).values({
        tokenHash: hashSecret(resetToken),
        userId: user.id,
        createdAt: now,
        expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MS),
      });
      return { restored: restored!, resetToken };
    });
  } catch (error) {
    if (uniqueViolation(error) !== undefined) throw conflict(AccountText.emailNoLongerAvailable);
    throw error;
  }
  const { restored, resetToken } = outcome;
  deps.hub.disconnectUser(restored.id);
  await deps.limits.loginBrake.clearAccount(usernameKey(restored.username));
  const link = `${deps.config.appUrl}/reset-password/${resetToken}`;
  await sendMails(deps, [{ kind: 'undoReset', to: restored.email, link, ...resetMail(deps.config.appUrl, restored.username, link) }], { sender: null, overSender: 'drop', log });
  securityLog(log, 'e-mail change undone', { userId: restored.id, ip });
  securityLog(log, 'tokens revoked', { userId: restored.id, reason: 'e-mail change undone' });
  return AccountText.emailChangeUndone;
}
