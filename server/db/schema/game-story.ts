/**
 * The whole story of a game (docs/playmat.md "The whole story"): every event a game ever logged,
 * append-only, beside the 25-entry log in `games.events`.
 * - Written by `saveGame` (server/games/repo.ts), the one place the server stores a game's log, in
 *   the transaction of the change that logged the events, under the game's row lock: so
 *   `position` is 1, 2, 3 … per game with no gaps, in the order the events were logged.
 * - Never updated; rows go with their game (cascade).
 * - Games stored before this table existed were given their 25 logged events (migration
 *   0012_game_story): their story starts there.
 */
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { GameEvent } from '../../../src/contract/game';
import { games } from './games';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const gameStory = pgTable(
  'game_story',
  {
    gameId: uuid('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    /** 1 for the game's first event, +1 for each next one. */
    position: integer('position').notNull(),
    eventId: text('event_id').notNull(),
    /** The event as it was logged (src/contract/game.ts GameEvent). */
    event: jsonb('event').$type<GameEvent>().notNull(),
    /** The id of the event this one undoes, if it is an undo (the exactly-once check reads it). */
    undoes: text('undoes'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.gameId, t.position] }),
    uniqueIndex('game_story_event_key').on(t.gameId, t.eventId),
    index('game_story_undoes_idx').on(t.gameId, t.undoes),
  ],
);
