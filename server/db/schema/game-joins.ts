/**
 * Joining a live game by code (src/contract/game-join.ts, server/games/join-codes.ts).
 *
 * `game_join_codes`: at most one live code per game (unique game_id: issuing a new one replaces
 * the row, so the old code dies in the same statement). The code is stored as it is, not hashed:
 * 32^6 codes are too few for a hash to hide one (a hash of every code takes seconds to compute),
 * and the table's players must be able to show the live code again. What protects it is its
 * short life (expires_at, 12 h; the game's end deletes it, a trigger of migration 0009) and the
 * join budget (server/limits/policies.ts `joinCode`). Expired rows are deleted whenever a code is
 * issued.
 *
 * `game_joins`: a seat taken with a code, with the seat as it was before, so the game's creator
 * can undo the join exactly. A row whose seat no longer holds its joiner (they left, the
 * account was deleted) is stale and ignored; an undo or a new join of the seat replaces it.
 */
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { GameParticipant } from '../../../src/contract/game';
import { users } from './accounts';
import { games } from './games';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** The fields of a seat a join changes, as they were (the e-mail masked, as the game row stores it). */
export type SeatBeforeJoin = Pick<GameParticipant, 'role' | 'displayName' | 'guestName' | 'accountEmail'>;

export const gameJoinCodes = pgTable(
  'game_join_codes',
  {
    code: text('code').primaryKey(),
    gameId: uuid('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    issuedById: uuid('issued_by_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    expiresAt: timestamptz('expires_at').notNull(),
  },
  (t) => [uniqueIndex('game_join_codes_game_key').on(t.gameId), index('game_join_codes_expires_idx').on(t.expiresAt)],
);

export const gameJoins = pgTable(
  'game_joins',
  {
    gameId: uuid('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    seatNumber: integer('seat_number').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    seatBefore: jsonb('seat_before').$type<SeatBeforeJoin>().notNull(),
    joinedAt: timestamptz('joined_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.gameId, t.seatNumber] })],
);
