/**
 * The Pod Chats list: visible pods by name, each with its unread count ("3 unread"), a
 * 'Pending' mark while a change (e.g. creation offline) waits for the server, the failure of a
 * refused one, and the owner's Delete.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { podOwnerId, visiblePods } from '../../db/queries';
import type { PodRow } from '../../db/schema';
import { actions, db } from '../../sync/app';
import { pullKey } from '../../sync/engine/pull';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { usePullState } from '../../ui/sync-hooks';
import { listState } from '../../ui/list-state';
import { ListStatus } from '../../ui/list-status';
import { NO_PODS, NO_PODS_DETAIL, PODS_FAILED } from './pod-texts';
import { PodFailure } from './pod-failure';
import { UnreadBadge } from '../unread/unread-badge';
import { useUnreadCounts } from '../unread/use-unread';

interface PodListProps {
  myId: string;
  onOpen(podId: string): void;
}

export function PodList({ myId, onOpen }: PodListProps) {
  const pods = useLiveQuery(() => visiblePods(db), []);
  const pull = usePullState(pullKey('pods'));
  const unread = useUnreadCounts();
  const [deleting, setDeleting] = useState<PodRow | null>(null);

  return (
    <section aria-labelledby="pod-list-title">
      <h2 id="pod-list-title">Your pods</h2>
      <ListStatus state={listState(pods, pull)} loading="Loading pods..." error={PODS_FAILED} empty={NO_PODS} emptyDetail={NO_PODS_DETAIL} />
      {pods && pods.length > 0 ? (
        <ul className="row-list">
          {pods.map((pod) => (
            <li key={pod.id} className="pod-row">
              <div className="row-with-actions">
                <button type="button" className="row-button" onClick={() => onOpen(pod.id)}>
                  <span className="row-text">
                    <span className="row-title">{pod.name}</span>
                    <span className="row-detail muted">{pod.members.length === 1 ? '1 member' : `${pod.members.length} members`}</span>
                  </span>
                  <UnreadBadge count={unread?.pods.get(pod.id)} />
                  {pod.syncState === 'queued' ? (
                    <span role="status" className="badge badge--pending">
                      Pending
                    </span>
                  ) : null}
                </button>
                {podOwnerId(pod) === myId ? (
                  <button type="button" className="button button--secondary" aria-label={`Delete ${pod.name}`} onClick={() => setDeleting(pod)}>
                    Delete
                  </button>
                ) : null}
              </div>
              <PodFailure pod={pod} />
            </li>
          ))}
        </ul>
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete pod?"
        description={deleting ? `${deleting.name} and its messages will be deleted for every member.` : ''}
        confirmLabel="Delete Pod"
        danger
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) void actions.mutate('pod.delete', { podId: deleting.id });
          setDeleting(null);
        }}
      />
    </section>
  );
}
