/**
 * Who may see a read marker: its owner only (every device of theirs); nobody else ever learns
 * how far someone has read. The one rule of the pull (the `readMarker` loader of
 * server/sync/changes.ts, the snapshot's list in server/social/read-markers.ts) and of the live
 * fan-out (`audienceOfReadMarker`).
 */
import { eq, type SQL } from 'drizzle-orm';
import { dmReadMarkers, podReadMarkers } from '../db/schema';

/** SQL over `dm_read_markers`: the rows `userId` may see. */
export function dmReadMarkersVisibleTo(userId: string): SQL {
  return eq(dmReadMarkers.userId, userId);
}

/** SQL over `pod_read_markers`: the rows `userId` may see. */
export function podReadMarkersVisibleTo(userId: string): SQL {
  return eq(podReadMarkers.userId, userId);
}

/** The users who hear of a marker's move (its owner's devices). */
export function audienceOfReadMarker(marker: { userId: string }): string[] {
  return [marker.userId];
}
