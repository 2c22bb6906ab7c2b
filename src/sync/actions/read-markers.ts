/**
 * markRead: moves the signed-in user's read marker of a conversation or pod forward to a
 * message, as a queued `read.mark` write (src/mutations/read-markers.ts). It queues nothing
 * unless the message is past the marker the mirror shows (a pending one included), so a screen
 * may call it on every new message or render: only a forward move costs a write.
 */
import { isPastMarker, readMarkerId, type ReadMarkerKind } from '../../contract/read-markers';
import type { SyncContext } from '../engine/context';
import { mutateAndSend } from './writes';

/** The message read last, as a thread's rows carry it. */
export interface ReadUpTo {
  id: string;
  createdAt: string;
  /** A message still waiting for (or refused by) the server: not a read point the server knows. */
  syncState?: 'queued' | 'failed';
}

/** Answers whether a write was queued. */
export async function markRead(ctx: SyncContext, kind: ReadMarkerKind, targetId: string, upTo: ReadUpTo): Promise<boolean> {
  if (upTo.syncState) return false;
  const point = { createdAt: upTo.createdAt, messageId: upTo.id };
  const marker = await ctx.db.readMarkers.get(readMarkerId(kind, targetId));
  if (!isPastMarker(point, marker?.upTo)) return false;
  await mutateAndSend(ctx, 'read.mark', { kind, id: targetId, upTo: point });
  return true;
}
