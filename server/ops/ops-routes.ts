/**
 * Operations endpoints, outside /api:
 * - GET /healthz: the process is alive and its event loop turns (liveness; no dependencies).
 * - GET /readyz: 200 when the database answers (a connection was handed out in the last
 *   RECENT_DATABASE_USE_MS, or a ping answers), the live bus is up and the process is not
 *   draining; otherwise 503 with what is wrong (a load balancer stops sending traffic).
 * - GET /metrics: Prometheus text. With METRICS_TOKEN set it needs `Authorization: Bearer
 *   <METRICS_TOKEN>`; without, it answers only connections from the loopback address that
 *   came through no proxy (no X-Forwarded-For), so a public deployment does not leak it.
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { bearerToken } from '../auth/authenticate';
import type { AppDeps } from '../deps';
import { sendError } from '../errors';

/** A readiness probe that takes longer than this counts the database as down. */
export const READY_CHECK_TIMEOUT_MS = 2000;
/**
 * A connection handed out this recently proves the database answers: readiness then asks it
 * nothing. Under load the pool is busy, and a probe queued behind the requests would time out
 * and take a healthy (busy) process out of the load balancer.
 */
export const RECENT_DATABASE_USE_MS = 5000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return Promise.race([promise, new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms).unref())]);
}

function sameSecret(given: string | undefined, expected: string): boolean {
  if (given === undefined) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function isDirectLoopback(request: FastifyRequest): boolean {
  const address = request.socket.remoteAddress ?? '';
  const loopback = address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.');
  return loopback && request.headers['x-forwarded-for'] === undefined;
}

export function registerOpsRoutes(app: FastifyInstance, deps: AppDeps & { pingDatabase(): Promise<void>; lastDatabaseUse(): number }): void {
  app.get('/healthz', async () => ({ status: 'ok' }));

  app.get('/readyz', async (_request, reply) => {
    const problems: string[] = [];
    if (deps.lifecycle.draining) problems.push('draining');
    if (!deps.hub.busUp()) problems.push('live bus down');
    if (performance.now() - deps.lastDatabaseUse() > RECENT_DATABASE_USE_MS) {
      try {
        await withTimeout(deps.pingDatabase(), READY_CHECK_TIMEOUT_MS);
      } catch {
        problems.push('database unreachable');
      }
    }
    if (problems.length > 0) return sendError(reply, 503, `Not ready: ${problems.join(', ')}.`);
    return { status: 'ready' };
  });

  app.get('/metrics', async (request, reply) => {
    const token = deps.config.metricsToken;
    const allowed = token ? sameSecret(bearerToken(request), token) : isDirectLoopback(request);
    if (!allowed) return sendError(reply, 403, token ? 'A valid metrics token is required.' : 'Metrics are served to local connections only; set METRICS_TOKEN to scrape from elsewhere.');
    const registry = deps.metrics.registry;
    return reply.type(registry.contentType).send(await registry.metrics());
  });
}
