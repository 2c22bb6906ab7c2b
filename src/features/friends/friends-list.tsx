/**
 * The friends list: Unfriend and Block, both after a confirmation. Unfriend is the spec's delete
 * call; Block is a real block (src/contract/blocks.ts), undone in Profile → Settings.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { friendsList } from '../../db/queries';
import { nameOf } from '../../contract/names';
import type { FriendshipRow } from '../../db/schema';
import { actions, db } from '../../sync/app';
import { pullKey } from '../../sync/engine/pull';
import { BlockText } from '../../contract/blocks';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { usePullState } from '../../ui/sync-hooks';
import { listState } from '../../ui/list-state';
import { ListStatus } from '../../ui/list-status';
import { Avatar } from '../profile/avatar';

export const FRIENDS_FAILED = 'Failed to load friends.';
export const NO_FRIENDS = 'No friends yet.';

type Removal = { friendship: FriendshipRow; mode: 'unfriend' | 'block' };

export function FriendsList() {
  const friends = useLiveQuery(() => friendsList(db), []);
  const pull = usePullState(pullKey('friends'));
  const [removal, setRemoval] = useState<Removal | null>(null);
  const removalName = removal ? nameOf(removal.friendship.friend) : '';

  return (
    <>
      <ListStatus state={listState(friends, pull)} loading="Loading friends..." error={FRIENDS_FAILED} empty={NO_FRIENDS} />
      {friends && friends.length > 0 ? (
        <ul className="row-list">
          {friends.map((friendship) => {
            const name = nameOf(friendship.friend);
            return (
              <li key={friendship.friendshipId} className="row-with-actions">
                <span className="row-static">
                  <Avatar username={friendship.friend.username} avatarUrl={friendship.friend.avatarUrl} displayName={friendship.friend.displayName} size={36} />
                  <span className="row-text">
                    <span className="row-title">{name}</span>
                    <span className="row-detail muted">@{friendship.friend.username}</span>
                  </span>
                  {friendship.syncState === 'queued' ? (
                    <span role="status" className="badge badge--pending">
                      Pending
                    </span>
                  ) : null}
                </span>
                <span className="button-row">
                  <button type="button" className="button button--secondary" aria-label={`Unfriend ${name}`} onClick={() => setRemoval({ friendship, mode: 'unfriend' })}>
                    Unfriend
                  </button>
                  <button type="button" className="button button--secondary" aria-label={`Block ${name}`} onClick={() => setRemoval({ friendship, mode: 'block' })}>
                    Block
                  </button>
                </span>
              </li>
            );
          })}
        </ul>
      ) : null}
      <ConfirmDialog
        open={removal !== null}
        title={removal?.mode === 'block' ? BlockText.confirmTitle(removalName) : `Unfriend ${removalName}?`}
        description={
          removal?.mode === 'block'
            ? BlockText.confirmText(removalName)
            : `${removalName} will be removed from your friends. You can send a new request later.`
        }
        confirmLabel={removal?.mode === 'block' ? 'Block' : 'Unfriend'}
        danger
        onCancel={() => setRemoval(null)}
        onConfirm={() => {
          if (removal?.mode === 'block') void actions.mutate('user.block', { userId: removal.friendship.friend.id, friendshipId: removal.friendship.friendshipId });
          else if (removal) void actions.mutate('friend.remove', { friendshipId: removal.friendship.friendshipId });
          setRemoval(null);
        }}
      />
    </>
  );
}
