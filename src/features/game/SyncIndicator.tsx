/**
 * Where the game is saved: changes not yet accepted by the server are 'Saved on this device'
 * (they are, in the mirror and the outbox, and go out when the network comes back); a change
 * the server refused shows its message.
 */
import type { GameRow } from '../../db/schema';
import { SAVED_ON_DEVICE, SYNCED } from './texts';

export function SyncIndicator({ game }: { game: Pick<GameRow, 'syncState' | 'syncError'> }) {
  if (game.syncState === 'failed') {
    return (
      <p role="alert" className="sync-indicator sync-indicator--failed">
        <span className="sync-dot" aria-hidden="true" />
        Not saved: {game.syncError ?? 'the server refused a change.'}
      </p>
    );
  }
  const pending = game.syncState === 'queued';
  return (
    <p className={`sync-indicator sync-indicator--${pending ? 'pending' : 'synced'}`}>
      <span className="sync-dot" aria-hidden="true" />
      {pending ? SAVED_ON_DEVICE : SYNCED}
    </p>
  );
}
