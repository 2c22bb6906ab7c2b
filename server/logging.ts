/**
 * Logger options for Fastify's pino. Invariant: no password, token, Authorization header or
 * URL carrying a token ever reaches the log. Tokens travel in three places, all redacted:
 * the Authorization header (never serialised), the `token` and `ticket` query parameters of /ws, and the
 * path of reset links (/api/auth/reset-password/:token and the app page /reset-password/:token),
 * of guest claim links (/api/games/claim/:token and the app page /claim/:token), of join links
 * (the app pages /join/:code and /join-guest/:code; the API takes a code in the body only), of TV links (the app page
 * /watch/:token and /api/watch/:token) and of e-mail
 * change links (/api/users/email-change/:token, the app pages /confirm-email/:token and
 * /undo-email/:token).
 * Database errors are reduced to message and code: drizzle's and PGlite's errors carry the
 * query parameters, which may hold hashes or e-mail addresses.
 */
import type { FastifyServerOptions } from 'fastify';

const REDACTED = '[redacted]';
const SECRET_QUERY_PARAMS = new Set(['token', 'ticket', 'access_token', 'password']);

/** The URL with every token-carrying part replaced by [redacted]. */
export function redactUrl(url: string): string {
  const queryAt = url.indexOf('?');
  const rawPath = queryAt === -1 ? url : url.slice(0, queryAt);
  const path = rawPath.replace(/(\/(?:reset-password|claim|join|join-guest|watch|email-change|confirm-email|undo-email)\/)[^/?#]*/gi, `$1${REDACTED}`);
  if (queryAt === -1) return path;
  const query = url
    .slice(queryAt + 1)
    .split('&')
    .map((pair) => {
      const name = pair.split('=', 1)[0] ?? '';
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        // keep the raw name
      }
      return SECRET_QUERY_PARAMS.has(decoded.toLowerCase()) ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
  return `${path}?${query}`;
}

interface RequestLike {
  id?: unknown;
  method?: string;
  url?: string;
  ip?: string;
  socket?: { remoteAddress?: string };
  routeOptions?: { url?: string };
}

function serializeRequest(req: RequestLike) {
  return {
    method: req.method,
    url: redactUrl(req.url ?? ''),
    route: req.routeOptions?.url,
    remoteAddress: req.ip ?? req.socket?.remoteAddress,
  };
}

interface ErrorLike {
  name?: unknown;
  message?: unknown;
  code?: unknown;
  statusCode?: unknown;
  stack?: unknown;
  query?: unknown;
  cause?: unknown;
}

function stackFrames(stack: unknown): string {
  if (typeof stack !== 'string') return '';
  return stack
    .split('\n')
    .filter((line) => /^\s+at /.test(line))
    .join('\n');
}

export function serializeError(error: unknown): Record<string, unknown> {
  if (!error || typeof error !== 'object') return { message: String(error) };
  const e = error as ErrorLike;
  const name = typeof e.name === 'string' ? e.name : 'Error';
  const isDrizzle = typeof e.query === 'string' && typeof e.message === 'string' && e.message.startsWith('Failed query:');
  // Drizzle's message is "Failed query: <sql>\nparams: <values>": keep the SQL, drop the values.
  const message = isDrizzle ? `Failed query: ${e.query as string}` : typeof e.message === 'string' ? e.message : '';
  const out: Record<string, unknown> = { type: name, message };
  if (typeof e.code === 'string' || typeof e.code === 'number') out.code = e.code;
  if (typeof e.statusCode === 'number') out.statusCode = e.statusCode;
  const frames = stackFrames(e.stack);
  if (frames) out.stack = `${name}: ${message}\n${frames}`;
  if (e.cause && e.cause !== error) {
    const cause = e.cause as ErrorLike;
    out.cause = {
      type: typeof cause.name === 'string' ? cause.name : 'Error',
      message: typeof cause.message === 'string' ? cause.message : String(cause),
      ...(typeof cause.code === 'string' ? { code: cause.code } : {}),
    };
  }
  return out;
}

export interface LoggerSettings {
  level: string;
  /** Tests pass a stream to read what was logged. */
  stream?: { write(line: string): void };
}

export function loggerOptions(settings: LoggerSettings): FastifyServerOptions['logger'] {
  return {
    level: settings.level,
    ...(settings.stream ? { stream: settings.stream } : {}),
    serializers: {
      req: serializeRequest,
      // Fastify's type wants pino's error shape; ours is a redacted subset of it.
      err: serializeError as never,
      error: serializeError,
    },
    // A second net under the serializers, for any object someone logs by mistake.
    redact: {
      paths: [
        'password',
        'newPassword',
        'currentPassword',
        '*.currentPassword',
        'token',
        'authorization',
        '*.password',
        '*.newPassword',
        '*.token',
        '*.authorization',
        'headers.authorization',
        '*.headers.authorization',
        'headers.cookie',
        '*.headers.cookie',
      ],
      censor: REDACTED,
    },
  };
}
