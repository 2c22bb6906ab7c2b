/** A refused write about a pod (create, delete, leave, remove member, transfer): what failed, Retry / Discard. */
import { useLiveQuery } from 'dexie-react-hooks';
import { outboxEntriesFor } from '../../db/queries';
import type { PodRow } from '../../db/schema';
import { db } from '../../sync/app';
import { FailedWrite } from '../../ui/pending-mark';
import { podFailureText } from './pod-texts';

export function PodFailure({ pod }: { pod: PodRow }) {
  const entries = useLiveQuery(() => outboxEntriesFor(db, 'pods', pod.id), [pod.id]);
  const failed = entries?.find((entry) => entry.status === 'failed');
  if (!failed) return null;
  return <FailedWrite text={podFailureText(failed.name)} detail={failed.error} entryId={failed.id} />;
}
