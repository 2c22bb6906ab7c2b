/**
 * Where the game is saved: changes not yet accepted by the server are 'Saved on this device'
 * (they are, in the mirror and the outbox, and go out when the network comes back). A change the
 * server refused shows its message over the table with Retry (send it again) and Discard (drop
 * it; the server's copy of the game comes back).
 */
import { useLiveQuery } from 'dexie-react-hooks';
import type { GameRow } from '../../../db/schema';
import { actions, db } from '../../../sync/app';
import { SAVED_ON_DEVICE, SYNCED } from '../texts';

function useFailedChanges(gameId: string) {
  return useLiveQuery(
    () => db.outbox.where('[target.table+target.id]').equals(['games', gameId]).filter((entry) => entry.status === 'failed').toArray(),
    [gameId],
  );
}

/** The dot and its words, for the game bar. */
export function SyncIndicator({ game }: { game: Pick<GameRow, 'syncState'> }) {
  const pending = game.syncState === 'queued';
  return (
    <span className={`sync-indicator sync-indicator--${pending ? 'pending' : 'synced'}`} title={pending ? SAVED_ON_DEVICE : SYNCED}>
      <span className="sync-dot" aria-hidden="true" />
      <span className="sync-text">{pending ? SAVED_ON_DEVICE : SYNCED}</span>
    </span>
  );
}

/** A refused change: its message, with Retry and Discard. Nothing when no change was refused. */
export function SyncFailure({ game }: { game: Pick<GameRow, 'id' | 'syncState' | 'syncError'> }) {
  const failed = useFailedChanges(game.id) ?? [];
  if (game.syncState !== 'failed') return null;
  return (
    <div className="sync-failed">
      <p role="alert">Not saved: {game.syncError ?? 'the server refused a change.'}</p>
      {failed.length > 0 ? (
        <div className="button-row">
          <button type="button" className="button button--small" onClick={() => failed.forEach((entry) => void actions.retryWrite(entry.id))}>
            Retry
          </button>
          <button type="button" className="button button--secondary button--small" onClick={() => failed.forEach((entry) => void actions.discardWrite(entry.id))}>
            Discard
          </button>
        </div>
      ) : null}
    </div>
  );
}
