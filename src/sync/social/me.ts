import type { PublicUser } from '../../contract/users';
import type { PodTableDB } from '../../db/schema';
import { getCurrentUser } from '../../db/session';

/** The signed-in user's public fields, for optimistic rows. Throws when nobody is signed in. */
export async function currentPublicUser(db: PodTableDB): Promise<PublicUser> {
  const user = await getCurrentUser(db);
  if (!user) throw new Error('Not logged in.');
  return { id: user.id, username: user.username, displayName: user.displayName, avatarUrl: user.avatarUrl };
}
