/**
 * Live events too big for a PostgreSQL NOTIFY payload (8000 bytes): the publishing process
 * stores the event here and notifies its id; every listening process reads it by id.
 * Rows are only needed for the moment it takes listeners to read them; old ones are purged
 * (server/live/pg-transport.ts).
 */
import { bigserial, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const liveEvents = pgTable(
  'live_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** One serialised LiveBusMessage. */
    data: text('data').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('live_events_created_idx').on(t.createdAt)],
);
