/**
 * The dashboard's 'Recent Pod Activity' (as the spec's Dashboard shows it): the first 3 pods by name, each with
 * its 3 latest messages as 'sender name: content' ('Message deleted' for a deleted one). Read from the mirror, so it shows offline.
 * The mirror is refreshed on mount and every 30 s by the one cursor pull, which brings every
 * pod's new messages at once (one request however many pods show, instead of one per pod).
 * Messages in the mirror show whatever the state of that refresh.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect } from 'react';
import { firstPods, isLocalOnlyPod, latestPodMessages } from '../../db/queries';
import { nameOf } from '../../contract/names';
import type { PodRow } from '../../db/schema';
import { actions, db } from '../../sync/app';
import { pullKey } from '../../sync/engine/pull';
import { usePullState } from '../../ui/sync-hooks';
import { listState } from '../../ui/list-state';
import { ErrorText, ListStatus, LoadingText } from '../../ui/list-status';
import { MESSAGE_DELETED } from '../messages/message-texts';
import '../chats/chats.css';

/** The spec's business constants: at most 3 pods, 3 messages per pod, refreshed every 30 seconds. */
export const DASHBOARD_PODS = 3;
export const DASHBOARD_MESSAGES = 3;
export const DASHBOARD_REFRESH_MS = 30_000;

function PodActivity({ pod }: { pod: PodRow }) {
  const messages = useLiveQuery(() => latestPodMessages(db, pod.id, DASHBOARD_MESSAGES), [pod.id]);
  const localOnly = useLiveQuery(() => isLocalOnlyPod(db, pod.id), [pod.id]);
  const pull = usePullState(pullKey('podMessages'));

  let body;
  if (messages && messages.length > 0) {
    body = (
      <ul className="pod-activity-messages">
        {messages.map((message) => (
          <li key={message.id}>
            <strong>{nameOf(message.sender)}</strong>: {message.deletedAt ? <span className="bubble-deleted">{MESSAGE_DELETED}</span> : message.content}
          </li>
        ))}
      </ul>
    );
  } else if (messages === undefined || localOnly === undefined || (!localOnly && (!pull || (pull.loadedAt === null && !pull.error)))) {
    body = <LoadingText text="Loading messages..." />;
  } else if (!localOnly && pull?.error) {
    body = <ErrorText text="Could not load messages." />;
  } else {
    body = <p className="muted">No recent messages.</p>;
  }

  return (
    <li className="pod-activity">
      <h3>{pod.name}</h3>
      {body}
    </li>
  );
}

export function RecentPodActivity() {
  const pods = useLiveQuery(() => firstPods(db, DASHBOARD_PODS), []);
  const pull = usePullState(pullKey('pods'));

  useEffect(() => {
    const refresh = () => void actions.pullList().catch(() => undefined);
    refresh();
    const timer = setInterval(refresh, DASHBOARD_REFRESH_MS);
    return () => clearInterval(timer);
  }, []);

  return (
    <section className="card recent-pod-activity" aria-labelledby="recent-pod-activity-title">
      <h2 id="recent-pod-activity-title">Recent Pod Activity</h2>
      <ListStatus
        state={listState(pods, pull)}
        loading="Loading pods..."
        error="Failed to load pod data."
        empty="No Pods Yet"
        emptyDetail="Join or create a pod to start collaborating."
      />
      {pods && pods.length > 0 ? (
        <ul className="pod-activity-list">
          {pods.map((pod) => (
            <PodActivity key={pod.id} pod={pod} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}
