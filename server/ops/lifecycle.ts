/**
 * Readiness and graceful drain. On SIGTERM (main.ts → `drainAndClose`):
 * 1. readiness fails at once (GET /readyz answers 503), new WebSocket upgrades are answered
 *    503, and every HTTP answer carries `Connection: close` so keep-alive clients move on;
 * 2. the listening socket is closed: new connections are refused (the load balancer, which
 *    sees /readyz fail or the connection refused, sends them to the other processes);
 * 3. live sockets are closed with 1012 spread evenly over DRAIN_WINDOW_MS, so their
 *    reconnects reach the other processes as a stream, not a wall;
 * 4. requests in flight finish (Fastify's close waits for them), then the database closes and
 *    the process exits.
 */
import type { FastifyInstance } from 'fastify';

export interface Lifecycle {
  readonly draining: boolean;
  beginDrain(): void;
}

export function createLifecycle(): Lifecycle {
  let draining = false;
  return {
    get draining() {
      return draining;
    },
    beginDrain() {
      draining = true;
    },
  };
}

export function installDrainHeaders(app: FastifyInstance, lifecycle: Lifecycle): void {
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (lifecycle.draining) reply.header('connection', 'close');
    done(null, payload);
  });
}

/** Steps 1–4 above; resolves when the app is closed (the caller closes the database and exits). */
export async function drain(app: FastifyInstance, windowMs: number): Promise<void> {
  const { lifecycle, hub } = app.deps;
  lifecycle.beginDrain();
  app.log.info({ windowMs, sockets: hub.connectionCount() }, 'draining: readiness off, refusing new connections, closing live sockets');
  // Stops accepting; open connections (keep-alive, sockets) stay until closed below.
  await new Promise<void>((resolve) => {
    app.server.close(() => resolve());
    // server.close calls back only once every connection is gone: do not wait for that here.
    setImmediate(resolve);
  });
  await hub.drain(windowMs);
  await app.close();
}
