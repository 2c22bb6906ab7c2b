/** The signed-in user's own record: read and partial update (the spec's "Users and auth" calls; the update is declared with the profile.update mutation, server/mutations/profile.ts). */
import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { users } from '../db/schema';
import { ServerText, userSchema } from '../../src/contract/users';
import { requireUser } from '../auth/authenticate';
import type { AppDeps } from '../deps';
import { unauthorized } from '../errors';
import { typed } from '../http/zod-validation';
import { toUser } from './view';

export function registerMeRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  const api = typed(app);

  // Built once (a named prepared statement on PostgreSQL), only the columns the answer shows.
  const readMe = db
    .select({
      id: users.id,
      username: users.username,
      displayName: users.displayName,
      email: users.email,
      avatarUrl: users.avatarUrl,
      defaultDeckId: users.defaultDeckId,
      rev: users.rev,
    })
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .prepare('users_me');

  // Answered from memory when the cache holds the user (users/me-cache.ts: kept current by every
  // process's USER_UPDATED events); one query otherwise.
  api.get('/api/users/me', { schema: { response: { 200: userSchema } } }, async (request) => {
    const id = requireUser(request).id;
    const cached = deps.meCache.get(id);
    if (cached) return cached;
    const [row] = await readMe.execute({ id });
    if (!row) throw unauthorized(ServerText.unauthorized);
    return deps.meCache.remember(toUser(row));
  });
}
