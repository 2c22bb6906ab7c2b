/**
 * Where the profile's changes are: typed, recorded, waiting for the network, or refused by
 * the server (then Retry or Discard). Read from the outbox, so it is true across reloads.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { actions, db } from '../../sync/app';
import { isWaitingForConnection, useUnreachable } from '../shell/use-unreachable';
import type { SavePhase } from './use-profile-draft';

export const SAVING = 'Saving…';
export const SAVED = 'Saved';
export const WAITING_FOR_CONNECTION = 'Waiting for connection…';

export function SaveStatus({ userId, phase }: { userId: string; phase: SavePhase }) {
  const entries = useLiveQuery(
    () => db.outbox.where('[target.table+target.id]').equals(['users', userId]).sortBy('seq'),
    [userId],
  );
  const unreachable = useUnreachable();
  const failed = entries?.find((entry) => entry.status === 'failed');
  const queued = entries?.find((entry) => entry.status === 'queued');

  if (failed) {
    return (
      <div role="alert" className="alert alert--error save-status">
        <p>{failed.error ?? 'Your change was not saved.'}</p>
        <div className="button-row">
          <button type="button" className="button button--secondary" onClick={() => void actions.retryWrite(failed.id)}>
            Retry
          </button>
          <button type="button" className="button button--secondary" onClick={() => void actions.discardWrite(failed.id)}>
            Discard
          </button>
        </div>
      </div>
    );
  }

  let text = '';
  if (phase === 'editing' || phase === 'saving') text = SAVING;
  else if (queued) text = isWaitingForConnection(queued, unreachable) ? WAITING_FOR_CONNECTION : SAVING;
  else if (phase === 'saved') text = SAVED;
  else if (phase === 'error') text = 'Could not save your changes.';

  return (
    <p role="status" className="save-status muted">
      {text}
    </p>
  );
}
