/**
 * The server's VAPID key pair (RFC 8292), made at the first start and kept in the database, so
 * every server process signs with the same key and browsers' subscriptions (bound to that
 * public key) survive restarts. Two processes starting together both generate a pair; the
 * insert keeps the first and both read it back.
 */
import { eq } from 'drizzle-orm';
import webpush from 'web-push';
import { vapidKeys } from '../db/schema';
import type { Db } from '../db/types';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

const ROW_ID = 1;

export async function loadOrCreateVapidKeys(db: Db): Promise<VapidKeys> {
  const fresh = webpush.generateVAPIDKeys();
  await db.insert(vapidKeys).values({ id: ROW_ID, publicKey: fresh.publicKey, privateKey: fresh.privateKey }).onConflictDoNothing({ target: vapidKeys.id });
  const [row] = await db.select().from(vapidKeys).where(eq(vapidKeys.id, ROW_ID)).limit(1);
  if (!row) throw new Error('VAPID keys could not be stored.');
  return { publicKey: row.publicKey, privateKey: row.privateKey };
}
