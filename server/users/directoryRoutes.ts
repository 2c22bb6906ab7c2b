/** Finding people: search by username and the full list. Public fields only, never e-mails. */
import type { FastifyInstance } from 'fastify';
import { asc, sql } from 'drizzle-orm';
import * as z from 'zod/mini';
import { USER_SEARCH_MAX_RESULTS } from '../../src/contract/limits';
import { safeText } from '../../src/contract/text';
import { users } from '../db/schema';
import type { AppDeps } from '../deps';
import { parseValue } from '../validate';
import { toPublicUser } from './view';

const publicColumns = { id: users.id, username: users.username, displayName: users.displayName, avatarUrl: users.avatarUrl };

const searchQuery = z.object({
  username: z.optional(safeText({ error: 'Give one username to search for.' }).check(z.maxLength(256, 'The search text is too long.'))),
});

/** `q` for LIKE with its wildcards taken literally (ESCAPE '\'). */
export function escapeLike(q: string): string {
  return q.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export function registerDirectoryRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;

  app.get('/api/users/search', { config: { auth: true } }, async (request) => {
    const q = parseValue(searchQuery, request.query).username?.trim() ?? '';
    if (!q) return [];
    const pattern = `%${escapeLike(q.toLowerCase())}%`;
    const rows = await db
      .select(publicColumns)
      .from(users)
      .where(sql`lower(${users.username}) LIKE ${pattern} ESCAPE '\\'`)
      // Exact match first, then names starting with the text, then the rest alphabetically.
      .orderBy(
        sql`lower(${users.username}) = ${q.toLowerCase()} DESC`,
        sql`lower(${users.username}) LIKE ${`${escapeLike(q.toLowerCase())}%`} ESCAPE '\\' DESC`,
        asc(sql`lower(${users.username})`),
      )
      .limit(USER_SEARCH_MAX_RESULTS);
    return rows.map(toPublicUser);
  });

  app.get('/api/users', { config: { auth: true } }, async () => {
    const rows = await db.select(publicColumns).from(users).orderBy(asc(sql`lower(${users.username})`));
    return rows.map(toPublicUser);
  });
}
