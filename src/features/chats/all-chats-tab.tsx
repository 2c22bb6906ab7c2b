/**
 * The 'All Chats' tab: the inbox — recent activity (one row per conversation), friend requests,
 * pod invites, game invites. Waiting friend requests and pod invites are pinned as one row at the
 * top (requests-row.tsx) that unfolds their two sections; with none, the sections sit under
 * Recent Activity.
 */
import { IncomingFriendRequests } from '../friends/friend-requests';
import { GameInvites } from '../game/invites/game-invites';
import { PodInvitations } from '../pods/pod-invitations';
import { ActivityFeed } from './activity-feed';
import type { ChatTarget } from './inbox-rows';
import { RequestsRow, usePendingInvites } from './requests-row';
import { usePullOnMount } from '../../ui/sync-hooks';

export const REQUESTS_FAILED = 'Failed to load pending requests.';

interface AllChatsTabProps {
  myId: string;
  onOpenActivity(target: ChatTarget): void;
}

export function AllChatsTab({ myId, onOpenActivity }: AllChatsTabProps) {
  usePullOnMount();
  const pending = usePendingInvites(myId);
  const requests = (
    <>
      <section aria-labelledby="friend-requests-title">
        <h2 id="friend-requests-title">Friend Requests</h2>
        <IncomingFriendRequests errorText={REQUESTS_FAILED} />
      </section>
      <section aria-labelledby="pod-invites-title">
        <h2 id="pod-invites-title">Pod Invites</h2>
        <PodInvitations myId={myId} />
      </section>
    </>
  );
  const pinned = pending !== undefined && pending > 0;
  return (
    <div className="stack">
      {pinned ? <RequestsRow count={pending}>{requests}</RequestsRow> : null}
      <section aria-labelledby="recent-activity-title">
        <h2 id="recent-activity-title">Recent Activity</h2>
        <ActivityFeed myId={myId} onOpen={onOpenActivity} />
      </section>
      {pinned ? null : requests}
      <section aria-labelledby="game-invites-title">
        <h2 id="game-invites-title">Game Invites</h2>
        <GameInvites />
      </section>
    </div>
  );
}
