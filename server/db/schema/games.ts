/**
 * Decks and games (the spec's Deck and Game entities and their calls).
 *
 * A game's state is stored as ONE row of `games`: scalar columns for what is queried or
 * ordered (creator, pod, status, start time) and jsonb for the nested parts the playmat reads
 * whole (participants with their totals, seats, the 25-event log). Every write to that row
 * happens under `SELECT … FOR UPDATE`, so totals are exact: integers in jsonb, changed by one
 * writer at a time. Two side tables make the row queryable and exactly-once:
 * - `game_players`: one row per account participant (who may read the game, whose list it is in);
 * - `game_changes`: every applied increment id and PUT event id, forever (the event log keeps
 *   only 25, so it cannot be the record of what was applied), and what each one undoes.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { DeckCard } from '../../../src/contract/decks';
import type { GameEvent, GameParticipant, GameStatus, SeatLayout } from '../../../src/contract/game';
import type { GameResult, TableState } from '../../../src/contract/game-table';
import { users } from './accounts';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const decks = pgTable(
  'decks',
  {
    /** Client-chosen (a deck can be created offline). */
    id: uuid('id').primaryKey(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    commander: text('commander'),
    hasPartner: boolean('has_partner').notNull().default(false),
    partnerCommander: text('partner_commander'),
    externalLinks: jsonb('external_links').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    /** The imported card list, commanders excluded (read and written whole). */
    cards: jsonb('cards').$type<DeckCard[]>().notNull().default(sql`'[]'::jsonb`),
    /** The owner's declared Commander Bracket (1–5); null = not declared (and every row from before brackets). */
    bracket: integer('bracket'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
    rev: integer('rev').notNull().default(1),
  },
  (t) => [index('decks_owner_idx').on(t.ownerId, t.createdAt), check('decks_bracket', sql`${t.bracket} BETWEEN 1 AND 5`)],
);

export const games = pgTable(
  'games',
  {
    /** Client-chosen (a game can start with no signal). */
    id: uuid('id').primaryKey(),
    createdById: uuid('created_by_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** No foreign key: pods live in the social schema, and a deleted pod keeps its games' history. */
    podId: uuid('pod_id'),
    requiresVerification: boolean('requires_verification').notNull().default(false),
    status: text('status').$type<GameStatus>().notNull(),
    startTime: timestamptz('start_time').notNull(),
    layoutPreset: text('layout_preset').notNull(),
    seats: jsonb('seats').$type<SeatLayout[]>().notNull(),
    activeSeat: integer('active_seat').notNull(),
    turnNumber: integer('turn_number').notNull(),
    /** Ordered by seat; totals, counters and `out` as src/game keeps them. */
    participants: jsonb('participants').$type<GameParticipant[]>().notNull(),
    /** The recent-events log, newest first, at most RECENT_EVENTS_MAX. */
    events: jsonb('events').$type<GameEvent[]>().notNull(),
    /** Markers, the turn clock and the play record (src/game/table.ts); null for games created before the table state existed. */
    tableState: jsonb('table_state').$type<TableState>(),
    /** Winner or draw and the order players went out; null while the game is played. */
    result: jsonb('result').$type<GameResult>(),
    /** When End game was recorded (the result's endedAt), for ordering the history. */
    endedAt: timestamptz('ended_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
    /** Revision: +1 per applied change; a GAME_INCREMENT event names the revision it makes. */
    rev: integer('rev').notNull().default(1),
  },
  (t) => [index('games_created_by_idx').on(t.createdById, t.startTime)],
);

/** Account participants of a game (a claimed guest seat included): read access and "my games". */
export const gamePlayers = pgTable(
  'game_players',
  {
    gameId: uuid('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.gameId, t.userId] }), index('game_players_user_idx').on(t.userId)],
);

/**
 * Every change applied to a game, by id: increments (kind 'increment') and PUT turn/status
 * events (kind 'update'). A repeat id changes nothing; `undoes` makes an undo happen once even
 * after the undone event has left the 25-entry log.
 */
export const gameChanges = pgTable(
  'game_changes',
  {
    gameId: uuid('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    changeId: text('change_id').notNull(),
    kind: text('kind').$type<'increment' | 'update'>().notNull(),
    undoes: text('undoes'),
    appliedAt: timestamptz('applied_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.gameId, t.changeId] }),
    uniqueIndex('game_changes_undoes_key').on(t.gameId, t.undoes).where(sql`${t.undoes} is not null`),
  ],
);

/** Guest claim links: only SHA-256(token) is stored; single use; a seat is claimed once. */
export const gameClaims = pgTable(
  'game_claims',
  {
    tokenHash: text('token_hash').primaryKey(),
    gameId: uuid('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    seatNumber: integer('seat_number').notNull(),
    email: text('email').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    usedAt: timestamptz('used_at'),
    usedById: uuid('used_by_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('game_claims_game_idx').on(t.gameId)],
);

/**
 * Pending game invitations: an account the creator seated who is neither their friend
 * nor a member of a pod the creator is in. Until it is accepted the seat carries no userId (so
 * the invitee is not in the game's audience and has no game_players row: no pull, no live event,
 * not in their lists); accept puts their id on `seatNumber`, decline or the game's deletion
 * deletes the row. One per (game, invitee).
 */
export const gameInvites = pgTable(
  'game_invites',
  {
    id: uuid('id').primaryKey(),
    gameId: uuid('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    inviteeId: uuid('invitee_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    invitedById: uuid('invited_by_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    seatNumber: integer('seat_number').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('game_invites_game_invitee_key').on(t.gameId, t.inviteeId), index('game_invites_invitee_idx').on(t.inviteeId)],
);
