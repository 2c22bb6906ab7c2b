/** The signed-in user's own record: read and partial update (spec section 7). */
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { ServerText, updateMeBody, type User } from '../../src/contract/users';
import { requireUser } from '../auth/authenticate';
import { users } from '../db/schema';
import type { AppDeps } from '../deps';
import { findOwnDeck } from '../decks/repo';
import { badRequest, unauthorized } from '../errors';
import { parseBody } from '../validate';
import { findUserById, rethrowUserConflict } from './repo';
import { toUser } from './view';

export const CHOOSE_OWN_DECK = 'Choose one of your decks.';

/** Blank (after trimming) means "none". */
function blankToNull(value: string | null): string | null {
  return value === null || value.trim() === '' ? null : value.trim();
}

export function registerMeRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;

  app.get('/api/users/me', { config: { auth: true } }, async (request) => {
    const row = await findUserById(db, requireUser(request).id);
    if (!row) throw unauthorized(ServerText.unauthorized);
    return toUser(row);
  });

  app.put('/api/users/me', { config: { auth: true, idempotent: true } }, async (request) => {
    const { id } = requireUser(request);
    const body = parseBody(updateMeBody, request.body);
    const patch: Partial<typeof users.$inferInsert> = {};
    if (body.displayName !== undefined) patch.displayName = blankToNull(body.displayName);
    if (body.email !== undefined) patch.email = body.email;
    if (body.defaultDeckId !== undefined) patch.defaultDeckId = blankToNull(body.defaultDeckId);
    if (patch.defaultDeckId && !(await findOwnDeck(db, id, patch.defaultDeckId))) throw badRequest(CHOOSE_OWN_DECK);

    if (Object.keys(patch).length === 0) {
      const row = await findUserById(db, id);
      if (!row) throw unauthorized(ServerText.unauthorized);
      return toUser(row);
    }
    let row;
    try {
      [row] = await db
        .update(users)
        .set({ ...patch, updatedAt: deps.now() })
        .where(eq(users.id, id))
        .returning();
    } catch (error) {
      rethrowUserConflict(error);
    }
    if (!row) throw unauthorized(ServerText.unauthorized);
    const user: User = toUser(row);
    deps.hub.publishToUsers([id], { type: 'USER_UPDATED', payload: user });
    return user;
  });
}
