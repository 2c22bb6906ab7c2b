/**
 * The synced entities: every kind of row the server sends to the mirror, in ONE registry.
 * Adding an entity means adding it here (and its Dexie store in a new version of
 * src/db/schema.ts, its loader in server/sync/changes.ts and its rule in server/visibility/,
 * which the compiler asks for). Everything else is derived from this object:
 * - the mirror's synced tables (src/sync/engine/rows.ts `SYNCED_TABLES`), the tables whose rows carry
 *   pending marks (`MARKED_TABLES`), each row's key (`rowId`);
 * - the shapes of a pull's `puts` and `dels` (src/contract/sync.ts);
 * - which live event puts or removes which rows (src/sync/engine/live-events.ts);
 * - the change log's ref kinds (server/sync/refs.ts) and the lists a full pull loads
 *   (src/sync/engine/pull.ts `LIST_KINDS`).
 *
 * Keys (docs/architecture.md, "Synced entities"): a row that is an entity of its own is keyed
 * by `id`; a row that stands for another entity is keyed by that entity's id under its name
 * (a conversation by `participantId`, the peer; a blocked user by `userId`); the product spec's
 * API names two keys itself, and they stay (`friendshipId`, `invitationId`). A key is on the
 * wire and is a Dexie primary key: changing one is a protocol and mirror-schema change.
 */
import * as z from 'zod/mini';
import { blockedUserSchema } from './blocks';
import { deckSchema } from './decks';
import { gameSchema } from './game';
import { gameInviteSchema } from './game-invites';
import type { ServerEvent } from './live';
import { readMarkerSchema } from './read-markers';
import {
  conversationSchema,
  directMessageSchema,
  friendRequestSchema,
  friendshipSchema,
  podInvitationSchema,
  podMessageSchema,
  podSchema,
  type Conversation,
} from './social';
import { userSchema } from './users';

type LoggedField = 'type' | 'pos' | 'mid' | 'payload';
/** A live event that removes rows, and the event field holding the removed row's key. */
type RemoveSpec = ServerEvent extends infer E
  ? E extends { type: infer T }
    ? 'payload' extends keyof E
      ? never
      : { readonly type: T; readonly key: Exclude<keyof E, LoggedField> }
    : never
  : never;
/** Live events that carry one row as `payload`. */
type PutEventType = Extract<ServerEvent, { payload: unknown }>['type'];

interface EntitySpec {
  /** The row as the server sends it (puts, live payloads). */
  readonly schema: z.ZodMiniType;
  /** The mirror's primary key field (the Dexie store's key). */
  readonly key: string;
  /** Where the key comes from when the server's row does not carry `key` itself. */
  readonly keyOf?: (row: never) => string;
  /** Rows carry PendingMark (`syncState`, `syncError`) while a write about them waits. */
  readonly marked: boolean;
  /** A pull may name rows of this table as gone (`dels`). */
  readonly deletable: boolean;
  /** The change log's ref kind that names rows of this table (server/sync/refs.ts). */
  readonly ref: string;
  /** The list a screen asks the pull state of (src/sync/engine/pull.ts `pullKey`); null: not a list. */
  readonly list: string | null;
  readonly live: {
    /** The event whose `payload` is a row of this table. */
    readonly put?: PutEventType;
    /** The event that removes a row of this table, and which field holds its key. */
    readonly remove?: RemoveSpec;
    /** A row leaves this table when a row with the same key is put into that table (an accepted request). */
    readonly supersededBy?: string;
  };
}

/** Order is the order of the wire's `puts` (kept as it was). */
export const ENTITIES = {
  users: { schema: userSchema, key: 'id', marked: false, deletable: false, ref: 'user', list: null, live: { put: 'USER_UPDATED' } },
  friendships: {
    schema: friendshipSchema,
    key: 'friendshipId',
    marked: true,
    deletable: true,
    ref: 'friendship',
    list: 'friends',
    live: { put: 'FRIENDSHIP_UPDATED', remove: { type: 'FRIENDSHIP_REMOVED', key: 'friendshipId' } },
  },
  friendRequests: {
    schema: friendRequestSchema,
    key: 'friendshipId',
    marked: true,
    deletable: true,
    ref: 'friendship',
    list: 'friendRequests',
    live: { put: 'FRIEND_REQUEST', remove: { type: 'FRIENDSHIP_REMOVED', key: 'friendshipId' }, supersededBy: 'friendships' },
  },
  conversations: {
    schema: conversationSchema,
    key: 'participantId',
    keyOf: (row: Conversation) => row.participant.id,
    marked: false,
    deletable: false,
    ref: 'conversation',
    list: 'conversations',
    live: {},
  },
  directMessages: { schema: directMessageSchema, key: 'id', marked: true, deletable: true, ref: 'dm', list: null, live: { put: 'DIRECT_MESSAGE' } },
  pods: {
    schema: podSchema,
    key: 'id',
    marked: true,
    deletable: true,
    ref: 'pod',
    list: 'pods',
    live: { put: 'POD_UPDATED', remove: { type: 'POD_REMOVED', key: 'podId' } },
  },
  podMessages: { schema: podMessageSchema, key: 'id', marked: true, deletable: true, ref: 'podMessage', list: null, live: { put: 'POD_MESSAGE_NEW' } },
  podInvitations: {
    schema: podInvitationSchema,
    key: 'invitationId',
    marked: true,
    deletable: true,
    ref: 'podInvitation',
    list: 'podInvitations',
    live: { put: 'POD_INVITATION', remove: { type: 'POD_INVITATION_REMOVED', key: 'invitationId' } },
  },
  decks: {
    schema: deckSchema,
    key: 'id',
    marked: true,
    deletable: true,
    ref: 'deck',
    list: 'decks',
    live: { put: 'DECK_UPDATED', remove: { type: 'DECK_REMOVED', key: 'deckId' } },
  },
  games: {
    schema: gameSchema,
    key: 'id',
    marked: true,
    deletable: true,
    ref: 'game',
    list: 'games',
    live: { put: 'GAME_UPDATED', remove: { type: 'GAME_REMOVED', key: 'gameId' } },
  },
  gameInvites: {
    schema: gameInviteSchema,
    key: 'id',
    marked: true,
    deletable: true,
    ref: 'gameInvite',
    list: 'gameInvites',
    live: { put: 'GAME_INVITE', remove: { type: 'GAME_INVITE_REMOVED', key: 'inviteId' } },
  },
  blockedUsers: {
    schema: blockedUserSchema,
    key: 'userId',
    marked: true,
    deletable: true,
    ref: 'block',
    list: 'blockedUsers',
    live: { put: 'BLOCK_ADDED', remove: { type: 'BLOCK_REMOVED', key: 'userId' } },
  },
  // Keyed `<kind>:<target id>` (src/contract/read-markers.ts): one row per conversation or pod, its owner's only.
  readMarkers: { schema: readMarkerSchema, key: 'id', marked: false, deletable: true, ref: 'readMarker', list: null, live: { put: 'READ_MARKER' } },
} as const satisfies Record<string, EntitySpec>;

type Entities = typeof ENTITIES;
export type SyncedTable = keyof Entities;
export type EntityRow<T extends SyncedTable> = z.infer<Entities[T]['schema']>;
/** Tables a pull may name rows of as gone. */
export type DeletableTable = { [T in SyncedTable]: Entities[T]['deletable'] extends true ? T : never }[SyncedTable];
export type RefKind = Entities[SyncedTable]['ref'];
export type ListKind = Exclude<Entities[SyncedTable]['list'], null>;
/** Every live event named by the registry (the rest are handled by name in src/sync/engine/live-events.ts). */
export type EntityEventType =
  | { [T in SyncedTable]: Entities[T]['live'] extends { put: infer P } ? P : never }[SyncedTable]
  | { [T in SyncedTable]: Entities[T]['live'] extends { remove: { type: infer R } } ? R : never }[SyncedTable];

/** The registry's spec of `table`, widened for generic code. */
export function entity(table: SyncedTable): EntitySpec {
  return ENTITIES[table];
}

/** Mirror tables a pull may fill (also the tables a reset empties). */
export const SYNCED_TABLES = Object.keys(ENTITIES) as SyncedTable[];

export function isSyncedTable(table: string): table is SyncedTable {
  return (SYNCED_TABLES as readonly string[]).includes(table);
}

/** Tables whose rows show "pending" and "failed" (PendingMark). */
export const MARKED_TABLES: ReadonlySet<string> = new Set(SYNCED_TABLES.filter((table) => entity(table).marked));

export const DELETABLE_TABLES = SYNCED_TABLES.filter((table) => entity(table).deletable) as DeletableTable[];

/** The change log's ref kinds (several tables may share one: a friendship is a friend or a request). */
export const REF_KINDS: readonly RefKind[] = [...new Set(SYNCED_TABLES.map((table) => ENTITIES[table].ref))];

/** Lists every full pull loads; screens ask for their state by these names. */
export const LIST_KINDS: readonly ListKind[] = SYNCED_TABLES.flatMap((table) => {
  const list = ENTITIES[table].list;
  return list === null ? [] : [list];
});

/** The primary key of a row of `table`, as the server sends it (a mirror row has it too). */
export function rowId(table: SyncedTable, row: Record<string, unknown>): string {
  const spec = entity(table);
  return spec.keyOf ? (spec.keyOf as (row: unknown) => string)(row) : (row[spec.key] as string);
}

// Compile-time checks of the registry: a wrong entry fails to compile, naming the entity at fault.
type Failing<Bad> = [Bad] extends [never] ? true : Bad;
type Assert<T extends true> = T;
/** A declared key is a field of the row (or the entity says where its key comes from). */
type BadKey = { [T in SyncedTable]: Entities[T] extends { keyOf: unknown } ? never : Entities[T]['key'] extends keyof EntityRow<T> ? never : T }[SyncedTable];
/** A put event's payload is a row of its table. */
type BadPut = {
  [T in SyncedTable]: Entities[T]['live'] extends { put: infer P } ? (Extract<ServerEvent, { type: P }> extends { payload: EntityRow<T> } ? never : T) : never;
}[SyncedTable];
/** A table with a remove event may be named in `dels`. */
type BadRemove = { [T in SyncedTable]: Entities[T]['live'] extends { remove: unknown } ? (T extends DeletableTable ? never : T) : never }[SyncedTable];
/** A superseding table is a synced table. */
type BadSupersede = { [T in SyncedTable]: Entities[T]['live'] extends { supersededBy: infer S } ? (S extends SyncedTable ? never : T) : never }[SyncedTable];
type _RegistryChecks = [Assert<Failing<BadKey>>, Assert<Failing<BadPut>>, Assert<Failing<BadRemove>>, Assert<Failing<BadSupersede>>];
