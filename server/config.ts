/** Environment → server configuration. Invalid values stop the start with a message naming the variable. */
import path from 'node:path';
import { isPublicHttpsOrigin } from './push/public-origin';
import { TrustProxyError, parseTrustProxy, type TrustProxy } from './trust-proxy';

export interface Config {
  port: number;
  host: string;
  /** Absolute. Holds pgdata/ (embedded database), the lock file and outbox/ (mail without SMTP). */
  dataDir: string;
  /** When set, a real PostgreSQL is used instead of the embedded PGlite. */
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Public origin used in mailed links, without a trailing slash. */
  appUrl: string;
  /** Absolute. The built app (vite build output); skipped when the folder does not exist. */
  staticDir: string;
  logLevel: string;
  /** Whose X-Forwarded-For / X-Forwarded-Proto to believe (TRUST_PROXY: a hop count or addresses/CIDRs; server/trust-proxy.ts). */
  trustProxy: TrustProxy;
  /** A request's headers and body must have arrived within this, or it is answered 408 and its socket closed (server/http-timeouts.ts). */
  requestTimeoutMs: number;
  /** Base URL of the Scryfall-compatible card service behind /api/cards, without a trailing slash. */
  cardApiUrl: string;
  /** When set: live bus, rate limits and the login brake, ticket single use and the card service's spacing and cache live in this Redis. */
  redisUrl: string | undefined;
  /** Prefix of every Redis key and channel, so several deployments (or test runs) can share one Redis. */
  redisPrefix: string;
  /** PostgreSQL connections per process (DATABASE_URL only; the embedded database has one). */
  dbPoolSize: number;
  /** How long a request may wait for a database connection before it is answered 503 + Retry-After. */
  dbQueueTimeoutMs: number;
  /** On SIGTERM, live sockets are closed (1012) spread over this window so clients do not reconnect at once. */
  drainWindowMs: number;
  /** HMAC key of live tickets; shared by every process. Unset: generated once into DATA_DIR/live-ticket.secret. */
  liveTicketSecret: string | undefined;
  /** Bearer token for GET /metrics; unset: /metrics answers only direct loopback connections. */
  metricsToken: string | undefined;
  /** Multiplies every write limit (server/limits/policies.ts); 1 in production, more for load tests. */
  rateLimitScale: number;
  /** Who runs this server, told to push services in every VAPID token (an https: or mailto: URL). */
  vapidSubject: string;
  /**
   * Origins push endpoints may have (PUSH_SERVICE_ORIGINS, comma-separated; `https://*.host`
   * for any host under one); null: the browsers' push services (server/push/push-services.ts).
   */
  pushServiceOrigins: string[] | null;
  /** PUSH_ALLOW_PRIVATE=1, tests only: push services on http, IP literals, other ports and private addresses (server/push/endpoints.ts). */
  pushAllowPrivate: boolean;
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

export class ConfigError extends Error {}

function nonEmpty(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Config {
  const portText = nonEmpty(env.PORT) ?? '8080';
  const port = Number(portText);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new ConfigError(`PORT must be a port number (0–65535), not "${portText}".`);

  const logLevel = nonEmpty(env.LOG_LEVEL)?.toLowerCase() ?? 'info';
  if (!LOG_LEVELS.includes(logLevel)) throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, not "${logLevel}".`);

  const appUrl = (nonEmpty(env.APP_URL) ?? `http://localhost:${port}`).replace(/\/+$/, '');
  try {
    new URL(appUrl);
  } catch {
    throw new ConfigError(`APP_URL must be an absolute URL such as https://podtable.example, not "${appUrl}".`);
  }

  const cardApiUrl = (nonEmpty(env.CARD_API_URL) ?? 'https://api.scryfall.com').replace(/\/+$/, '');
  if (!/^https?:\/\//i.test(cardApiUrl) || !URL.canParse(cardApiUrl)) {
    throw new ConfigError(`CARD_API_URL must be an http(s) URL such as https://api.scryfall.com, not "${cardApiUrl}".`);
  }

  const scaleText = nonEmpty(env.RATE_LIMIT_SCALE) ?? '1';
  const rateLimitScale = Number(scaleText);
  if (!Number.isFinite(rateLimitScale) || rateLimitScale < 1 || rateLimitScale > 10_000) {
    throw new ConfigError(`RATE_LIMIT_SCALE must be a number from 1 to 10000, not "${scaleText}".`);
  }
  const redisUrl = nonEmpty(env.REDIS_URL);
  if (redisUrl && !/^rediss?:\/\//i.test(redisUrl)) throw new ConfigError(`REDIS_URL must be a redis:// or rediss:// URL, not "${redisUrl}".`);

  const liveTicketSecret = nonEmpty(env.LIVE_TICKET_SECRET);
  if (liveTicketSecret !== undefined && liveTicketSecret.length < 32) throw new ConfigError('LIVE_TICKET_SECRET must be at least 32 characters long.');

  const vapidSubject = nonEmpty(env.VAPID_SUBJECT) ?? defaultVapidSubject(appUrl, nonEmpty(env.MAIL_FROM));
  if (!/^(https:\/\/|mailto:)/i.test(vapidSubject) || !URL.canParse(vapidSubject)) {
    throw new ConfigError(`VAPID_SUBJECT must be an https: or mailto: URL such as mailto:admin@podtable.example, not "${vapidSubject}".`);
  }

  const originsText = nonEmpty(env.PUSH_SERVICE_ORIGINS);
  const pushServiceOrigins = originsText ? originsText.split(',').map((origin) => origin.trim()).filter(Boolean) : null;
  const pushAllowPrivate = ['1', 'true', 'yes'].includes((nonEmpty(env.PUSH_ALLOW_PRIVATE) ?? '').toLowerCase());
  for (const origin of pushServiceOrigins ?? []) {
    if (!/^https?:\/\//i.test(origin) || !URL.canParse(origin) || new URL(origin).origin !== origin.replace(/\/+$/, '')) {
      throw new ConfigError(`PUSH_SERVICE_ORIGINS must list origins such as https://fcm.googleapis.com, not "${origin}".`);
    }
    if (!pushAllowPrivate && !isPublicHttpsOrigin(new URL(origin))) {
      throw new ConfigError(`PUSH_SERVICE_ORIGINS must list https push services on port 443 by name, not "${origin}" (a local test push service needs PUSH_ALLOW_PRIVATE=1).`);
    }
  }

  let trustProxy: TrustProxy;
  try {
    trustProxy = parseTrustProxy(env.TRUST_PROXY);
  } catch (error) {
    if (error instanceof TrustProxyError) throw new ConfigError(error.message);
    throw error;
  }

  return {
    port,
    host: nonEmpty(env.HOST) ?? '127.0.0.1',
    dataDir: path.resolve(cwd, nonEmpty(env.DATA_DIR) ?? './data'),
    databaseUrl: nonEmpty(env.DATABASE_URL),
    smtpUrl: nonEmpty(env.SMTP_URL),
    mailFrom: nonEmpty(env.MAIL_FROM) ?? 'PodTable <no-reply@podtable.local>',
    appUrl,
    staticDir: path.resolve(cwd, nonEmpty(env.STATIC_DIR) ?? './dist'),
    logLevel,
    trustProxy,
    requestTimeoutMs: integer(env, 'REQUEST_TIMEOUT_MS', 60_000, 1000, 600_000),
    cardApiUrl,
    redisUrl,
    redisPrefix: nonEmpty(env.REDIS_PREFIX) ?? 'podtable:',
    dbPoolSize: integer(env, 'DB_POOL_SIZE', 10, 1, 1000),
    dbQueueTimeoutMs: integer(env, 'DB_QUEUE_TIMEOUT_MS', 5000, 1, 600_000),
    drainWindowMs: integer(env, 'DRAIN_WINDOW_MS', 10_000, 0, 600_000),
    liveTicketSecret,
    metricsToken: nonEmpty(env.METRICS_TOKEN),
    rateLimitScale,
    vapidSubject,
    pushServiceOrigins: pushServiceOrigins?.map((origin) => new URL(origin).origin) ?? null,
    pushAllowPrivate,
  };
}

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const text = nonEmpty(env[name]);
  if (text === undefined) return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < min || value > max) throw new ConfigError(`${name} must be a whole number from ${min} to ${max}, not "${text}".`);
  return value;
}

/** APP_URL when it is https (what push services expect), else the address mail comes from. */
function defaultVapidSubject(appUrl: string, mailFrom: string | undefined): string {
  if (appUrl.startsWith('https://')) return appUrl;
  const address = /<([^>]+)>/.exec(mailFrom ?? '')?.[1] ?? mailFrom ?? 'no-reply@podtable.local';
  return `mailto:${address}`;
}
