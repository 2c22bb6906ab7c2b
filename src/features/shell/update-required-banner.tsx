/**
 * Shown on every protected page while the server refuses this app's sync protocol (426): the
 * writes stay queued (nothing is lost) and are sent by the updated app.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { SyncText } from '../../contract/sync';
import { readSession } from '../../db/session';
import { reloadToUpdate } from '../../pwa/reload-to-update';
import { db } from '../../sync/app';
import { isUpdateRequired } from '../../sync/engine/update-required';

export function UpdateRequiredBanner() {
  const required = useLiveQuery(async () => isUpdateRequired(await readSession(db)), [], false);
  if (!required) return null;
  return (
    <div role="alert" className="alert update-required">
      <p>{SyncText.updateRequired}</p>
      <button type="button" className="button" onClick={() => void reloadToUpdate()}>
        Reload
      </button>
    </div>
  );
}
