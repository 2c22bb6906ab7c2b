/**
 * Write limits on REST routes. Two onRequest hooks around authentication:
 * - before it: the address's budget, and the credential's (a hash of the bearer token), so a
 *   flood from one token is refused in memory before its token is looked up in the database —
 *   one user's flood costs the others almost nothing;
 * - after it: the user's budget (a user with several tokens shares one).
 * A token the token cache already knows needs no database lookup, so its credential budget
 * (which only stands in for the user's until the user is known) is skipped: the user's budget
 * is counted at once, together with the address's (two counters, one round trip on a shared
 * store), and the second hook does not count it again. Same budgets, same refusals.
 * The kind of a route comes from policies.ts (`config.limit` overrides it).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { bearerToken } from '../auth/authenticate';
import type { TokenResolver } from '../auth/token-cache';
import { credentialSubject, type Limits } from './index';
import { writeKindFor, type WriteKind } from './policies';
import { installPreAuthReadLimits, installUserReadLimits } from './read-hooks';

declare module 'fastify' {
  interface FastifyRequest {
    /** The write limit this request counts against (set by the first hook). */
    writeKind: WriteKind | null;
    /** The user whose budget the first hook already counted (a token the cache knew). */
    writeCountedFor: string | null;
  }
  interface FastifyContextConfig {
    /** The write limit of this route (policies.ts decides when absent); false for none. */
    limit?: WriteKind | false;
  }
}

function kindOf(request: FastifyRequest): WriteKind | undefined {
  return writeKindFor(request.method, request.routeOptions.url, request.routeOptions.config);
}

/** Call before installAuth. */
export function installPreAuthWriteLimits(app: FastifyInstance, limits: Limits, tokens: Pick<TokenResolver, 'cached'>): void {
  app.decorateRequest('writeKind', null);
  app.decorateRequest('writeCountedFor', null);
  // Reads that scan have budgets of their own, counted the same way (read-hooks.ts).
  installPreAuthReadLimits(app, limits, tokens);
  const count = async (request: FastifyRequest, kind: WriteKind): Promise<void> => {
    const bearer = bearerToken(request);
    const known = bearer ? tokens.cached(bearer) : undefined;
    if (known && request.routeOptions.config?.auth) {
      request.writeCountedFor = known.id;
      await Promise.all([limits.consumeIp(kind, request.ip), limits.consumeSubject(kind, `user:${known.id}`)]);
      return;
    }
    await limits.consumeIp(kind, request.ip);
    if (bearer) await limits.consumeSubject(kind, credentialSubject(bearer));
  };
  // Callback style: reads (no kind) pass without a promise.
  app.addHook('onRequest', (request, _reply, done) => {
    const kind = kindOf(request);
    if (!kind) return done();
    request.writeKind = kind;
    count(request, kind).then(() => done(), done);
  });
}

/** Call after installAuth. */
export function installUserWriteLimits(app: FastifyInstance, limits: Limits): void {
  installUserReadLimits(app, limits);
  app.addHook('onRequest', (request, _reply, done) => {
    if (!request.writeKind || !request.user || request.writeCountedFor === request.user.id) return done();
    limits.consumeSubject(request.writeKind, `user:${request.user.id}`).then(() => done(), done);
  });
}
