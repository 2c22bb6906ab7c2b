/**
 * Pending friend requests. Incoming ones carry Accept / Reject (their failures are only
 * logged, as the spec's error catalogue says); outgoing ones are marked 'Pending', and one the server refused
 * shows 'Failed to send friend request.' with Retry / Discard.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { friendRequests, outboxByTarget } from '../../db/queries';
import { nameOf } from '../../contract/names';
import type { FriendRequestRow } from '../../db/schema';
import { actions, db } from '../../sync/app';
import { pullKey } from '../../sync/engine/pull';
import { usePullState } from '../../ui/sync-hooks';
import { listState } from '../../ui/list-state';
import { ListStatus } from '../../ui/list-status';
import { FailedWrite, QueuedMark } from '../../ui/pending-mark';
import { Avatar } from '../profile/avatar';
import { REQUEST_FAILED } from './find-friend';

function Person({ user }: { user: FriendRequestRow['requester'] }) {
  return (
    <span className="row-static">
      <Avatar username={user.username} avatarUrl={user.avatarUrl} displayName={user.displayName} size={36} />
      <span className="row-text">
        <span className="row-title">{nameOf(user)}</span>
        <span className="row-detail muted">@{user.username}</span>
      </span>
    </span>
  );
}

export function IncomingRequestItem({ request }: { request: FriendRequestRow }) {
  const name = nameOf(request.requester);
  return (
    <li className="row-with-actions">
      <Person user={request.requester} />
      <span className="button-row">
        <button type="button" className="button" aria-label={`Accept ${name}`} onClick={() => void actions.mutate('friend.accept', { friendshipId: request.friendshipId })}>
          Accept
        </button>
        <button type="button" className="button button--secondary" aria-label={`Reject ${name}`} onClick={() => void actions.mutate('friend.reject', { friendshipId: request.friendshipId })}>
          Reject
        </button>
      </span>
    </li>
  );
}

/** Incoming requests only (the All Chats tab's 'Friend Requests'). */
export function IncomingFriendRequests({ errorText }: { errorText: string }) {
  const incoming = useLiveQuery(() => friendRequests(db, 'incoming'), []);
  const pull = usePullState(pullKey('friendRequests'));
  return (
    <>
      <ListStatus state={listState(incoming, pull)} loading="Loading friend requests..." error={errorText} empty="No friend requests." />
      {incoming && incoming.length > 0 ? (
        <ul className="row-list">
          {incoming.map((request) => (
            <IncomingRequestItem key={request.friendshipId} request={request} />
          ))}
        </ul>
      ) : null}
    </>
  );
}

/** Incoming and outgoing (the Friends tab's 'Pending'). */
export function PendingRequests({ errorText }: { errorText: string }) {
  const incoming = useLiveQuery(() => friendRequests(db, 'incoming'), []);
  const outgoing = useLiveQuery(() => friendRequests(db, 'outgoing'), []);
  const unsent = useLiveQuery(() => outboxByTarget(db, 'friendRequests'), []);
  const pull = usePullState(pullKey('friendRequests'));
  const all = incoming && outgoing ? [...incoming, ...outgoing] : undefined;

  return (
    <>
      <ListStatus state={listState(all, pull)} loading="Loading friend requests..." error={errorText} empty="No pending requests." />
      {all && all.length > 0 ? (
        <ul className="row-list">
          {incoming!.map((request) => (
            <IncomingRequestItem key={request.friendshipId} request={request} />
          ))}
          {outgoing!.map((request) => (
            <li key={request.friendshipId}>
              <div className="row-with-actions">
                <Person user={request.addressee} />
                <span className="badge badge--pending">
                  Pending
                  {request.syncState === 'queued' ? <QueuedMark entry={unsent?.get(request.friendshipId)} /> : null}
                </span>
              </div>
              {request.syncState === 'failed' ? <FailedWrite text={REQUEST_FAILED} detail={request.syncError} entryId={request.friendshipId} /> : null}
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}
