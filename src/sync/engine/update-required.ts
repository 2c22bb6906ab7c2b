/**
 * An app older than the server's protocol (426, or socket close 4426): sending pauses and the
 * app offers its update (src/features/shell/update-required-banner.tsx). The mark names the
 * refused version, so the updated app (a newer PROTOCOL_VERSION) sends again without a login.
 */
import { PROTOCOL_VERSION } from '../../contract/sync-protocol';
import type { PodTableDB, SessionMeta } from '../../db/schema';
import { writeSession } from '../../db/session';

export async function markUpdateRequired(db: PodTableDB): Promise<void> {
  await writeSession(db, { updateRequired: PROTOCOL_VERSION });
}

export function isUpdateRequired(session: SessionMeta): boolean {
  return session.updateRequired === PROTOCOL_VERSION;
}
