/** 'Recent Activity': direct and pod messages, newest first (a deleted one reads 'Message deleted'); each opens its chat. */
import { useLiveQuery } from 'dexie-react-hooks';
import { recentActivity, type ActivityItem } from '../../db/queries';
import { nameOf } from '../../contract/names';
import { db } from '../../sync/app';
import { pullKey, type PullState } from '../../sync/engine/pull';
import { usePullState } from '../../ui/sync-hooks';
import { listState } from '../../ui/list-state';
import { ListStatus } from '../../ui/list-status';
import { Time } from '../../ui/time';
import { MESSAGE_DELETED } from '../messages/message-texts';

export const DIRECT_MESSAGE = 'Direct message';

/** Loaded once both sources loaded; failed when either failed. */
function combine(a: PullState | undefined, b: PullState | undefined): PullState | undefined {
  if (!a || !b) return undefined;
  return { loadedAt: a.loadedAt !== null && b.loadedAt !== null ? Math.max(a.loadedAt, b.loadedAt) : null, error: a.error ?? b.error };
}

interface ActivityFeedProps {
  myId: string;
  onOpen(item: ActivityItem): void;
}

export function ActivityFeed({ myId, onOpen }: ActivityFeedProps) {
  const items = useLiveQuery(() => recentActivity(db), []);
  const pull = combine(usePullState(pullKey('conversations')), usePullState(pullKey('pods')));

  return (
    <>
      <ListStatus state={listState(items, pull)} loading="Loading recent activity..." error="Error loading messages." empty="No recent activity." />
      {items && items.length > 0 ? (
        <ul className="row-list">
          {items.map((item) => {
            const who = item.sender.id === myId ? 'You' : nameOf(item.sender);
            const where = item.kind === 'direct' ? DIRECT_MESSAGE : item.podName;
            return (
              <li key={`${item.kind}:${item.id}`}>
                <button type="button" className="row-button activity-item" onClick={() => onOpen(item)}>
                  <span className="row-text">
                    <span className="row-title">
                      {who} <span className="muted">· {where}</span>
                    </span>
                    {item.deleted ? <span className="row-detail bubble-deleted">{MESSAGE_DELETED}</span> : <span className="row-detail">{item.content}</span>}
                  </span>
                  <Time iso={item.createdAt} />
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
    </>
  );
}
