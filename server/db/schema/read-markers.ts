/**
 * Read markers (src/contract/read-markers.ts): per user, the last message they have read in a
 * direct conversation (`dm_read_markers`, by peer) and in a pod (`pod_read_markers`). Only their
 * owner reads them. Invariants the mutation keeps (server/mutations/read-markers.ts):
 * - one row per (user, peer) and per (user, pod);
 * - `(up_to_created_at, up_to_message_id)` only grows: an update that would move it back
 *   changes nothing;
 * - the point is a message the owner could see in that thread when it was written, with that
 *   message's own `created_at`.
 * A pod's markers go with the pod (cascade); a deleted account's are deleted with its other
 * private rows (server/users/delete-account.ts: the user row stays as a tombstone).
 */
import { index, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { pods } from './social';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const userRef = (name: string) =>
  uuid(name)
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

export const dmReadMarkers = pgTable(
  'dm_read_markers',
  {
    userId: userRef('user_id'),
    peerId: userRef('peer_id'),
    upToCreatedAt: timestamptz('up_to_created_at').notNull(),
    upToMessageId: uuid('up_to_message_id').notNull(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.peerId] }), index('dm_read_markers_peer_idx').on(t.peerId)],
);

export const podReadMarkers = pgTable(
  'pod_read_markers',
  {
    userId: userRef('user_id'),
    podId: uuid('pod_id')
      .notNull()
      .references(() => pods.id, { onDelete: 'cascade' }),
    upToCreatedAt: timestamptz('up_to_created_at').notNull(),
    upToMessageId: uuid('up_to_message_id').notNull(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.podId] }), index('pod_read_markers_pod_idx').on(t.podId)],
);
