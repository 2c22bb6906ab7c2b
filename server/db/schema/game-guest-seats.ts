/**
 * Seats taken with a join code by someone with no account (src/contract/game-guest.ts,
 * server/games/guest-seats.ts).
 *
 * `game_guest_seats`: one row per guest seat ever taken. The credential (32 random bytes,
 * base64url) is shown once to the phone that took the seat and never stored: only its SHA-256
 * (hex) is, so a reader of the database cannot act as a guest. A credential is live while
 * `revoked_at` is null and `expires_at` (24 h after the join) is ahead; it taps only while its
 * game is ACTIVE (after the end it still reads the final table and can be claimed; a resumed game
 * plays on); the creator's undo revokes it, and it goes with its game (cascade). At most one
 * unrevoked row per seat (the partial unique index). `seat_before` is the seat as it was, for the
 * undo (as game_joins keeps it for account joins).
 */
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { SeatBeforeJoin } from './game-joins';
import { games } from './games';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const gameGuestSeats = pgTable(
  'game_guest_seats',
  {
    /** SHA-256 of the credential, lowercase hex. */
    tokenHash: text('token_hash').primaryKey(),
    gameId: uuid('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    seatNumber: integer('seat_number').notNull(),
    name: text('name').notNull(),
    seatBefore: jsonb('seat_before').$type<SeatBeforeJoin>().notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    expiresAt: timestamptz('expires_at').notNull(),
    revokedAt: timestamptz('revoked_at'),
  },
  (t) => [
    index('game_guest_seats_game_idx').on(t.gameId),
    uniqueIndex('game_guest_seats_live_key').on(t.gameId, t.seatNumber).where(sql`${t.revokedAt} IS NULL`),
  ],
);
