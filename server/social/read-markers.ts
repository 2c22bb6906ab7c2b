/**
 * Read markers as the API shows them (src/contract/read-markers.ts), read under their one rule
 * (server/visibility/read-markers.ts: the owner only): every marker of a user (the snapshot, the
 * data export) and the markers a change log's refs name (`readMarker:<kind>:<target id>`).
 */
import { and, asc, inArray } from 'drizzle-orm';
import { readMarkerId, type ReadMarker, type ReadMarkerKind } from '../../src/contract/read-markers';
import { dmReadMarkers, podReadMarkers } from '../db/schema';
import type { DbOrTx } from '../db/types';
import { isUuid } from '../validate';
import { dmReadMarkersVisibleTo, podReadMarkersVisibleTo } from '../visibility/read-markers';

type MarkerRow = Pick<typeof dmReadMarkers.$inferSelect, 'upToCreatedAt' | 'upToMessageId' | 'updatedAt'>;

/** The API's marker from a row of either table (they differ only in their target column). */
function toReadMarker(kind: ReadMarkerKind, targetId: string, row: MarkerRow): ReadMarker {
  return {
    id: readMarkerId(kind, targetId),
    kind,
    targetId,
    upTo: { createdAt: row.upToCreatedAt.toISOString(), messageId: row.upToMessageId },
    updatedAt: row.updatedAt.toISOString(),
  };
}

export const toDmReadMarker = (row: typeof dmReadMarkers.$inferSelect): ReadMarker => toReadMarker('dm', row.peerId, row);
export const toPodReadMarker = (row: typeof podReadMarkers.$inferSelect): ReadMarker => toReadMarker('pod', row.podId, row);

/** Every marker of `me`: their conversations', then their pods' (one row per conversation or pod they ever read). */
export async function listReadMarkers(db: DbOrTx, me: string): Promise<ReadMarker[]> {
  const dms = await db.select().from(dmReadMarkers).where(dmReadMarkersVisibleTo(me)).orderBy(asc(dmReadMarkers.peerId));
  const inPods = await db.select().from(podReadMarkers).where(podReadMarkersVisibleTo(me)).orderBy(asc(podReadMarkers.podId));
  return [...dms.map(toDmReadMarker), ...inPods.map(toPodReadMarker)];
}

/** The markers of `me` among `ids` (`dm:<peer id>` / `pod:<pod id>`); ids of another shape name nothing. */
export async function readMarkersByIds(db: DbOrTx, me: string, ids: readonly string[]): Promise<ReadMarker[]> {
  const peers: string[] = [];
  const podIds: string[] = [];
  for (const id of ids) {
    const colon = id.indexOf(':');
    const target = id.slice(colon + 1);
    if (!isUuid(target)) continue;
    if (id.slice(0, colon) === 'dm') peers.push(target);
    else if (id.slice(0, colon) === 'pod') podIds.push(target);
  }
  const found: ReadMarker[] = [];
  if (peers.length > 0) {
    const rows = await db
      .select()
      .from(dmReadMarkers)
      .where(and(dmReadMarkersVisibleTo(me), inArray(dmReadMarkers.peerId, peers)));
    found.push(...rows.map(toDmReadMarker));
  }
  if (podIds.length > 0) {
    const rows = await db
      .select()
      .from(podReadMarkers)
      .where(and(podReadMarkersVisibleTo(me), inArray(podReadMarkers.podId, podIds)));
    found.push(...rows.map(toPodReadMarker));
  }
  return found;
}
