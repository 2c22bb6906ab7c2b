/** The 'Friends' tab: find, pending, friends list. */
import { usePullOnMount } from '../../ui/sync-hooks';
import { FindFriendForm } from './find-friend-form';
import { FriendsList } from './friends-list';
import { PendingRequests } from './friend-requests';

export const PENDING_FAILED = 'Unable to load pending friend requests.';

export function FriendsTab({ myId }: { myId: string }) {
  usePullOnMount();
  return (
    <div className="stack">
      <FindFriendForm myId={myId} />
      <section aria-labelledby="pending-title">
        <h2 id="pending-title">Pending</h2>
        <PendingRequests errorText={PENDING_FAILED} />
      </section>
      <section aria-labelledby="friends-title">
        <h2 id="friends-title">Friends</h2>
        <FriendsList />
      </section>
    </div>
  );
}
