/**
 * Sync protocol (docs/architecture.md):
 * - `applied_mutations`: every mutation applied whose id a client chose (a push's mutation id,
 *   a REST write's Idempotency-Key), per (user, mutation id), written in the SAME transaction as
 *   the mutation's effect, so a crash leaves both or neither and a repeat finds it (exactly once,
 *   no "in flight" window). A refused mutation writes nothing, nor does a REST write without
 *   Idempotency-Key (the server's random id is never sent again). `result` keeps the REST answer
 *   of a mutation that came through a REST route (its repeat answers it again).
 * - `sync_heads` + `sync_log`: each user's change log. Every committed change a user may see
 *   takes the next position of their log (dense, per user); `refs` names the rows it touched.
 *   The head row is updated in the writing transaction and stays locked until commit, so a
 *   user's positions commit in order: a reader that sees position p also sees every p' < p.
 */
import { bigint, index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const appliedMutations = pgTable(
  'applied_mutations',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    id: text('id').notNull(),
    name: text('name').notNull(),
    result: jsonb('result'),
    appliedAt: timestamptz('applied_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.id] }), index('applied_mutations_applied_idx').on(t.appliedAt)],
);

export const syncHeads = pgTable('sync_heads', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  pos: bigint('pos', { mode: 'number' }).notNull(),
  /** Entries at or below this position were purged: a cursor below it gets a snapshot. */
  trimmedTo: bigint('trimmed_to', { mode: 'number' }).notNull().default(0),
});

export const syncLog = pgTable(
  'sync_log',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    pos: bigint('pos', { mode: 'number' }).notNull(),
    /** Rows touched, as "kind:id" (server/sync/refs.ts). */
    refs: jsonb('refs').$type<string[]>().notNull(),
    /** The mutation that made this entry, on the author's entry only. */
    mutationId: text('mutation_id'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.pos] }), index('sync_log_created_idx').on(t.createdAt)],
);
