/** Finding people: search by username and the directory, a page at a time. Public fields only, never e-mails. */
import type { FastifyInstance } from 'fastify';
import { and, asc, isNull, sql } from 'drizzle-orm';
import * as z from 'zod/mini';
import { USER_SEARCH_MAX_RESULTS } from '../../src/contract/limits';
import { safeText } from '../../src/contract/text';
import { userListQuery, type UserListQuery } from '../../src/contract/user-list';
import { publicUserSchema } from '../../src/contract/users';
import { users } from '../db/schema';
import type { AppDeps } from '../deps';
import { typed } from '../http/zod-validation';
import { toPublicUser } from './view';

const publicColumns = { id: users.id, username: users.username, displayName: users.displayName, avatarUrl: users.avatarUrl };

const searchQuery = z.object({
  username: z.optional(safeText({ error: 'Give one username to search for.' }).check(z.maxLength(256, 'The search text is too long.'))),
});

/** `q` for LIKE with its wildcards taken literally (ESCAPE '\'). */
export function escapeLike(q: string): string {
  return q.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function nextPage(query: UserListQuery, after: string): string {
  const params = new URLSearchParams({ limit: String(query.limit), after });
  if (query.username !== undefined) params.set('username', query.username);
  return `/api/users?${params.toString()}`;
}

export function registerDirectoryRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  const api = typed(app);

  api.get('/api/users/search', { schema: { querystring: searchQuery, response: { 200: z.array(publicUserSchema) } } }, async (request) => {
    const q = request.query.username?.trim() ?? '';
    if (!q) return [];
    const pattern = `%${escapeLike(q.toLowerCase())}%`;
    const rows = await db
      .select(publicColumns)
      .from(users)
      // A deleted account's tombstone is nobody to find.
      .where(and(isNull(users.deletedAt), sql`lower(${users.username}) LIKE ${pattern} ESCAPE '\\'`))
      // Exact match first, then names starting with the text, then the rest alphabetically.
      .orderBy(
        sql`lower(${users.username}) = ${q.toLowerCase()} DESC`,
        sql`lower(${users.username}) LIKE ${`${escapeLike(q.toLowerCase())}%`} ESCAPE '\\' DESC`,
        asc(sql`lower(${users.username})`),
      )
      .limit(USER_SEARCH_MAX_RESULTS);
    return rows.map(toPublicUser);
  });

  // A page at a time, by (lower(username), username): usernames are unique, so the pair orders
  // every account exactly once and `after` (the last username seen) resumes right behind it.
  api.get('/api/users', { schema: { querystring: userListQuery } }, async (request, reply) => {
    const query = request.query;
    const folded = sql`lower(${users.username})`;
    const conditions = [isNull(users.deletedAt)];
    if (query.username !== undefined) conditions.push(sql`${folded} = ${query.username.trim().toLowerCase()}`);
    if (query.after !== undefined) conditions.push(sql`(${folded}, ${users.username}) > (${query.after.toLowerCase()}, ${query.after})`);
    const rows = await db
      .select(publicColumns)
      .from(users)
      .where(and(...conditions))
      .orderBy(asc(folded), asc(users.username))
      .limit(query.limit);
    if (rows.length === query.limit) reply.header('link', `<${nextPage(query, rows.at(-1)!.username)}>; rel="next"`);
    return rows.map(toPublicUser);
  });
}
