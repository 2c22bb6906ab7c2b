/**
 * buildApp: the whole HTTP + WebSocket server as a Fastify instance, not listening yet (tests
 * listen on 127.0.0.1:0). Everything it needs comes in as arguments; main.ts wires the real
 * ones. Later features add a `registerXRoutes(app, deps)` call below.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyMultipart from '@fastify/multipart';
import fastifyWebsocket from '@fastify/websocket';
import { AVATAR_MAX_BYTES } from '../src/contract/limits';
import { installAuth } from './auth/authenticate';
import { createRateLimiters, type RateLimitSettings } from './auth/rateLimits';
import { registerResetRoutes } from './auth/resetRoutes';
import { registerCardRoutes } from './cards/routes';
import type { Config } from './config';
import type { Db } from './db/types';
import { registerDeckRoutes } from './decks/routes';
import type { AppDeps } from './deps';
import { frameworkErrors, installErrorHandler } from './errors';
import { registerGameRoutes } from './games/routes';
import { installIdempotency } from './idempotency';
import { LiveHub, MAX_CLIENT_FRAME_BYTES } from './live/hub';
import { registerLiveRoutes } from './live/routes';
import { createTransport, type LiveTransport } from './live/transport';
import { loggerOptions } from './logging';
import type { Mail, Mailer } from './mail';
import { MAINTENANCE_INTERVAL_MS, runMaintenance } from './maintenance';
import { registerSocialRoutes } from './social';
import { registerStatic } from './static';
import { registerAccountRoutes } from './users/accountRoutes';
import { registerAvatarRoutes } from './users/avatarRoutes';
import { registerDirectoryRoutes } from './users/directoryRoutes';
import { registerMeRoutes } from './users/meRoutes';

/** JSON bodies: the largest legitimate one (a profile edit, a 1024-character message) is far below this. */
export const JSON_BODY_LIMIT = 64 * 1024;

export interface BuildAppOptions {
  db: Db;
  config: Config;
  mailer: Mailer;
  /** Defaults to the wall clock. */
  now?: () => Date;
  rateLimits?: Partial<RateLimitSettings>;
  /** Defaults to LISTEN/NOTIFY when config.databaseUrl is set, else the in-process transport. */
  liveTransport?: LiveTransport;
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
    bodyLimit: JSON_BODY_LIMIT,
    trustProxy: config.trustProxy,
    // Path parameters are ids and tokens (43 characters); longer ones are answered 414.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 256 },
    frameworkErrors,
  });

  const pendingMail = new Set<Promise<void>>();
  const hub = new LiveHub(options.liveTransport ?? (await createTransport({ databaseUrl: config.databaseUrl, db, log: app.log })), app.log);
  const deps: AppDeps = {
    db,
    config,
    mailer,
    hub,
    now,
    limiters: createRateLimiters(options.rateLimits),
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
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('x-content-type-options', 'nosniff');
    return payload;
  });
  installAuth(app, { db, now });
  installIdempotency(app, { db, now });

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
  registerAvatarRoutes(app, deps);
  registerDirectoryRoutes(app, deps);
  registerResetRoutes(app, deps);
  registerLiveRoutes(app, deps);
  registerSocialRoutes(app, deps);
  registerDeckRoutes(app, deps);
  registerGameRoutes(app, deps);
  registerCardRoutes(app, deps);
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
  });
  return app;
}
