/**
 * Who is asking. Every route under /api requires a logged-in user unless its options mark it
 * public (`config: { public: true }`): the onRoute hook below sets `config.auth` on the others,
 * and the onRequest hook resolves `Authorization: Bearer <token>` into `request.user` or
 * answers 401 before the body is read (through the token cache: token-cache.ts). Handlers call
 * `requireUser(request)` to get the user with a non-null type. Routes outside /api (the live
 * socket, health probes, static files) authenticate themselves or are open.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ServerText } from '../../src/contract/users';
import { unauthorized } from '../errors';
import type { TokenResolver } from './token-cache';
import type { TokenOwner } from './tokens';

export type AuthUser = TokenOwner;

declare module 'fastify' {
  interface FastifyRequest {
    /** Set for routes with `config.auth` (and the live routes); null otherwise. */
    user: AuthUser | null;
  }
  interface FastifyContextConfig {
    /** An /api route anyone may call, without a token. */
    public?: boolean;
    /**
     * Require a valid bearer token (401 otherwise). Derived at registration for every /api
     * route not marked `public` (routeRequiresUser); the limit hooks read it too.
     */
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

/** The default: a route under /api needs a user unless it is marked public. */
export function routeRequiresUser(url: string, config: { public?: boolean; auth?: boolean } | undefined): boolean {
  if (config?.auth) return true;
  return (url === '/api' || url.startsWith('/api/')) && config?.public !== true;
}

export function installAuth(app: FastifyInstance, deps: { tokens: TokenResolver }): void {
  app.decorateRequest('user', null);
  // Before any route is added (server/app.ts): every later route passes through here.
  app.addHook('onRoute', (route) => {
    if (routeRequiresUser(route.url, route.config)) route.config = { ...route.config, auth: true };
  });
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
