/** Folds a live event into the mirror (design.md, "Push"). Every event is validated by the live client first. */
import type { ServerEvent } from '../contract/live';
import type { PodTableDB } from '../db/schema';
import { applyServerUser } from './current-user';
import { storeDirectMessages } from './social/direct-messages';
import { forgetFriendship, storeFriendRequests, storeFriendships } from './social/friends';
import { forgetPod, storePod, storePodInvitations, storePodMessages } from './social/pods';
import { storeServerGame } from './table/games';

export async function applyLiveEvent(db: PodTableDB, event: ServerEvent): Promise<void> {
  switch (event.type) {
    case 'USER_UPDATED':
      await applyServerUser(db, event.payload);
      return;
    case 'DIRECT_MESSAGE':
      await storeDirectMessages(db, [event.payload]);
      return;
    case 'POD_MESSAGE_NEW':
      await storePodMessages(db, [event.payload]);
      return;
    case 'POD_UPDATED':
      await storePod(db, event.payload);
      return;
    case 'POD_REMOVED':
      await forgetPod(db, event.podId);
      return;
    case 'FRIEND_REQUEST':
      await storeFriendRequests(db, [event.payload]);
      return;
    case 'FRIENDSHIP_UPDATED':
      await storeFriendships(db, [event.payload]);
      return;
    case 'FRIENDSHIP_REMOVED':
      await forgetFriendship(db, event.friendshipId);
      return;
    case 'POD_INVITATION':
      await storePodInvitations(db, [event.payload]);
      return;
    case 'POD_INVITATION_REMOVED':
      await db.podInvitations.delete(event.invitationId);
      return;
    case 'GAME_UPDATED':
      await storeServerGame(db, event.payload);
      return;
    case 'GAME_REMOVED':
      await db.transaction('rw', db.games, db.outbox, async () => {
        await db.games.delete(event.gameId);
        // Changes to a game that no longer exists can never be accepted.
        await db.outbox.where('[target.table+target.id]').equals(['games', event.gameId]).delete();
      });
      return;
    case 'PONG':
    case 'ERROR':
      return;
  }
}
