/**
 * Collects what mutations changed, for whom, while their transaction runs, and writes it to the
 * change log at the end of that same transaction (docs/architecture.md, "Change log and pull":
 * events come from committed changes). Each (user, emitted group) becomes one log entry at the
 * user's next position; the group's event is what that user's sockets receive, with the
 * position, after commit.
 * Invariants:
 * - an event must describe its refs completely for its recipients (a client at cursor pos-1
 *   applies it and moves to pos without pulling); a group with nothing to show sends SYNC;
 * - every applied mutation gives its author an entry carrying the mutation id (the
 *   acknowledgement a pull or a live event gives a device that never saw the push answer);
 *   only the author's entry and event carry it (`mid`): other readers never see another
 *   user's mutation ids (a REST write's id is its Idempotency-Key);
 * - a mutation rolled back to its savepoint leaves no group behind (`rollbackTo`);
 * - head rows are locked in user-id order, so two transactions never deadlock on them.
 */
import { sql } from 'drizzle-orm';
import { toNumber } from '../db/errors';
import { rowsOf } from '../db/rows';
import { namedStatement } from '../db/statements';
import type { LoggedEvent } from '../../src/contract/live';
import { syncHeads, syncLog } from '../db/schema';
import type { Tx } from '../db/types';
import { eventForViewers } from '../games/guest-emails';
import type { Ref } from './refs';

export interface Delivery {
  userId: string;
  pos: number;
  /** The event JSON without `pos` and `mid` (serialised once per group, shared by its recipients). */
  data: string;
  /** The mutation id, on the author's delivery only (the hub adds it to that frame). */
  mid?: string;
}

/** What a committed transaction tells: the socket frames, and each event with its audience (for push notifications). */
export interface Published {
  deliveries: Delivery[];
  events: Array<{ userIds: string[]; event: LoggedEvent }>;
}

interface Group {
  userIds: string[];
  refs: Ref[];
  event: LoggedEvent;
  mutationId: string | null;
}

/** One log entry to write: `offset` from its user's new head; `mid` is on the author's delivery. */
interface Entry {
  userId: string;
  offset: number;
  refs: string;
  data: string;
  /** The mutation id the stored entry carries (the author's first entry of the mutation). */
  mutationId: string | null;
  mid: string | undefined;
}

interface Plan {
  /** (user, number of new entries), in user-id order: the order head rows are locked in. */
  heads: Array<[string, number]>;
  entries: Entry[];
}

const p = (name: string) => sql.placeholder(name);

/** The whole change-log write of a transaction (see `flush`), as one named statement. */
const FLUSH = namedStatement(
  'sync_log_flush',
  sql`
    with heads as (
      insert into ${syncHeads} (user_id, pos)
      select h.user_id, h.n from unnest(${p('headUsers')}::uuid[], ${p('headCounts')}::bigint[]) as h(user_id, n)
      order by h.user_id
      on conflict (user_id) do update set pos = ${syncHeads}.pos + excluded.pos
      returning user_id, pos
    ), logged as (
      insert into ${syncLog} (user_id, pos, refs, mutation_id, created_at)
      select e.user_id, heads.pos + e.o, e.refs::jsonb, e.mutation_id, ${p('at')}::timestamptz
      from unnest(${p('entryUsers')}::uuid[], ${p('entryOffsets')}::bigint[], ${p('entryRefs')}::text[], ${p('entryMutations')}::text[]) as e(user_id, o, refs, mutation_id)
      join heads on heads.user_id = e.user_id
    )
    select user_id, pos from heads`,
);

export class ChangeRecorder {
  private readonly groups: Group[] = [];
  private mutationId: string | null = null;
  private firstGroupOfMutation = 0;

  /** `authorId`: whose mutations these are (null for a write that is not a mutation). */
  constructor(private readonly authorId: string | null) {}

  /** The groups emitted from now on belong to mutation `id`. */
  begin(mutationId: string | null): number {
    this.mutationId = mutationId;
    this.firstGroupOfMutation = this.groups.length;
    return this.groups.length;
  }

  /** The mutation that began at `mark` was rolled back: its groups go too. */
  rollbackTo(mark: number): void {
    this.groups.length = mark;
  }

  /** The current mutation is applied: its author gets an entry (SYNC if nothing else told them). */
  end(): void {
    const id = this.mutationId;
    if (!id || !this.authorId) return;
    const mine = this.groups.slice(this.firstGroupOfMutation).some((group) => group.userIds.includes(this.authorId!));
    if (!mine) this.groups.push({ userIds: [this.authorId], refs: [], event: { type: 'SYNC' }, mutationId: id });
  }

  /**
   * `userIds` see `refs` change; their sockets get `event`. Duplicates and empty lists are fine.
   * An event some of them may not see whole is split per viewer (guests' e-mails in a game).
   */
  emit(userIds: Iterable<string>, refs: Ref[], event: LoggedEvent): void {
    const unique = [...new Set(userIds)];
    if (unique.length === 0) return;
    for (const group of eventForViewers(unique, event)) this.groups.push({ userIds: group.userIds, refs, event: group.event, mutationId: this.mutationId });
  }

  /**
   * Writes the entries; call last inside the transaction. Returns what to publish after commit.
   * ONE statement, whatever the number of entries: the head rows are moved (locked in user-id
   * order) and the log rows inserted at the positions the heads were moved past, from arrays
   * (so its text, and PostgreSQL's plan of it, never changes).
   */
  async flush(tx: Tx, at: Date): Promise<Published> {
    if (this.groups.length === 0) return { deliveries: [], events: [] };
    const plan = this.plan();
    const result = await FLUSH.run(tx, {
      headUsers: plan.heads.map(([userId]) => userId),
      headCounts: plan.heads.map(([, n]) => n),
      at: at.toISOString(),
      entryUsers: plan.entries.map((entry) => entry.userId),
      entryOffsets: plan.entries.map((entry) => entry.offset),
      entryRefs: plan.entries.map((entry) => entry.refs),
      entryMutations: plan.entries.map((entry) => entry.mutationId),
    });
    return this.published(plan, new Map(rowsOf<{ user_id: string; pos: unknown }>(result).map((row) => [row.user_id, toNumber(row.pos)])));
  }

  /**
   * What to publish when the entries were written by the mutation's own statement
   * (`ServerMutator.applyAlone`), which must have written exactly what `flush` would have:
   * `heads` are the users' new head positions it answered.
   */
  publishedAt(heads: ReadonlyMap<string, number>): Published {
    return this.published(this.plan(), heads);
  }

  /**
   * The entries, in emit order: each user's n new entries take the n positions below the user's
   * new head (the k-th at offset k - n). The author's first entry of a mutation carries its id.
   */
  private plan(): Plan {
    const counts = new Map<string, number>();
    for (const group of this.groups) for (const userId of group.userIds) counts.set(userId, (counts.get(userId) ?? 0) + 1);
    const heads = [...counts].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    const seen = new Map<string, number>();
    const entries: Entry[] = [];
    const acknowledged = new Set<string>();
    for (const group of this.groups) {
      const mid = group.mutationId ?? undefined;
      const data = JSON.stringify(group.event);
      const refs = JSON.stringify(group.refs);
      for (const userId of group.userIds) {
        const k = (seen.get(userId) ?? 0) + 1;
        seen.set(userId, k);
        const mine = mid !== undefined && userId === this.authorId;
        const isAck = mine && !acknowledged.has(mid);
        if (isAck) acknowledged.add(mid);
        entries.push({ userId, offset: k - counts.get(userId)!, refs, data, mutationId: isAck ? mid : null, mid: mine ? mid : undefined });
      }
    }
    return { heads, entries };
  }

  private published(plan: Plan, head: ReadonlyMap<string, number>): Published {
    return {
      deliveries: plan.entries.map(({ userId, offset, data, mid }) => {
        const pos = head.get(userId)! + offset;
        return mid === undefined ? { userId, pos, data } : { userId, pos, data, mid };
      }),
      events: this.groups.map((group) => ({ userIds: group.userIds, event: group.event })),
    };
  }
}
