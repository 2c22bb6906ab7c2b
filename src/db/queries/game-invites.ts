/** Game invitations in the mirror (only the invitee's own ever arrive), newest first. */
import type { GameInviteRow, PodTableDB } from '../schema';

export async function pendingGameInvites(db: PodTableDB): Promise<GameInviteRow[]> {
  const rows = await db.gameInvites.toArray();
  return rows.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}
