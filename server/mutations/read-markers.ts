/**
 * read.mark: the caller has read a direct conversation (`kind: 'dm'`, `id` = the peer) or a pod
 * (`kind: 'pod'`, `id` = the pod) up to a message. Rules:
 * - the message must be one the caller can see in that very thread (a message of another
 *   conversation, another pod, a pod they left: 404, and the app drops the write);
 * - the stored point is the message's own `created_at` and id, whatever time the client sent
 *   (its copy may be an optimistic one), so a client cannot mark a thread read into the future;
 * - monotonic: the upsert moves the marker only to a later point ((time, id) order, the order
 *   threads show messages in); an older point is applied with no effect, so replays and two
 *   devices in any order end at the greatest point;
 * - only the owner's devices hear of a move (READ_MARKER), nobody else ever.
 * Sync-only (no REST route); its budget is `readMark` (server/limits/policies.ts).
 */
import { and, eq, or, sql } from 'drizzle-orm';
import { ReadMarkerText, type ReadMarker } from '../../src/contract/read-markers';
import { directMessages, dmReadMarkers, podMessages, podReadMarkers } from '../db/schema';
import type { Tx } from '../db/types';
import { notFound } from '../errors';
import { toDmReadMarker, toPodReadMarker } from '../social/read-markers';
import type { ServerMutator, ServerMutators } from '../sync/mutator';
import { ref } from '../sync/refs';
import { isUuid } from '../validate';
import { directMessagesVisibleTo } from '../visibility/direct-messages';
import { podMessagesVisibleTo } from '../visibility/pods';
import { audienceOfReadMarker } from '../visibility/read-markers';

interface Point {
  createdAt: Date;
  messageId: string;
}

/** The message `messageId` of the caller's conversation with `peerId`, as a read point; 404 when it is not one. */
async function dmPoint(tx: Tx, me: string, peerId: string, messageId: string): Promise<Point> {
  if (!isUuid(peerId) || !isUuid(messageId) || peerId === me) throw notFound(ReadMarkerText.messageNotFound);
  const [row] = await tx
    .select({ createdAt: directMessages.createdAt, id: directMessages.id })
    .from(directMessages)
    .where(
      and(
        eq(directMessages.id, messageId),
        directMessagesVisibleTo(me),
        or(eq(directMessages.senderId, peerId), eq(directMessages.receiverId, peerId)),
      ),
    )
    .limit(1);
  if (!row) throw notFound(ReadMarkerText.messageNotFound);
  return { createdAt: row.createdAt, messageId: row.id };
}

/** The message `messageId` of pod `podId`, while the caller is a member, as a read point; 404 when it is not one. */
async function podPoint(tx: Tx, me: string, podId: string, messageId: string): Promise<Point> {
  if (!isUuid(podId) || !isUuid(messageId)) throw notFound(ReadMarkerText.messageNotFound);
  const [row] = await tx
    .select({ createdAt: podMessages.createdAt, id: podMessages.id })
    .from(podMessages)
    .where(and(eq(podMessages.id, messageId), eq(podMessages.podId, podId), podMessagesVisibleTo(tx, me)))
    .limit(1);
  if (!row) throw notFound(ReadMarkerText.messageNotFound);
  return { createdAt: row.createdAt, messageId: row.id };
}

/** Moves the caller's marker of conversation `peerId` to `point` if it is later; answers the moved marker, or null when it did not move. */
async function moveDm(tx: Tx, me: string, peerId: string, point: Point, now: Date): Promise<ReadMarker | null> {
  const [row] = await tx
    .insert(dmReadMarkers)
    .values({ userId: me, peerId, upToCreatedAt: point.createdAt, upToMessageId: point.messageId, updatedAt: now })
    .onConflictDoUpdate({
      target: [dmReadMarkers.userId, dmReadMarkers.peerId],
      set: { upToCreatedAt: point.createdAt, upToMessageId: point.messageId, updatedAt: now },
      setWhere: sql`(${dmReadMarkers.upToCreatedAt}, ${dmReadMarkers.upToMessageId}) < (excluded.up_to_created_at, excluded.up_to_message_id)`,
    })
    .returning();
  return row ? toDmReadMarker(row) : null;
}

async function movePod(tx: Tx, me: string, podId: string, point: Point, now: Date): Promise<ReadMarker | null> {
  const [row] = await tx
    .insert(podReadMarkers)
    .values({ userId: me, podId, upToCreatedAt: point.createdAt, upToMessageId: point.messageId, updatedAt: now })
    .onConflictDoUpdate({
      target: [podReadMarkers.userId, podReadMarkers.podId],
      set: { upToCreatedAt: point.createdAt, upToMessageId: point.messageId, updatedAt: now },
      setWhere: sql`(${podReadMarkers.upToCreatedAt}, ${podReadMarkers.upToMessageId}) < (excluded.up_to_created_at, excluded.up_to_message_id)`,
    })
    .returning();
  return row ? toPodReadMarker(row) : null;
}

/** The caller's marker as it is now (after a write that did not move it). */
async function currentMarker(tx: Tx, me: string, kind: ReadMarker['kind'], targetId: string): Promise<ReadMarker | null> {
  if (kind === 'dm') {
    const [row] = await tx
      .select()
      .from(dmReadMarkers)
      .where(and(eq(dmReadMarkers.userId, me), eq(dmReadMarkers.peerId, targetId)));
    return row ? toDmReadMarker(row) : null;
  }
  const [row] = await tx
    .select()
    .from(podReadMarkers)
    .where(and(eq(podReadMarkers.userId, me), eq(podReadMarkers.podId, targetId)));
  return row ? toPodReadMarker(row) : null;
}

export const readMark: ServerMutator<'read.mark'> = {
  async apply({ tx, me, now, log }, args) {
    const target = args.id.toLowerCase();
    const moved =
      args.kind === 'dm'
        ? await moveDm(tx, me.id, target, await dmPoint(tx, me.id, target, args.upTo.messageId), now)
        : await movePod(tx, me.id, target, await podPoint(tx, me.id, target, args.upTo.messageId), now);
    // Not moved (an older point, a replay from another device): nothing changed, nobody hears of it.
    if (!moved) return currentMarker(tx, me.id, args.kind, target);
    log.emit(audienceOfReadMarker({ userId: me.id }), [ref('readMarker', moved.id)], { type: 'READ_MARKER', payload: moved });
    return moved;
  },
};

/** This entity's write kinds, registered by server/mutations/index.ts. */
export const readMarkerMutators = {
  'read.mark': readMark,
} satisfies Partial<ServerMutators>;
