/**
 * Checks on every request body before any route's own validation (and before the idempotency
 * reservation, which runs in preHandler): a JSON body may not hold U+0000 in any string or
 * key. PostgreSQL refuses NUL in text (22021) and in jsonb (22P02), so without this net one
 * field a route forgot to check was a 500, reachable without a token through login.
 */
import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors';

export const NUL_IN_BODY_MESSAGE = 'The request body cannot contain the character U+0000.';

/** Bodies are at most JSON_BODY_LIMIT (64 KB), so the walk is short; the depth cap stops a pathological nesting. */
const MAX_DEPTH = 64;

export function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (value === null || typeof value !== 'object') return false;
  if (depth > MAX_DEPTH) return true;
  if (Array.isArray(value)) return value.some((item) => containsNul(item, depth + 1));
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\u0000') || containsNul(item, depth + 1)) return true;
  }
  return false;
}

export function installInputGuards(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => {
    if (request.body !== undefined && !request.isMultipart() && containsNul(request.body)) return done(badRequest(NUL_IN_BODY_MESSAGE));
    done();
  });
}
