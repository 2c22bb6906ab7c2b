/**
 * Every error answer is JSON `{ "message": "…" }` with an honest status. Bad input is a 4xx,
 * never a 500; a 500 says nothing about the internals and is logged in full (redacted).
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isDataException } from './db/errors';
import { baselineSecurityHeaders } from './security-headers';

export const INVALID_VALUE_MESSAGE = 'A value in the request is not valid or out of range.';
import { BUSY_RETRY_AFTER_SECONDS, isDatabaseBusy } from './db/backpressure';
import { redactUrl } from './logging';

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message: string) => new HttpError(401, message);
export const forbidden = (message = 'You are not allowed to do that.') => new HttpError(403, message);
export const notFound = (message = 'Not found.') => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new HttpError(429, message, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) });

export const INTERNAL_ERROR_MESSAGE = 'Something went wrong on our side. Please try again.';
export const BUSY_MESSAGE = 'The server is busy. Please try again in a moment.';

/** Fastify's and its plugins' client errors, in words a person can act on. */
const KNOWN_CLIENT_ERRORS: Record<string, { status: number; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: 'The request body is not valid JSON.' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, message: 'The request body is empty; send a JSON object.' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: 'The request body is too large.' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, message: 'Unsupported content type; send JSON (application/json).' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, message: 'The request body does not match its Content-Length.' },
  FST_PROTO_VIOLATION: { status: 400, message: 'The request body is not allowed.' },
  FST_CONSTRUCTOR_VIOLATION: { status: 400, message: 'The request body is not allowed.' },
  FST_REQ_FILE_TOO_LARGE: { status: 413, message: 'The file is too large.' },
  FST_PARTS_LIMIT: { status: 413, message: 'Too many parts in the upload.' },
  FST_FILES_LIMIT: { status: 413, message: 'Too many files in the upload.' },
  FST_FIELDS_LIMIT: { status: 413, message: 'Too many fields in the upload.' },
  FST_INVALID_MULTIPART_CONTENT_TYPE: { status: 415, message: 'Send the upload as multipart/form-data.' },
};

function isFastifyError(error: unknown): error is FastifyError {
  return error instanceof Error && typeof (error as FastifyError).code === 'string';
}

export function sendError(reply: FastifyReply, status: number, message: string, headers: Record<string, string> = {}) {
  return reply.code(status).headers(headers).type('application/json; charset=utf-8').send({ message });
}

/** For Fastify's `frameworkErrors` option: router-level failures that never reach the error handler. */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  // No hook has run (helmet's neither): the security headers are set here.
  const headers = baselineSecurityHeaders();
  if (error.code === 'FST_ERR_BAD_URL') return sendError(reply, 400, 'The address is not valid.', headers);
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') return sendError(reply, 414, 'The address is too long.', headers);
  request.log.error({ err: error }, 'request failed');
  return sendError(reply, 500, INTERNAL_ERROR_MESSAGE, headers);
}

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    // No database connection came free in time: back-pressure, not a fault (db/backpressure.ts).
    if (isDatabaseBusy(error)) {
      request.log.warn({ route: request.routeOptions.url }, 'database busy; answered 503');
      return sendError(reply, 503, BUSY_MESSAGE, { 'retry-after': String(BUSY_RETRY_AFTER_SECONDS) });
    }
    if (error instanceof HttpError) {
      if (error.statusCode >= 500) request.log.error({ err: error, ...where(request) }, 'request failed');
      return sendError(reply, error.statusCode, error.message, error.headers);
    }
    if (isFastifyError(error)) {
      const known = KNOWN_CLIENT_ERRORS[error.code];
      if (known) {
        request.log.info({ code: error.code, statusCode: known.status }, 'client error');
        return sendError(reply, known.status, known.message);
      }
    }
    // Other client errors from Fastify and its plugins (e.g. @fastify/send's 403 on a directory).
    const status = (error as { statusCode?: unknown } | null)?.statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      request.log.info({ err: error }, 'client error');
      return sendError(reply, status, (error as Error).message || 'Bad request.');
    }
    if (isDataException(error)) {
      // Logged as a warning: the contract should have stopped this value; the net caught it.
      request.log.warn({ err: error }, 'database refused a value from the request');
      return sendError(reply, 400, INVALID_VALUE_MESSAGE);
    }
    request.log.error({ err: error, ...where(request) }, 'request failed');
    return sendError(reply, 500, INTERNAL_ERROR_MESSAGE);
  });
}

/** Per-request lines are off at info (ops/request-log.ts), so an error line says where it happened. */
function where(request: FastifyRequest) {
  return { method: request.method, url: redactUrl(request.url), route: request.routeOptions.url };
}
