/** What route modules get from buildApp. Later features take the same object. */
import type { TokenResolver } from './auth/token-cache';
import type { Config } from './config';
import type { Db } from './db/types';
import type { Limits } from './limits';
import type { LiveHub } from './live/hub';
import type { TicketBook } from './live/tickets';
import type { Mail, Mailer } from './mail';
import type { Metrics } from './metrics';
import type { Lifecycle } from './ops/lifecycle';
import type { RedisClient } from './redis';
import type { MeCache } from './users/me-cache';

export interface AppDeps {
  db: Db;
  config: Config;
  mailer: Mailer;
  /** Sends a mail without making the answer wait for it (failures are logged; app.close waits). */
  sendMailInBackground(mail: Mail): void;
  hub: LiveHub;
  /** The clock; tests move it to expire tokens. */
  now: () => Date;
  /** Rate limits and the login brake (server/limits). */
  limits: Limits;
  /** Bearer token → user, cached; revocations clear it on every process. */
  tokens: TokenResolver;
  /** GET /api/users/me's answers, cached per user; kept current from the bus (users/me-cache.ts). */
  meCache: MeCache;
  tickets: TicketBook;
  /** Prometheus metrics; e.g. `metrics.syncPushes.inc(n)` in the push route. */
  metrics: Metrics;
  /** The shared command connection when REDIS_URL is set. */
  redis: RedisClient | undefined;
  /** Draining (SIGTERM) state: readiness and new connections. */
  lifecycle: Lifecycle;
}
