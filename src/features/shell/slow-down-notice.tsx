/**
 * The calm line shown while the server asks us to slow down (a 429 on the last push): queued
 * writes wait for Retry-After and go by themselves; nothing for the user to do. A status, not an
 * alert: it is announced politely and never looks like an error.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { readSession } from '../../db/session';
import { db } from '../../sync/app';
import { SENDING_QUICKLY } from '../../sync/engine/rate-limit';

export function useSlowedDown(): boolean {
  return useLiveQuery(async () => Boolean((await readSession(db)).slowedDown) && (await db.outbox.where('status').equals('queued').count()) > 0, [], false);
}

export function SlowDownNotice() {
  const slowed = useSlowedDown();
  return (
    <p role="status" className={slowed ? 'slow-down-notice' : 'visually-hidden'}>
      {slowed ? SENDING_QUICKLY : ''}
    </p>
  );
}
