/** True while the last attempt to send found no network (SessionMeta.unreachable), live across tabs. */
import { useLiveQuery } from 'dexie-react-hooks';
import type { OutboxEntry } from '../../db/schema';
import { readSession } from '../../db/session';
import { db } from '../../sync/app';

export function useUnreachable(): boolean {
  return useLiveQuery(async () => Boolean((await readSession(db)).unreachable), [], false);
}

/** A queued write waits for the connection when the network was missing or an attempt already failed. */
export function isWaitingForConnection(entry: Pick<OutboxEntry, 'attempts'> | undefined, unreachable: boolean): boolean {
  return unreachable || (entry !== undefined && entry.attempts > 0);
}
