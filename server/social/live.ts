/**
 * Client → server pod messages on the live socket. Delivery of pod events follows membership
 * read per event (not subscriptions), so JOIN_POD grants nothing: it checks membership and
 * refuses a non-member with ERROR (the client learns at once it has lost the pod);
 * a member's JOIN_POD and any LEAVE_POD need no answer.
 */
import type { Db } from '../db/types';
import type { LiveHub } from '../live/hub';
import { isPodMember } from './pods-repo';
import { SocialText } from './text';

export function registerSocialLive(hub: LiveHub, db: Db): void {
  hub.onClientMessage('JOIN_POD', async (connection, message) => {
    if (!(await isPodMember(db, message.podId, connection.userId))) {
      connection.send({ type: 'ERROR', message: SocialText.notPodMember });
    }
  });
  hub.onClientMessage('LEAVE_POD', () => undefined);
}
