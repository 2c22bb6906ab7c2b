/**
 * Who is asking. A route opts in with `config: { auth: true }`; the onRequest hook then
 * resolves `Authorization: Bearer <token>` into `request.user` or answers 401 before the
 * body is read (through the token cache: tokenCache.ts). Handlers call `requireUser(request)` to get the user with a non-null type.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ServerText } from '../../src/contract/users';
import { unauthorized } from '../errors';
import type { TokenResolver } from './tokenCache';
import type { TokenOwner } from './tokens';

export type AuthUser = TokenOwner;

declare module 'fastify' {
  interface FastifyRequest {
    /** Set for routes with `config.auth` (and the live routes); null otherwise. */
    user: AuthUser | null;
  }
  interface FastifyContextConfig {
    /** Require a valid bearer token (401 otherwise). */
    auth?: boolean;
    /** Run once per (user, Idempotency-Key); see server/idempotency.ts. Needs `auth`. */
    idempotent?: boolean;
  }
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1];
}

export function requireUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthorized(ServerText.unauthorized);
  return request.user;
}

export function installAuth(app: FastifyInstance, deps: { tokens: TokenResolver }): void {
  app.decorateRequest('user', null);
  // Callback style: a token the cache holds is answered without a promise (most requests).
  app.addHook('onRequest', (request, _reply, done) => {
    if (!request.routeOptions.config?.auth) return done();
    const token = bearerToken(request);
    const known = deps.tokens.cached(token);
    if (known) {
      request.user = known;
      return done();
    }
    deps.tokens.resolve(token).then(
      (user) => {
        if (!user) return done(unauthorized(ServerText.unauthorized));
        request.user = user;
        done();
      },
      (error: Error) => done(error),
    );
  });
}
