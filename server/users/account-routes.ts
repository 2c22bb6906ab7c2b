/**
 * Register, login, logout (the spec's "Users and auth" calls).
 * - Register answers 202 with one neutral message whether or not the e-mail already has an
 *   account (no enumeration); the address's owner gets a note instead of a welcome. A taken
 *   username (or a look-alike of one, by the confusable-safe key) is a 409: usernames are public.
 *   The password is hashed on both paths so the answer time tells nothing either.
 * - Login is behind the login brake (server/limits/login-brake.ts) and the budget of successful
 *   logins (server/limits/login-budget.ts), and finds the account by the confusable-safe key;
 *   failures, brake and budget hits and successes are security log lines.
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { AccountText, ServerText, loginBody, loginResponse, messageResponse, registerBody } from '../../src/contract/users';
import { burnVerification, hashPassword, verifyPassword } from '../auth/passwords';
import { requireUser } from '../auth/authenticate';
import { issueToken, revokeToken } from '../auth/tokens';
import { uniqueViolation } from '../db/errors';
import { users } from '../db/schema';
import type { AppDeps } from '../deps';
import { HttpError, conflict, unauthorized } from '../errors';
import { sendMails } from '../mail-gate';
import { securityLog, typedName } from '../security-log';
import { typed } from '../http/zod-validation';
import { registerAccountDataRoutes } from './account-data-routes';
import { addressInUseMail, welcomeMail } from './account-mails';
import { checkLoginBrake } from './reauth';
import { USERNAME_TAKEN, findEmailHolder, findUserForLogin, isUsernameTaken } from './repo';
import { usernameKey } from './username-key';
import { toUser, type UserRow } from './view';

export function registerAccountRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db, limits } = deps;
  const neutral = { message: AccountText.registered };

  const api = typed(app);
  api.post('/api/users', { config: { public: true }, schema: { body: registerBody, response: { 202: messageResponse } } }, async (request, reply) => {
    const body = request.body;
    // Friendly early answer; the unique indexes below are what actually guarantees uniqueness.
    if (await isUsernameTaken(db, body.username)) throw conflict(USERNAME_TAKEN);
    const now = deps.now();
    const passwordHash = await hashPassword(body.password);

    // Dropped, never refused, over a budget: a 429 on one path only would tell the address is taken.
    const registerSending = { sender: `ip:${request.ip}`, overSender: 'drop', log: request.log } as const;
    const addressInUse = async (holder: UserRow) => {
      await sendMails(deps, [addressInUseMail(deps.config.appUrl, holder.email, holder.username, 'register')], registerSending);
      securityLog(request.log, 'register with an address in use', { userId: holder.id, ip: request.ip });
      return reply.code(202).send(neutral);
    };
    const holder = await findEmailHolder(db, body.email, now);
    if (holder) return addressInUse(holder);

    let row: UserRow | undefined;
    try {
      [row] = await db
        .insert(users)
        .values({ username: body.username, usernameKey: usernameKey(body.username), email: body.email, passwordHash, createdAt: now, updatedAt: now })
        .returning();
    } catch (error) {
      const constraint = uniqueViolation(error);
      if (constraint?.includes('email')) {
        // A concurrent sign-up took the address between the check and the insert.
        const winner = await findEmailHolder(db, body.email, now);
        if (winner) return addressInUse(winner);
      }
      if (constraint?.includes('username')) throw conflict(USERNAME_TAKEN);
      throw error;
    }
    await sendMails(deps, [welcomeMail(deps.config.appUrl, row!.email, row!.username)], registerSending);
    securityLog(request.log, 'account created', { userId: row!.id, ip: request.ip });
    return reply.code(202).send(neutral);
  });

  /** Runs a login-budget step; a 429 from it is logged as "login budget hit". */
  async function spendLoginBudget(log: FastifyBaseLogger, ip: string, step: () => Promise<void>, username: string, userId?: string): Promise<void> {
    try {
      await step();
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 429) {
        securityLog(log, 'login budget hit', { username: typedName(username), userId: userId ?? null, ip, retryAfter: error.headers['retry-after'] });
      }
      throw error;
    }
  }

  api.post('/api/users/login', { config: { public: true }, schema: { body: loginBody, response: { 200: loginResponse } } }, async (request) => {
    const body = request.body;
    const accountKey = usernameKey(body.username);
    await checkLoginBrake(deps, request.log, accountKey, request.ip, { username: typedName(body.username) });
    // A spent budget of successful logins is refused before the password hash (login-budget.ts).
    await spendLoginBudget(request.log, request.ip, () => limits.loginBudget.assertOpen(accountKey, request.ip), body.username);

    const user = await findUserForLogin(db, body.username);
    const ok = user ? await verifyPassword(user.passwordHash, body.password) : (await burnVerification(body.password), false);
    if (!user || !ok) {
      await limits.loginBrake.recordFailure(accountKey, request.ip);
      securityLog(request.log, 'login failed', {
        username: typedName(body.username),
        userId: user?.id ?? null,
        ip: request.ip,
        reason: user ? 'wrong password' : 'unknown username',
      });
      throw unauthorized(ServerText.invalidCredentials);
    }
    await limits.loginBrake.recordSuccess(accountKey, request.ip);
    await spendLoginBudget(request.log, request.ip, () => limits.loginBudget.spend(accountKey, request.ip), body.username, user.id);
    const token = await issueToken(db, user.id, deps.now());
    securityLog(request.log, 'logged in', { userId: user.id, ip: request.ip });
    return { token, user: toUser(user) };
  });

  api.post('/api/users/logout', { config: { idempotent: true } }, async (request, reply) => {
    const user = requireUser(request);
    await revokeToken(db, user.tokenHash);
    deps.hub.disconnectToken(user.tokenHash);
    securityLog(request.log, 'token revoked', { userId: user.id, reason: 'logout' });
    return reply.code(204).send();
  });

  registerAccountDataRoutes(app, deps);
}
