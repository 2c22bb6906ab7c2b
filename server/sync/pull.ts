/**
 * The pull: what changed for this user since their cursor, read in ONE repeatable-read snapshot
 * (log entries and rows from the same moment, so the answer is consistent with its cursor).
 * - No cursor, a cursor ahead of the head (the data was reset), or one older than the purged
 *   part of the log: a full snapshot (`reset: true`).
 * - Otherwise up to PULL_PAGE_MAX log entries after the cursor; their refs become the rows'
 *   current state (server/sync/changes.ts), `applied` lists this user's mutations among them,
 *   and `more` says whether to pull again.
 * - `snapshot: 'paged'`: a snapshot is answered as its head (`rest: true`, `more: true`); then
 *   `snapshot: 'rest'` with the head's cursor (or any cursor the server still has) answers the
 *   rest, read now, at that cursor (`more` when the log moved since; `readAt` the head it was
 *   read at, in the same snapshot), server/sync/snapshot.ts.
 * A snapshot, and each of its parts, reads every row the user can see: the routes count it
 * against the `snapshot` read budget (`beforeSnapshot`), incremental pages against `pull`
 * (server/limits/policies.ts).
 */
import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import { PULL_PAGE_MAX, type PullResponse, type SnapshotPart } from '../../src/contract/sync';
import { syncHeads, syncLog } from '../db/schema';
import type { Db, DbOrTx } from '../db/types';
import { loadChanges } from './changes';
import { groupRefs } from './refs';
import { buildSnapshot, buildSnapshotHead, buildSnapshotRest } from './snapshot';

export async function readHead(db: DbOrTx, userId: string): Promise<{ pos: number; trimmedTo: number }> {
  const [head] = await db.select({ pos: syncHeads.pos, trimmedTo: syncHeads.trimmedTo }).from(syncHeads).where(eq(syncHeads.userId, userId));
  return { pos: Number(head?.pos ?? 0), trimmedTo: Number(head?.trimmedTo ?? 0) };
}

export interface PullOptions {
  /** Called before a full snapshot is read (its read budget): throw to refuse it. */
  beforeSnapshot?: () => Promise<void>;
  /** How a snapshot is answered (src/contract/sync.ts `pullQuery`); left out, in one answer. */
  snapshot?: SnapshotPart;
}

/** The heads of several users' logs in one query (0 for a user with no log yet): the live hub's PONGs. */
export async function readHeads(db: DbOrTx, userIds: readonly string[]): Promise<Map<string, number>> {
  const heads = new Map(userIds.map((userId) => [userId, 0]));
  if (userIds.length === 0) return heads;
  const rows = await db.select({ userId: syncHeads.userId, pos: syncHeads.pos }).from(syncHeads).where(inArray(syncHeads.userId, [...userIds]));
  for (const row of rows) heads.set(row.userId, Number(row.pos));
  return heads;
}

export async function pullChanges(db: Db, userId: string, cursor: number | undefined, options: PullOptions = {}): Promise<PullResponse> {
  return db.transaction(
    async (tx) => {
      const head = await readHead(tx, userId);
      if (cursor === undefined || cursor > head.pos || cursor < head.trimmedTo) {
        await options.beforeSnapshot?.();
        if (options.snapshot === undefined) return { cursor: head.pos, reset: true, more: false, applied: [], ...(await buildSnapshot(tx, userId)) };
        return { cursor: head.pos, reset: true, more: true, rest: true, applied: [], ...(await buildSnapshotHead(tx, userId)) };
      }
      if (options.snapshot === 'rest') {
        await options.beforeSnapshot?.();
        return { cursor, readAt: head.pos, reset: false, more: cursor < head.pos, applied: [], ...(await buildSnapshotRest(tx, userId)) };
      }
      if (cursor === head.pos) return { cursor, reset: false, more: false, applied: [], puts: {}, dels: {} };
      const entries = await tx
        .select({ pos: syncLog.pos, refs: syncLog.refs, mutationId: syncLog.mutationId })
        .from(syncLog)
        .where(and(eq(syncLog.userId, userId), gt(syncLog.pos, cursor)))
        .orderBy(asc(syncLog.pos))
        .limit(PULL_PAGE_MAX + 1);
      const more = entries.length > PULL_PAGE_MAX;
      const page = entries.slice(0, PULL_PAGE_MAX);
      const changes = await loadChanges(tx, userId, groupRefs(page.flatMap((entry) => entry.refs)));
      return {
        cursor: page.length > 0 ? Number(page.at(-1)!.pos) : cursor,
        reset: false,
        more,
        applied: page.flatMap((entry) => (entry.mutationId ? [entry.mutationId] : [])),
        ...changes,
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}
