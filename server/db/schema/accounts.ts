/**
 * The one drizzle schema for PGlite (embedded) and PostgreSQL. After a change run
 * `npm run db:generate` and commit the new SQL in server/db/migrations.
 */
import { sql } from 'drizzle-orm';
import { boolean, customType, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** PGlite answers bytea as Uint8Array, `pg` as Buffer; both become a Buffer here. */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    username: text('username').notNull(),
    /**
     * The confusable-safe key of the username (server/users/username-key.ts): unique, so look-alike
     * names cannot coexist. Null only for rows made before it existed, until the start-up
     * backfill (server/users/backfill-username-keys.ts) fills them.
     */
    usernameKey: text('username_key'),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    displayName: text('display_name'),
    avatarUrl: text('avatar_url'),
    /** Decks arrive in a later issue; the foreign key is added then. */
    defaultDeckId: text('default_deck_id'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** Revision: +1 per change (the app never replaces a newer revision with an older one). */
    rev: integer('rev').notNull().default(1),
    /**
     * Set when the account was deleted (server/users/delete-account.ts): the row stays as a
     * tombstone so the messages and games it left keep their foreign keys; its username, e-mail,
     * password hash and avatar are wiped, and nothing new may point at it (migration 0004's trigger).
     */
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    // Uniqueness ignoring case is enforced here, so two concurrent sign-ups cannot both win.
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
    uniqueIndex('users_username_key_key').on(t.usernameKey),
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
  ],
);

/** Bearer tokens: only the SHA-256 of a token is stored, so a database leak yields no usable token. */
export const authTokens = pgTable(
  'auth_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    revoked: boolean('revoked').notNull().default(false),
  },
  (t) => [index('auth_tokens_user_idx').on(t.userId)],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('password_reset_tokens_user_idx').on(t.userId)],
);

/** Avatar bytes live in the database so every server instance can serve them. */
export const avatars = pgTable('avatars', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  mime: text('mime').notNull(),
  bytes: bytea('bytes').notNull(),
  /** Content hash: the `v` of the avatar URL and the ETag. */
  version: text('version').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * First answers of idempotent writes, per (user, key). statusCode NULL = reserved, the first
 * request is still running.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** "METHOD url" of the first request; a key reused for another request is refused. */
    request: text('request').notNull(),
    statusCode: integer('status_code'),
    responseBody: jsonb('response_body'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);

/**
 * Mailed single-use links of an e-mail change (server/users/email-change.ts), stored as SHA-256:
 * - kind 'confirm': sent to the NEW address; opening it makes `email` the account's address
 *   (EMAIL_CONFIRM_TTL_MS, 24 h);
 * - kind 'undo': sent to the OLD address once the change is made; opening it restores `email`,
 *   signs out every device and mails a reset link (EMAIL_UNDO_TTL_MS, 7 days). While it is
 *   usable the old address stays reserved: nobody else can register it or move to it.
 */
export const emailChanges = pgTable(
  'email_changes',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'confirm' | 'undo'>().notNull(),
    email: text('email').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('email_changes_user_idx').on(t.userId), index('email_changes_email_idx').on(sql`lower(${t.email})`)],
);
