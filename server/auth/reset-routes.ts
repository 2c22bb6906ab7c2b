/**
 * Forgot / reset password (the spec's "Users and auth" calls). The forgot answer is the same whether or not the
 * account exists, and the mail goes out after the answer, so neither the text nor the time
 * tells who has an account. Reset tokens: 256 random bits, stored as SHA-256, single use,
 * valid RESET_TOKEN_TTL_MS (1 h).
 *
 * Budgets: per requester address 20/h and per (requester address, e-mail) 3/h, answered 429 to
 * the requester; then the reset mail spends the recipient's budget (5/h, server/limits/mail-budget.ts)
 * through server/mail-gate.ts. Nobody else's requests can deny the owner a link: one address alone
 * cannot use up the recipient's budget, and once it is used up by several, a mail still goes out
 * whenever the account holds no usable link. While the budget is spent and a link is usable, the
 * link is in the owner's mailbox already, sent within the last hour (the budget's window and a
 * link's lifetime are both one hour), and any unused link works.
 * A reset revokes every token of the user and every other
 * reset link, and closes the user's live sockets.
 */
import type { FastifyInstance } from 'fastify';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { RESET_TOKEN_TTL_MS } from '../../src/contract/limits';
import { ServerText, forgotPasswordBody, messageResponse, resetPasswordBody } from '../../src/contract/users';
import { passwordResetTokens, users } from '../db/schema';
import type { Db } from '../db/types';
import type { AppDeps } from '../deps';
import { badRequest } from '../errors';
import { recipientKey } from '../limits/mail-budget';
import { admitMails } from '../mail-gate';
import { securityLog } from '../security-log';
import { cancelPendingEmailChanges } from '../users/pending-email-changes';
import { findUserByEmail, findUserById } from '../users/repo';
import { usernameKey } from '../users/username-key';
import { tokenParams } from '../http/params';
import { documented, typed } from '../http/zod-validation';
import { parseBody } from '../validate';
import { hashPassword } from './passwords';
import { hashSecret, looksLikeToken, newSecret, revokeAllTokens } from './tokens';

export function resetMail(appUrl: string, username: string, link: string) {
  return {
    subject: 'Reset your PodTable password',
    text: [
      `Hello ${username},`,
      '',
      'Someone (hopefully you) asked to reset the password of your PodTable account.',
      'Open this link within one hour to choose a new password:',
      '',
      link,
      '',
      'If it was not you, ignore this mail: your password stays as it is.',
      '',
      `PodTable — ${appUrl}`,
    ].join('\n'),
  };
}

/** Whether the user holds a reset link that still works (unused, unexpired). */
async function hasUsableResetLink(db: Db, userId: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ userId: passwordResetTokens.userId })
    .from(passwordResetTokens)
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, now)))
    .limit(1);
  return row !== undefined;
}

export function registerResetRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db, limits } = deps;

  const api = typed(app);
  api.post('/api/auth/forgot-password', { config: { public: true }, schema: { body: forgotPasswordBody, response: { 200: messageResponse } } }, async (request) => {
    const { email } = request.body;
    // The requester's budgets (429): counted whether or not the account exists.
    await limits.forgotPasswordPerIp.consume(request.ip);
    await limits.forgotPasswordPerEmail.consume(`${request.ip}|${recipientKey(email)}`);

    const user = await findUserByEmail(db, email);
    if (user) {
      const token = newSecret();
      const now = deps.now();
      const link = `${deps.config.appUrl}/reset-password/${token}`;
      const mails = await admitMails(deps, [{ kind: 'reset', to: user.email, link, ...resetMail(deps.config.appUrl, user.username, link) }], {
        sender: `ip:${request.ip}`,
        overSender: 'drop',
        log: request.log,
        // Over the recipient's budget a link goes out only when the account holds none it could use.
        overRecipient: async () => !(await hasUsableResetLink(db, user.id, now)),
      });
      if (mails.length > 0) {
        await db.insert(passwordResetTokens).values({
          tokenHash: hashSecret(token),
          userId: user.id,
          createdAt: now,
          expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MS),
        });
        for (const mail of mails) deps.sendMailInBackground(mail);
      }
    }
    return { message: ServerText.forgotPasswordSent };
  });

  // The link's token is checked before the body (its own message), so the body schema is for the document only.
  const resetSchema = { params: tokenParams, body: documented(resetPasswordBody), response: { 200: messageResponse } };
  api.patch('/api/auth/reset-password/:token', { config: { public: true }, schema: resetSchema }, async (request) => {
    const { token } = request.params;
    if (!looksLikeToken(token)) throw badRequest(ServerText.invalidResetToken);
    const { newPassword } = parseBody(resetPasswordBody, request.body);
    const tokenHash = hashSecret(token);
    const usable = and(eq(passwordResetTokens.tokenHash, tokenHash), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, deps.now()));

    // Checked before the (slow) hash so a bad link answers at once; claimed atomically below.
    const [candidate] = await db.select({ userId: passwordResetTokens.userId }).from(passwordResetTokens).where(usable).limit(1);
    if (!candidate) throw badRequest(ServerText.invalidResetToken);
    const passwordHash = await hashPassword(newPassword);

    const now = deps.now();
    const userId = await db.transaction(async (tx) => {
      const [claimed] = await tx.update(passwordResetTokens).set({ usedAt: now }).where(usable).returning({ userId: passwordResetTokens.userId });
      if (!claimed) return undefined;
      await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, claimed.userId));
      await revokeAllTokens(tx, claimed.userId);
      await tx
        .update(passwordResetTokens)
        .set({ usedAt: now })
        .where(and(eq(passwordResetTokens.userId, claimed.userId), isNull(passwordResetTokens.usedAt)));
      await cancelPendingEmailChanges(tx, claimed.userId, now);
      return claimed.userId;
    });
    if (!userId) throw badRequest(ServerText.invalidResetToken);
    deps.hub.disconnectUser(userId);
    const owner = await findUserById(db, userId);
    // Proof of the mailbox: the account is no longer locked against new addresses.
    if (owner) await limits.loginBrake.clearAccount(usernameKey(owner.username));
    securityLog(request.log, 'password reset', { userId, ip: request.ip });
    securityLog(request.log, 'tokens revoked', { userId, reason: 'password reset' });
    return { message: ServerText.passwordReset };
  });
}
