/**
 * buildApp: the whole HTTP + WebSocket server as a Fastify instance, not listening yet (tests
 * listen on 127.0.0.1:0). Everything it needs comes in as arguments; main.ts wires the real
 * ones. Later features add a `registerXRoutes(app, deps)` call below.
 */
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import fastifyMultipart from '@fastify/multipart';
import fastifyWebsocket from '@fastify/websocket';
import { APP_VERSION_LABEL, AVATAR_MAX_BYTES } from '../src/contract/limits';
import { installAuth } from './auth/authenticate';
import { createMeCache, listenForUserRecords } from './users/me-cache';
import { createTokenCache } from './auth/token-cache';
import { registerResetRoutes } from './auth/reset-routes';
import { registerCardRoutes } from './cards/card-routes';
import { redisCardCache, redisSpacing } from './cards/shared';
import { registerCompression } from './compression';
import type { Config } from './config';
import type { PoolMonitor } from './db/backpressure';
import type { Db } from './db/types';
import { registerDeckRoutes } from './decks/deck-routes';
import type { AppDeps } from './deps';
import { frameworkErrors, installErrorHandler } from './errors';
import { httpTimeouts } from './http-timeouts';
import { registerOpenApiRoute } from './http/openapi';
import { installZodSchemas } from './http/zod-validation';
import { registerGameRoutes } from './games/game-routes';
import { registerRestWrites } from './http/rest-writes';
import { serverMutators } from './mutations';
import { installIdempotency } from './idempotency';
import { installInputGuards } from './input-guards';
import { Limits, type LimitBackend, type LimitOverrides } from './limits';
import { openLimitBackend } from './limits/backend';
import { installPreAuthWriteLimits, installUserWriteLimits } from './limits/write-hooks';
import { createTransport } from './live/bus';
import { LiveHub, MAX_CLIENT_FRAME_BYTES, type HubOptions } from './live/hub';
import { registerLiveRoutes } from './live/live-routes';
import { createTicketBook } from './live/tickets';
import { loadOrCreateTicketSecret } from './live/ticket-secret';
import type { LiveTransport } from './live/transport';
import { loggerOptions } from './logging';
import type { Mail, Mailer } from './mail';
import { MAINTENANCE_INTERVAL_MS, runMaintenance } from './maintenance';
import { createMetrics } from './metrics';
import { createLifecycle, installDrainHeaders } from './ops/lifecycle';
import { lazyRequestLogger } from './ops/lazy-request-logger';
import { installRequestLog } from './ops/request-log';
import { registerOpsRoutes } from './ops/ops-routes';
import { createRedisClient, type RedisClient } from './redis';
import { installSecurityHeaders } from './security-headers';
import { fastifyTrustProxy } from './trust-proxy';
import { registerPush } from './push';
import { trackRoutes } from './route-list';
import { registerSocialRoutes } from './social';
import { registerStatic } from './static';
import { installProtocolCheck } from './sync/protocol';
import { registerSyncRoutes } from './sync/sync-routes';
import { registerAccountRoutes } from './users/account-routes';
import { registerAvatarRoutes } from './users/avatar-routes';
import { registerDirectoryRoutes } from './users/directory-routes';
import { registerMeRoutes } from './users/me-routes';
import { registerSecurityRoutes } from './users/security-routes';

/** JSON bodies: the largest legitimate one (a profile edit, a 1024-character message) is far below this. */
export const JSON_BODY_LIMIT = 64 * 1024;

export interface BuildAppOptions {
  db: Db;
  config: Config;
  mailer: Mailer;
  /** Defaults to the wall clock. */
  now?: () => Date;
  rateLimits?: LimitOverrides;
  /** Where rate-limit counters live; defaults to openLimitBackend's choice from the config and the database. */
  limitBackend?: LimitBackend;
  /** Defaults to Redis (config.redisUrl), else LISTEN/NOTIFY (config.databaseUrl), else in-process. */
  liveTransport?: LiveTransport;
  /** The database's connection pool (waits → metrics) and readiness check; see db/open.ts. */
  database?: { pool: PoolMonitor; ping(): Promise<void> };
  /** Process metrics (CPU, memory, event loop) in /metrics; off in tests (one process, many apps). */
  processMetrics?: boolean;
  hub?: Pick<HubOptions, 'heartbeatMs' | 'resyncSpreadMs'>;
  /** Where log lines go (default stdout); tests capture them. */
  logStream?: { write(line: string): void };
  /** Hourly clean-up of expired rows (default on). */
  maintenance?: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { db, config, mailer } = options;
  const now = options.now ?? (() => new Date());

  const app = Fastify({
    logger: loggerOptions({ level: config.logLevel, stream: options.logStream }),
    // Replaced by ops/request-log.ts: one compact line at debug, slow requests at info.
    logController: new LogController({ disableRequestLogging: true }),
    // A request's pino child is made only when the request logs something (ops/lazy-request-logger.ts).
    childLoggerFactory: lazyRequestLogger,
    bodyLimit: JSON_BODY_LIMIT,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    // Slow or stalled clients (slowloris) are cut off: server/http-timeouts.ts.
    ...httpTimeouts(config.requestTimeoutMs),
    // Path parameters are ids and tokens (43 characters); longer ones are answered 414.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 256 },
    frameworkErrors,
  });
  // Before any route: the authorization tests read the full list (server/route-list.ts).
  trackRoutes(app);

  const opened = options.limitBackend ? { backend: options.limitBackend, close: async () => undefined } : openLimitBackend({ redisUrl: config.redisUrl, db, log: app.log });
  const limits = new Limits(opened.backend, { scale: config.rateLimitScale, ...options.rateLimits });
  const pendingMail = new Set<Promise<void>>();
  const metrics = createMetrics({ processMetrics: options.processMetrics });
  options.database?.pool.listen({
    waited(ms, timedOut) {
      metrics.dbPoolWait.observe(ms / 1000);
      if (timedOut) metrics.dbPoolTimeouts.inc();
    },
  });
  // One Redis connection for commands (limits, tickets, card service); the bus has its own two.
  const redis: RedisClient | undefined = config.redisUrl ? createRedisClient(config.redisUrl, 'commands', app.log) : undefined;
  const transport = options.liveTransport ?? (await createTransport({ config, db, log: app.log, metrics }));
  const hub = new LiveHub(transport, app.log, { metrics, now, ...options.hub });
  const tokens = createTokenCache({ db, now });
  hub.onRevocation((revocation) => tokens.forget(revocation));
  const meCache = createMeCache();
  listenForUserRecords(transport, meCache);
  const tickets = createTicketBook({
    secret: config.liveTicketSecret ?? loadOrCreateTicketSecret(config.dataDir),
    now,
    tokens,
    redis: redis ? { client: redis, prefix: config.redisPrefix } : undefined,
  });
  const lifecycle = createLifecycle();
  const deps: AppDeps = {
    db,
    config,
    mailer,
    hub,
    now,
    limits,
    tokens,
    meCache,
    tickets,
    metrics,
    redis,
    lifecycle,
    sendMailInBackground(mail: Mail) {
      const sending = mailer
        .send(mail)
        .catch((error: unknown) => app.log.error({ err: error, to: mail.to }, 'mail not sent'))
        .finally(() => pendingMail.delete(sending));
      pendingMail.add(sending);
    },
  };
  app.decorate('deps', deps);

  installErrorHandler(app);
  // Routes declare their input with the contract's zod schemas (server/http/zod-validation.ts).
  installZodSchemas(app);
  installRequestLog(app, metrics);
  installDrainHeaders(app, lifecycle);
  await installSecurityHeaders(app);
  installPreAuthWriteLimits(app, limits, tokens);
  installProtocolCheck(app);
  installAuth(app, { tokens });
  installUserWriteLimits(app, limits);
  installInputGuards(app);
  installIdempotency(app, { db, now });
  // After the idempotency hook (it stores plain JSON) and before every route (compression.ts).
  await registerCompression(app);

  await app.register(fastifyMultipart, {
    // Per-route limits are set where the file is read; these are the outer bounds.
    limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 10, parts: 11, fieldSize: 1024 },
  });
  await app.register(fastifyWebsocket, {
    options: { maxPayload: MAX_CLIENT_FRAME_BYTES },
    // A client's broken or oversized frame is the client's problem: info, not error.
    errorHandler: (error, socket, request) => {
      request.log.info({ err: error }, 'live socket error');
      socket.terminate();
    },
  });

  registerAccountRoutes(app, deps);
  registerMeRoutes(app, deps);
  registerSecurityRoutes(app, deps);
  registerAvatarRoutes(app, deps);
  registerDirectoryRoutes(app, deps);
  registerResetRoutes(app, deps);
  registerLiveRoutes(app, deps);
  registerSocialRoutes(app, deps);
  registerDeckRoutes(app, deps);
  registerGameRoutes(app, deps);
  registerRestWrites(app, serverMutators);
  registerCardRoutes(
    app,
    deps,
    redis ? { spacing: redisSpacing(redis, config.redisPrefix), cache: redisCardCache(redis, config.redisPrefix) } : {},
  );
  registerSyncRoutes(app, deps);
  registerOpsRoutes(app, {
    ...deps,
    pingDatabase: options.database?.ping ?? (async () => void (await db.execute(sql`SELECT 1`))),
    lastDatabaseUse: () => options.database?.pool.lastSuccess() ?? 0,
  });
  await registerPush(app, deps);
  registerOpenApiRoute(app, APP_VERSION_LABEL);
  await registerStatic(app, config.staticDir);

  let timer: NodeJS.Timeout | undefined;
  if (options.maintenance !== false) {
    timer = setInterval(() => {
      runMaintenance(db, now()).catch((error: unknown) => app.log.error({ err: error }, 'maintenance failed'));
    }, MAINTENANCE_INTERVAL_MS);
    timer.unref();
  }

  app.addHook('preClose', async () => {
    if (timer) clearInterval(timer);
    await hub.close();
  });
  app.addHook('onClose', async () => {
    await Promise.allSettled([...pendingMail]);
    await mailer.close();
    await opened.close();
    await redis?.quit().catch(() => redis.disconnect());
  });
  return app;
}
