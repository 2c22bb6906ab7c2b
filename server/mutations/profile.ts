/** profile.update: PUT /api/users/me's change (display name, e-mail, default deck). */
import { eq, sql } from 'drizzle-orm';
import { AccountText, ServerText, updateMeBody, userSchema } from '../../src/contract/users';
import { requireUser } from '../auth/authenticate';
import { users } from '../db/schema';
import { findOwnDeck } from '../decks/repo';
import { badRequest, unauthorized } from '../errors';
import { findUserById, rethrowUserConflict } from '../users/repo';
import { toUser } from '../users/view';
import { checkProfileEmailChange } from '../users/email-change';
import { restRoute } from '../http/rest-route';
import type { ServerMutator, ServerMutators } from '../sync/mutator';
import { ref } from '../sync/refs';

export const CHOOSE_OWN_DECK = 'Choose one of your decks.';

/** Blank (after trimming) means "none". */
function blankToNull(value: string | null): string | null {
  return value === null || value.trim() === '' ? null : value.trim();
}

export const profileUpdate: ServerMutator<'profile.update'> = {
  /**
   * An e-mail change is never made here: it needs the current password and a confirmation from
   * the new address (server/users/email-change.ts), checked before the mutation runs.
   */
  rest: [
    restRoute({
      method: 'PUT',
      url: '/api/users/me',
      schema: { body: updateMeBody, response: { 200: userSchema } },
      status: 200,
      args: async (request) => {
        const { body } = request;
        await checkProfileEmailChange(request.server.deps, request.log, requireUser(request).id, body, request.ip);
        const { email: _email, currentPassword: _password, ...patch } = body;
        return patch;
      },
    }),
  ],
  async apply({ tx, me, now, log }, body) {
    const patch: Partial<typeof users.$inferInsert> = {};
    if (body.displayName !== undefined) patch.displayName = blankToNull(body.displayName);
    // A new e-mail needs the current password and a confirmation (server/users/email-change.ts):
    // never from a queued write, which must not carry a password.
    if (body.email !== undefined) {
      const current = await findUserById(tx, me.id);
      if (current && current.email.toLowerCase() !== body.email.toLowerCase()) throw badRequest(AccountText.currentPasswordRequired);
    }
    if (body.defaultDeckId !== undefined) patch.defaultDeckId = blankToNull(body.defaultDeckId);
    if (patch.defaultDeckId && !(await findOwnDeck(tx, me.id, patch.defaultDeckId))) throw badRequest(CHOOSE_OWN_DECK);
    if (Object.keys(patch).length === 0) {
      const row = await findUserById(tx, me.id);
      if (!row) throw unauthorized(ServerText.unauthorized);
      return toUser(row);
    }
    let row;
    try {
      [row] = await tx
        .update(users)
        .set({ ...patch, updatedAt: now, rev: sql`${users.rev} + 1` })
        .where(eq(users.id, me.id))
        .returning();
    } catch (error) {
      rethrowUserConflict(error);
    }
    if (!row) throw unauthorized(ServerText.unauthorized);
    const user = toUser(row);
    log.emit([me.id], [ref('user', me.id)], { type: 'USER_UPDATED', payload: user });
    return user;
  },
  async current({ tx, me }) {
    const row = await findUserById(tx, me.id);
    return row ? toUser(row) : null;
  },
};

/** This entity's write kinds, registered by server/mutations/index.ts. */
export const profileMutators = {
  'profile.update': profileUpdate,
} satisfies Partial<ServerMutators>;
