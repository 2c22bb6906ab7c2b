/**
 * Path parameter schemas for the document. They are `documented` only: a route answers a
 * malformed id with its own 404 (as if the row did not exist) and a malformed token with its
 * own message, so Fastify does not check them; handlers read them as strings.
 */
import * as z from 'zod/mini';
import { documented, type PathParams } from './zod-validation';

const uuid = z.string().check(z.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i));

/** `{ name: uuid }` for each name, e.g. uuidParams('id', 'userId'). */
export function uuidParams<const K extends string>(...names: K[]): PathParams<K> {
  return documented(z.object(Object.fromEntries(names.map((name) => [name, uuid])))) as unknown as PathParams<K>;
}

/** A secret from a link (e-mail change, password reset, game claim). */
export const tokenParams = documented(z.object({ token: z.string() })) as unknown as PathParams<'token'>;
