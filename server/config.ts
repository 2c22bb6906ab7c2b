/** Environment → server configuration. Invalid values stop the start with a message naming the variable. */
import path from 'node:path';

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
  /** Trust X-Forwarded-For (behind a reverse proxy) so rate limits see the client's address. */
  trustProxy: boolean;
  /** Base URL of the Scryfall-compatible card service behind /api/cards, without a trailing slash. */
  cardApiUrl: string;
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
    trustProxy: ['1', 'true', 'yes'].includes((nonEmpty(env.TRUST_PROXY) ?? '').toLowerCase()),
    cardApiUrl,
  };
}
