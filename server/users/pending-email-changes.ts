/**
 * A pending e-mail change (an unused confirm link) dies when the password is reset or changed:
 * a link asked for by whoever knew the old password must not move the account afterwards.
 * Undo links stay: they belong to the old address and only ever give the account back.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { emailChanges } from '../db/schema';
import type { DbOrTx } from '../db/types';

export async function cancelPendingEmailChanges(db: DbOrTx, userId: string, now: Date): Promise<void> {
  await db
    .update(emailChanges)
    .set({ usedAt: now })
    .where(and(eq(emailChanges.userId, userId), eq(emailChanges.kind, 'confirm'), isNull(emailChanges.usedAt)));
}
