/**
 * Boundary validation: zod schemas from src/contract; the first issue's message becomes a 400.
 * Routes declare their schemas (server/http/zod-validation.ts, which answers with the same
 * texts); parseBody is left for the few handlers that must check in their own order.
 */
import * as z from 'zod/mini';
import { badRequest } from './errors';

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A JSON body must be an object; then the schema decides. */
export function parseBody<S extends z.core.$ZodType>(schema: S, body: unknown): z.output<S> {
  if (!isPlainObject(body)) throw badRequest('The request body must be a JSON object.');
  return parseValue(schema, body);
}

export function parseValue<S extends z.core.$ZodType>(schema: S, value: unknown): z.output<S> {
  // The functional form takes any zod schema: the contract's (zod/mini) and the server's own (zod).
  const result = z.safeParse(schema, value);
  if (result.success) return result.data;
  throw badRequest(issueMessage(result.error));
}

/** The first issue in words a person can act on. */
export function issueMessage(error: z.core.$ZodError): string {
  const issue = error.issues[0];
  const field = issue?.path.length ? issue.path.join('.') : undefined;
  // zod's own texts ("Invalid input: expected string, received number") do not name the field; ours do.
  if (issue && field && issue.message.startsWith('Invalid input')) return `${field}: ${issue.message}`;
  return issue?.message ?? 'Invalid request.';
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids in paths are checked before they reach a uuid column (a malformed uuid is a database error, not a 404). */
export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}
