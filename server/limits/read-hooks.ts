/**
 * Read budgets on REST routes (policies.ts: READ_KINDS, the route table), counted like the write
 * budgets (write-hooks.ts), in two onRequest hooks around authentication:
 * - before it: the address's budget, and the credential's (a hash of the bearer token) unless
 *   the token cache already knows the user, whose budget is then counted at once;
 * - after it: the user's budget, when the first hook did not count it.
 * Reads with no kind pass without a promise. Every budget lives in the shared limits store.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { bearerToken } from '../auth/authenticate';
import type { TokenResolver } from '../auth/token-cache';
import { credentialSubject, type Limits } from './index';
import { readKindFor, type ReadKind } from './policies';

declare module 'fastify' {
  interface FastifyRequest {
    /** The read budget this request counts against (set by the first hook). */
    readKind: ReadKind | null;
    /** The user whose read budget the first hook already counted. */
    readCountedFor: string | null;
  }
  interface FastifyContextConfig {
    /** The read budget of this route (policies.ts decides when absent); false for none. */
    readLimit?: ReadKind | false;
  }
}

/** Call before installAuth. */
export function installPreAuthReadLimits(app: FastifyInstance, limits: Limits, tokens: Pick<TokenResolver, 'cached'>): void {
  app.decorateRequest('readKind', null);
  app.decorateRequest('readCountedFor', null);
  const count = async (request: FastifyRequest, kind: ReadKind): Promise<void> => {
    const bearer = bearerToken(request);
    const known = bearer ? tokens.cached(bearer) : undefined;
    if (known && request.routeOptions.config?.auth) {
      request.readCountedFor = known.id;
      await limits.consumeRead(kind, request.ip, `user:${known.id}`);
      return;
    }
    await limits.consumeRead(kind, request.ip, bearer ? credentialSubject(bearer) : null);
  };
  app.addHook('onRequest', (request, _reply, done) => {
    const kind = readKindFor(request.method, request.routeOptions.url, request.routeOptions.config);
    if (!kind) return done();
    request.readKind = kind;
    count(request, kind).then(() => done(), done);
  });
}

/** Call after installAuth. */
export function installUserReadLimits(app: FastifyInstance, limits: Limits): void {
  app.addHook('onRequest', (request, _reply, done) => {
    if (!request.readKind || !request.user || request.readCountedFor === request.user.id) return done();
    limits.consumeReadSubject(request.readKind, `user:${request.user.id}`).then(() => done(), done);
  });
}

/** Counts one read of `kind` by a known user from `ip` (reads made inside a route: a snapshot, an upstream card call). */
export async function consumeReadLimit(deps: { limits: Limits }, kind: ReadKind, userId: string, ip: string): Promise<void> {
  await deps.limits.consumeRead(kind, ip, `user:${userId}`);
}
