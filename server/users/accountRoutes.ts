/** Register, login, logout (spec section 7). */
import type { FastifyInstance } from 'fastify';
import { ServerText, loginBody, registerBody } from '../../src/contract/users';
import { burnVerification, hashPassword, verifyPassword } from '../auth/passwords';
import { requireUser } from '../auth/authenticate';
import { issueToken, revokeToken } from '../auth/tokens';
import { users } from '../db/schema';
import type { AppDeps } from '../deps';
import { conflict, unauthorized } from '../errors';
import { parseBody } from '../validate';
import { EMAIL_TAKEN, USERNAME_TAKEN, findUserByEmail, findUserByUsername, rethrowUserConflict } from './repo';
import { toUser } from './view';

export function registerAccountRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db, limiters } = deps;

  app.post('/api/users', async (request, reply) => {
    const body = parseBody(registerBody, request.body);
    // Friendly early answer; the unique indexes below are what actually guarantees uniqueness.
    if (await findUserByUsername(db, body.username)) throw conflict(USERNAME_TAKEN);
    if (await findUserByEmail(db, body.email)) throw conflict(EMAIL_TAKEN);
    const passwordHash = await hashPassword(body.password);
    const now = deps.now();
    let row;
    try {
      [row] = await db
        .insert(users)
        .values({ username: body.username, email: body.email, passwordHash, createdAt: now, updatedAt: now })
        .returning();
    } catch (error) {
      rethrowUserConflict(error);
    }
    request.log.info({ userId: row!.id }, 'account created');
    return reply.code(201).send(toUser(row!));
  });

  app.post('/api/users/login', async (request) => {
    const body = parseBody(loginBody, request.body);
    const usernameKey = body.username.toLowerCase();
    await limiters.loginPerUsername.assertOpen(usernameKey);
    await limiters.loginPerIp.assertOpen(request.ip);

    const user = await findUserByUsername(db, body.username);
    const ok = user ? await verifyPassword(user.passwordHash, body.password) : (await burnVerification(body.password), false);
    if (!user || !ok) {
      await limiters.loginPerUsername.consume(usernameKey);
      await limiters.loginPerIp.consume(request.ip);
      throw unauthorized(ServerText.invalidCredentials);
    }
    await limiters.loginPerUsername.reset(usernameKey);
    const token = await issueToken(db, user.id, deps.now());
    request.log.info({ userId: user.id }, 'logged in');
    return { token, user: toUser(user) };
  });

  app.post('/api/users/logout', { config: { auth: true, idempotent: true } }, async (request, reply) => {
    const user = requireUser(request);
    await revokeToken(db, user.tokenHash);
    deps.hub.disconnectToken(user.tokenHash);
    return reply.code(204).send();
  });
}
