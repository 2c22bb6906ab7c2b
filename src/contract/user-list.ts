/**
 * GET /api/users?limit=&after=&username= : the directory, a page at a time (the spec's "all
 * users" is a list of public users; the server never answers every account at once).
 * - `limit`: 1–USER_LIST_PAGE_MAX, default USER_LIST_PAGE_DEFAULT;
 * - `after`: the last username of the previous page (pages go by username, case-insensitively);
 *   the answer's `Link: <…>; rel="next"` header names the next page while there may be one;
 * - `username`: only the accounts with this username, case-insensitively ("Find a friend"
 *   checks one name, whoever many accounts there are).
 */
import * as z from 'zod/mini';
import { safeText } from './text';

export const USER_LIST_PAGE_DEFAULT = 100;
export const USER_LIST_PAGE_MAX = 200;

const LIMIT_TEXT = `limit must be a whole number from 1 to ${USER_LIST_PAGE_MAX}.`;
const NAME_TEXT = 'Give one username.';

export const userListQuery = z.object({
  limit: z._default(
    z.coerce.number({ error: LIMIT_TEXT }).check(z.int(LIMIT_TEXT), z.minimum(1, LIMIT_TEXT), z.maximum(USER_LIST_PAGE_MAX, LIMIT_TEXT)),
    USER_LIST_PAGE_DEFAULT,
  ),
  after: z.optional(safeText({ error: NAME_TEXT }).check(z.maxLength(256, 'The username is too long.'))),
  username: z.optional(safeText({ error: NAME_TEXT }).check(z.maxLength(256, 'The username is too long.'))),
});
export type UserListQuery = z.infer<typeof userListQuery>;
