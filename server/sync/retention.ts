/**
 * How long the sync records are kept. A device that comes back after LOG_RETENTION_MS pulls a
 * full snapshot instead of the log (its cursor is below `trimmed_to`). An applied-mutation id is
 * remembered as long: a device offline longer than that which re-sends a write it already
 * delivered is still protected where the write keys on its own id (messages, pods, decks, games,
 * friend requests, invitations, game changes), which covers every creating and counting write.
 */
import { lt, sql } from 'drizzle-orm';
import { appliedMutations } from '../db/schema';
import type { Db } from '../db/types';

export const LOG_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;

export async function purgeSyncRecords(db: Db, now: Date): Promise<void> {
  const before = new Date(now.getTime() - LOG_RETENTION_MS);
  await db.delete(appliedMutations).where(lt(appliedMutations.appliedAt, before));
  await db.execute(sql`
    WITH purged AS (DELETE FROM sync_log WHERE created_at < ${before} RETURNING user_id, pos),
    tops AS (SELECT user_id, max(pos) AS pos FROM purged GROUP BY user_id)
    UPDATE sync_heads SET trimmed_to = GREATEST(sync_heads.trimmed_to, tops.pos)
    FROM tops WHERE sync_heads.user_id = tops.user_id`);
}
