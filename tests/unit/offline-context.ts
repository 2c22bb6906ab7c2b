/**
 * A sync context over a test mirror whose network is always down: the real actions run their
 * optimistic writes and queue them, exactly as at a table with no signal.
 */
import type { PodTableDB } from '../../src/db/schema';
import type { SyncContext } from '../../src/sync/engine/context';

export function offlineContext(db: PodTableDB): SyncContext {
  return {
    db,
    api: {
      request: async () => {
        throw new Error('offline');
      },
    } as unknown as SyncContext['api'],
    kick() {},
  };
}
