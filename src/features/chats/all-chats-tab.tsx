/** The 'All Chats' tab: the inbox — recent activity, friend requests, pod invites, game invites. */
import type { ActivityItem } from '../../db/queries';
import { IncomingFriendRequests } from '../friends/friend-requests';
import { GameInvites } from '../game/invites/game-invites';
import { PodInvitations } from '../pods/pod-invitations';
import { ActivityFeed } from './activity-feed';
import { usePullOnMount } from '../../ui/sync-hooks';

export const REQUESTS_FAILED = 'Failed to load pending requests.';

interface AllChatsTabProps {
  myId: string;
  onOpenActivity(item: ActivityItem): void;
}

export function AllChatsTab({ myId, onOpenActivity }: AllChatsTabProps) {
  usePullOnMount();
  return (
    <div className="stack">
      <section aria-labelledby="recent-activity-title">
        <h2 id="recent-activity-title">Recent Activity</h2>
        <ActivityFeed myId={myId} onOpen={onOpenActivity} />
      </section>
      <section aria-labelledby="friend-requests-title">
        <h2 id="friend-requests-title">Friend Requests</h2>
        <IncomingFriendRequests errorText={REQUESTS_FAILED} />
      </section>
      <section aria-labelledby="pod-invites-title">
        <h2 id="pod-invites-title">Pod Invites</h2>
        <PodInvitations myId={myId} />
      </section>
      <section aria-labelledby="game-invites-title">
        <h2 id="game-invites-title">Game Invites</h2>
        <GameInvites />
      </section>
    </div>
  );
}
