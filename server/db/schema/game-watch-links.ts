/**
 * Read-only TV links of a game (src/contract/game-watch.ts, server/games/watch-links.ts).
 *
 * `game_watch_links`: one row per link ever made. The token (32 random bytes, base64url) is
 * shown once to the player who made it and never stored: only its SHA-256 (hex) is, so a reader
 * of the database cannot open a view. At most one live link per game (the partial unique index:
 * `revoked_at IS NULL`); "New link" revokes the old row and inserts a new one in one
 * transaction, "Stop sharing" revokes. A link also dies a fixed time after its game ends
 * (WATCH_AFTER_END_MS, judged when read, not stored) and with its game (cascade).
 */
import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { games } from './games';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const gameWatchLinks = pgTable(
  'game_watch_links',
  {
    /** SHA-256 of the token, lowercase hex. */
    tokenHash: text('token_hash').primaryKey(),
    gameId: uuid('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    createdById: uuid('created_by_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    revokedAt: timestamptz('revoked_at'),
  },
  (t) => [index('game_watch_links_game_idx').on(t.gameId), uniqueIndex('game_watch_links_live_key').on(t.gameId).where(sql`${t.revokedAt} IS NULL`)],
);
