/** Periodic clean-up of rows that can no longer be used. Hourly is plenty: none of them grows fast. */
import { isNotNull, lt, or } from 'drizzle-orm';
import { authTokens, passwordResetTokens, rateLimits } from './db/schema';
import type { Db } from './db/types';
import { purgeIdempotencyKeys } from './idempotency';
import { purgeSyncRecords } from './sync/retention';

export const MAINTENANCE_INTERVAL_MS = 60 * 60 * 1000;

export async function runMaintenance(db: Db, now: Date): Promise<void> {
  await purgeIdempotencyKeys(db, now);
  await purgeSyncRecords(db, now);
  // A revoked or expired token row only ever answers "no": deleting it changes nothing.
  await db.delete(authTokens).where(or(lt(authTokens.expiresAt, now), authTokens.revoked));
  await db.delete(passwordResetTokens).where(or(lt(passwordResetTokens.expiresAt, now), isNotNull(passwordResetTokens.usedAt)));
  // Rate-limit windows (PostgreSQL store) that ended an hour ago count nothing any more.
  await db.delete(rateLimits).where(lt(rateLimits.expire, now.getTime() - 60 * 60 * 1000));
}
