/**
 * Write limits on REST routes. Two onRequest hooks around authentication:
 * - before it: the address's budget, and the credential's (a hash of the bearer token), so a
 *   flood from one token is refused in memory before its token is looked up in the database —
 *   one user's flood costs the others almost nothing;
 * - after it: the user's budget (a user with several tokens shares one).
 * The kind of a route comes from policies.ts (`config.limit` overrides it).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { bearerToken } from '../auth/authenticate';
import { credentialSubject, type Limits } from './index';
import { writeKindFor, type WriteKind } from './policies';

declare module 'fastify' {
  interface FastifyRequest {
    /** The write limit this request counts against (set by the first hook). */
    writeKind: WriteKind | null;
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
export function installPreAuthWriteLimits(app: FastifyInstance, limits: Limits): void {
  app.decorateRequest('writeKind', null);
  app.addHook('onRequest', async (request) => {
    const kind = kindOf(request);
    if (!kind) return;
    request.writeKind = kind;
    await limits.consumeIp(kind, request.ip);
    const bearer = bearerToken(request);
    if (bearer) await limits.consumeSubject(kind, credentialSubject(bearer));
  });
}

/** Call after installAuth. */
export function installUserWriteLimits(app: FastifyInstance, limits: Limits): void {
  app.addHook('onRequest', async (request) => {
    if (request.writeKind && request.user) await limits.consumeSubject(request.writeKind, `user:${request.user.id}`);
  });
}
