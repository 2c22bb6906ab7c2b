/**
 * The signed-in user's row in the mirror. Server rows win, but profile edits still in the
 * outbox are re-applied on top, so a pull never makes a pending edit flicker away.
 */
import { userSchema, type UpdateMeBody, type User } from '../contract/users';
import type { PodTableDB, UserRow } from '../db/schema';
import { readSession } from '../db/session';
import { entriesFor } from './outbox';
import type { Applier } from './sender';

export const PROFILE_UPDATE_KIND = 'profile.update';

export function patchUser(row: UserRow, patch: UpdateMeBody): UserRow {
  const next = { ...row };
  if (patch.displayName !== undefined) next.displayName = patch.displayName?.trim() ? patch.displayName.trim() : null;
  if (patch.email !== undefined) next.email = patch.email;
  if (patch.defaultDeckId !== undefined) next.defaultDeckId = patch.defaultDeckId;
  return next;
}

/** Writes a user the server sent; validates it first (the mirror holds only well-formed rows). */
export async function applyServerUser(db: PodTableDB, raw: unknown): Promise<User> {
  const user = userSchema.parse(raw);
  await db.transaction('rw', db.users, db.outbox, db.meta, async () => {
    let row: UserRow = user;
    const session = await readSession(db);
    if (session.userId === user.id) {
      for (const entry of await entriesFor(db, 'users', user.id)) {
        if (entry.kind === PROFILE_UPDATE_KIND) row = patchUser(row, entry.body as UpdateMeBody);
      }
    }
    await db.users.put(row);
  });
  return user;
}

export const profileUpdateApplier: Applier = {
  async applied(db, _entry, body) {
    await applyServerUser(db, body);
  },
};
