/**
 * The sync protocol on the wire (docs/architecture.md, "Server: exactly once"
 * and "Change log and pull"):
 * - POST /api/sync/push: the client's queued mutations, in order, many per request; each is
 *   applied exactly once (its id is recorded in the same database transaction as its effect).
 *   With a `cursor`, the answer also carries what changed since it (a pull), so one round trip
 *   both sends and catches up.
 * - GET /api/sync/pull?cursor=N: what this user may see that changed since N, which of their
 *   mutations are now applied, and the new cursor. No cursor (or one the server no longer
 *   has) answers a full snapshot with `reset: true`; with `snapshot=paged`, its head first.
 * Positions are per user and dense: every committed change a user may see takes the next
 * number of that user's log, and every live event carries its position (src/contract/live.ts).
 */
import * as z from 'zod/mini';
import { DELETABLE_TABLES, ENTITIES, SYNCED_TABLES, type DeletableTable, type SyncedTable } from './entities';
import { mutationId, mutationResult, PUSH_MAX_MUTATIONS, SyncText } from './sync-protocol';

// The row-free part of the protocol (version, push bounds, a push's verdicts) lives in a leaf
// module the service worker imports without the row schemas (docs/first-load.md).
export * from './sync-protocol';

/** Log entries answered per pull page; a larger gap answers `more: true`. */
export const PULL_PAGE_MAX = 1000;

const pushMutation = z.object({ id: mutationId, name: z.string().check(z.minLength(1), z.maxLength(64)), args: z.unknown() });
export type PushMutation = z.infer<typeof pushMutation>;

export const pushRequest = z.object({
  mutations: z.array(pushMutation).check(z.maxLength(PUSH_MAX_MUTATIONS, SyncText.tooManyMutations)),
  /** The client's cursor; when given, the answer includes a pull from it. */
  cursor: z.nullish(z.int().check(z.minimum(0))),
});
export type PushRequest = z.infer<typeof pushRequest>;

/** Rows by mirror table (src/contract/entities.ts). A table left out had no changes. */
const syncPuts = z.partial(
  z.object(
    Object.fromEntries(SYNCED_TABLES.map((table) => [table, z.array(ENTITIES[table].schema)])) as {
      [T in SyncedTable]: z.ZodMiniArray<(typeof ENTITIES)[T]['schema']>;
    },
  ),
);
export type SyncPuts = z.infer<typeof syncPuts>;

/** Ids by mirror table of rows this user no longer sees (deleted, or access lost). */
const syncDels = z.partial(
  z.object(Object.fromEntries(DELETABLE_TABLES.map((table) => [table, z.array(z.string())])) as Record<DeletableTable, z.ZodMiniArray<z.ZodMiniString>>),
);
export type SyncDels = z.infer<typeof syncDels>;

export const pullResponse = z.object({
  /** The position this answer brings the client to. */
  cursor: z.int().check(z.minimum(0)),
  /** A full snapshot: every mirror table is replaced (the outbox is kept and re-applied on top). */
  reset: z.boolean(),
  /** More changes wait: pull again from `cursor`. */
  more: z.boolean(),
  /**
   * A paged snapshot's head (asked with `snapshot=paged`): the rest of the snapshot waits, to be
   * pulled from `cursor` with `snapshot=rest` before anything else.
   */
  rest: z.optional(z.literal(true)),
  /**
   * A rest's answer: the log position it was read at (the head then; `cursor` is the position it
   * was asked at). Every row in it is as new as the log up to there, so a device whose cursor
   * moved past `cursor` meanwhile, but not past `readAt`, applies it where its cursor is.
   */
  readAt: z.optional(z.int().check(z.minimum(0))),
  /** Ids of this user's mutations applied within the answered range. */
  applied: z.array(mutationId),
  puts: syncPuts,
  dels: syncDels,
});
export type PullResponse = z.infer<typeof pullResponse>;

export const pushResponse = z.object({
  results: z.array(mutationResult),
  /** Set after a 429 for one mutation: wait this many seconds before pushing the rest. */
  retryAfter: z.optional(z.number()),
  pull: z.nullable(pullResponse),
});
export type PushResponse = z.infer<typeof pushResponse>;

/**
 * How a pull that must answer a snapshot answers it: `paged`, in two parts (the head: what the
 * dashboard and the chat list show; then the rest, asked with `rest` and the head's cursor);
 * left out, in one answer. `rest` with a cursor the server still has answers the rest read now.
 */
export const SNAPSHOT_PARTS = ['paged', 'rest'] as const;
export type SnapshotPart = (typeof SNAPSHOT_PARTS)[number];

export const pullQuery = z.object({
  cursor: z.optional(z.coerce.number().check(z.int(), z.minimum(0))),
  snapshot: z.optional(z.enum(SNAPSHOT_PARTS)),
});
