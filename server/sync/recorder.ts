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
import type { LoggedEvent } from '../../src/contract/live';
import { syncHeads, syncLog } from '../db/schema';
import type { Tx } from '../db/types';
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

  /** `userIds` see `refs` change; their sockets get `event`. Duplicates and empty lists are fine. */
  emit(userIds: Iterable<string>, refs: Ref[], event: LoggedEvent): void {
    const unique = [...new Set(userIds)];
    if (unique.length > 0) this.groups.push({ userIds: unique, refs, event, mutationId: this.mutationId });
  }

  /** Writes the entries; call last inside the transaction. Returns what to publish after commit. */
  async flush(tx: Tx, at: Date): Promise<Published> {
    const groups = this.groups;
    if (groups.length === 0) return { deliveries: [], events: [] };
    const counts = new Map<string, number>();
    for (const group of groups) for (const userId of group.userIds) counts.set(userId, (counts.get(userId) ?? 0) + 1);
    const heads = await tx
      .insert(syncHeads)
      .values([...counts].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([userId, n]) => ({ userId, pos: n })))
      .onConflictDoUpdate({ target: syncHeads.userId, set: { pos: sql`${syncHeads.pos} + excluded.pos` } })
      .returning({ userId: syncHeads.userId, pos: syncHeads.pos });
    // The first position of each user's run of new entries.
    const next = new Map(heads.map((head) => [head.userId, Number(head.pos) - counts.get(head.userId)! + 1]));

    const deliveries: Delivery[] = [];
    const rows: Array<typeof syncLog.$inferInsert> = [];
    const acknowledged = new Set<string>();
    for (const group of groups) {
      const mid = group.mutationId ?? undefined;
      const data = JSON.stringify(group.event);
      for (const userId of group.userIds) {
        const pos = next.get(userId)!;
        next.set(userId, pos + 1);
        const mine = mid !== undefined && userId === this.authorId;
        const isAck = mine && !acknowledged.has(mid);
        if (isAck) acknowledged.add(mid);
        rows.push({ userId, pos, refs: group.refs, mutationId: isAck ? mid : null, createdAt: at });
        deliveries.push(mine ? { userId, pos, data, mid } : { userId, pos, data });
      }
    }
    // Inserted in slices: one statement's parameters stay far below PostgreSQL's 65,535.
    for (let start = 0; start < rows.length; start += 2000) await tx.insert(syncLog).values(rows.slice(start, start + 2000));
    return { deliveries, events: groups.map((group) => ({ userIds: group.userIds, event: group.event })) };
  }
}
