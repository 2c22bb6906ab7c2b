/** Other people's public fields in the users table; never over the signed-in user's private fields. */
import type { PublicUser } from '../../contract/users';
import type { PodTableDB, UserRow } from '../../db/schema';

export async function upsertPublicUsers(db: PodTableDB, users: readonly PublicUser[]): Promise<void> {
  const unique = new Map(users.map((user) => [user.id, user]));
  if (unique.size === 0) return;
  const existing = await db.users.bulkGet([...unique.keys()]);
  await db.users.bulkPut(
    [...unique.values()].map((user, index) => {
      const row = existing[index];
      const next = { ...(row ?? { email: undefined, defaultDeckId: null }), id: user.id, username: user.username, displayName: user.displayName, avatarUrl: user.avatarUrl } as UserRow;
      // Deletion is final: once marked, a row stays marked (an older payload may lack the flag).
      if (user.deleted || row?.deleted) next.deleted = true;
      else delete next.deleted;
      return next;
    }),
  );
}
