/**
 * Read markers, shared by the app and the server: per user, per direct conversation and per
 * pod, "I have read up to this message". Only their owner ever sees them (all of the owner's
 * devices, through the change log), so reading on one device clears the unread count on the
 * others. A marker never moves backwards: it is the greatest read point (createdAt, then the
 * message id, the order a thread shows its messages in) any device reported, whatever order
 * the writes arrive in.
 * Written with the `read.mark` mutation (src/mutations/read-markers.ts); sync-only, no REST route.
 * A marker's key is `<kind>:<target id>` (`dm:<peer id>`, `pod:<pod id>`): a user id and a pod id
 * are both UUIDs, so the kind keeps the two apart (docs/architecture.md, "Synced entities").
 */
import * as z from 'zod/mini';
import { boundedDateTime } from './text';

export const READ_MARKER_KINDS = ['dm', 'pod'] as const;
export type ReadMarkerKind = (typeof READ_MARKER_KINDS)[number];

const id = z.string().check(z.minLength(1), z.maxLength(64));

export const ReadMarkerText = {
  /** The message named is not one the reader can see in that conversation or pod (or the pod is not theirs). */
  messageNotFound: 'Message not found.',
  kind: 'kind must be "dm" or "pod".',
} as const;

/** A point in a thread: the message read last, with its time (the message's own `createdAt`). */
export const readPointSchema = z.object({ createdAt: z.string(), messageId: id });
export type ReadPoint = z.infer<typeof readPointSchema>;

export const readMarkerSchema = z.object({
  /** `dm:<peer id>` or `pod:<pod id>` (readMarkerId). */
  id: z.string(),
  kind: z.enum(READ_MARKER_KINDS),
  /** The peer of a direct conversation, or the pod. */
  targetId: id,
  upTo: readPointSchema,
  /** When the marker last moved (the server's clock). */
  updatedAt: z.string(),
});
export type ReadMarker = z.infer<typeof readMarkerSchema>;

/** The arguments of `read.mark`; `upTo.createdAt` must be an ISO time (the message's). */
export const readMarkArgs = z.object({
  kind: z.enum(READ_MARKER_KINDS, { error: ReadMarkerText.kind }),
  id,
  upTo: z.object({ createdAt: boundedDateTime(), messageId: id }),
});

export function readMarkerId(kind: ReadMarkerKind, targetId: string): string {
  return `${kind}:${targetId}`;
}

/**
 * The order of read points: by time, then by message id (the mirror's and the server's tie
 * order). Times are compared as instants, so two spellings of one instant are equal.
 */
export function compareReadPoints(a: ReadPoint, b: ReadPoint): number {
  const diff = Date.parse(a.createdAt) - Date.parse(b.createdAt);
  if (diff !== 0) return diff < 0 ? -1 : 1;
  return a.messageId < b.messageId ? -1 : a.messageId > b.messageId ? 1 : 0;
}

/** True when `point` is past `marker` (no marker: everything is past it). The monotonic rule: a marker moves only to such a point. */
export function isPastMarker(point: ReadPoint, marker: ReadPoint | null | undefined): boolean {
  return !marker || compareReadPoints(point, marker) > 0;
}
