/**
 * Writes that are not mutations (an avatar upload, a claim link, a password reset) still go
 * through the change log, so every device of every reader learns of them by position.
 */
import type { Tx } from '../db/types';
import type { AppDeps } from '../deps';
import { ChangeRecorder } from './recorder';

export async function withChangeLog<T>(deps: AppDeps, work: (tx: Tx, log: ChangeRecorder) => Promise<T>): Promise<T> {
  const now = deps.now();
  const { value, published } = await deps.db.transaction(async (tx) => {
    const log = new ChangeRecorder(null);
    const result = await work(tx, log);
    return { value: result, published: await log.flush(tx, now) };
  });
  deps.hub.publishLogged(published);
  return value;
}
