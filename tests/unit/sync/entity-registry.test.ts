/**
 * The entity registry (src/contract/entities.ts) derives the lists that used to be written out
 * by hand; these are the hand-written values, so a registry edit that changes the wire, the
 * mirror or the change log fails here.
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import * as z from 'zod/mini';
import { blockedUserSchema } from '../../../src/contract/blocks';
import { deckSchema } from '../../../src/contract/decks';
import { ENTITIES, LIST_KINDS, MARKED_TABLES, REF_KINDS, rowId, SYNCED_TABLES, type SyncedTable } from '../../../src/contract/entities';
import { gameSchema } from '../../../src/contract/game';
import { gameInviteSchema } from '../../../src/contract/game-invites';
import { serverEvent, type ServerEvent } from '../../../src/contract/live';
import {
  conversationSchema,
  directMessageSchema,
  friendRequestSchema,
  friendshipSchema,
  podInvitationSchema,
  podMessageSchema,
  podSchema,
} from '../../../src/contract/social';
import { readMarkerSchema } from '../../../src/contract/read-markers';
import { pullResponse, type SyncDels, type SyncPuts } from '../../../src/contract/sync';
import { userSchema } from '../../../src/contract/users';
import { openDatabase } from '../../../src/db/schema';
import { eventData } from '../../../src/sync/engine/live-events';
import { incomingRows } from '../../../src/sync/engine/rows';

// The shapes as src/contract/sync.ts wrote them before the registry.
const handWrittenPuts = z.partial(
  z.object({
    users: z.array(userSchema),
    friendships: z.array(friendshipSchema),
    friendRequests: z.array(friendRequestSchema),
    conversations: z.array(conversationSchema),
    directMessages: z.array(directMessageSchema),
    pods: z.array(podSchema),
    podMessages: z.array(podMessageSchema),
    podInvitations: z.array(podInvitationSchema),
    decks: z.array(deckSchema),
    games: z.array(gameSchema),
    gameInvites: z.array(gameInviteSchema),
    blockedUsers: z.array(blockedUserSchema),
    // Added with read markers (mirror version 8).
    readMarkers: z.array(readMarkerSchema),
  }),
);
const DELETABLE = ['friendships', 'friendRequests', 'directMessages', 'pods', 'podMessages', 'podInvitations', 'decks', 'games', 'gameInvites', 'blockedUsers', 'readMarkers'] as const;
const handWrittenDels = z.partial(z.object(Object.fromEntries(DELETABLE.map((table) => [table, z.array(z.string())])) as Record<(typeof DELETABLE)[number], z.ZodMiniArray<z.ZodMiniString>>));

describe('the entity registry', () => {
  it('derives the synced tables, marked tables, ref kinds and list kinds the code had', () => {
    expect(SYNCED_TABLES).toEqual([
      'users',
      'friendships',
      'friendRequests',
      'conversations',
      'directMessages',
      'pods',
      'podMessages',
      'podInvitations',
      'decks',
      'games',
      'gameInvites',
      'blockedUsers',
      'readMarkers',
    ]);
    expect([...MARKED_TABLES].sort()).toEqual(
      ['directMessages', 'podMessages', 'pods', 'friendships', 'friendRequests', 'podInvitations', 'decks', 'games', 'gameInvites', 'blockedUsers'].sort(),
    );
    expect([...REF_KINDS].sort()).toEqual(['user', 'friendship', 'dm', 'pod', 'podMessage', 'podInvitation', 'deck', 'game', 'gameInvite', 'block', 'conversation', 'readMarker'].sort());
    expect(LIST_KINDS).toEqual(['friends', 'friendRequests', 'conversations', 'pods', 'podInvitations', 'decks', 'games', 'gameInvites', 'blockedUsers']);
  });

  it("states each table's key, and every Dexie store is keyed by it (released stores unchanged)", () => {
    const keys = Object.fromEntries(SYNCED_TABLES.map((table) => [table, ENTITIES[table].key]));
    expect(keys).toEqual({
      users: 'id',
      friendships: 'friendshipId',
      friendRequests: 'friendshipId',
      conversations: 'participantId',
      directMessages: 'id',
      pods: 'id',
      podMessages: 'id',
      podInvitations: 'invitationId',
      decks: 'id',
      games: 'id',
      gameInvites: 'id',
      blockedUsers: 'userId',
      readMarkers: 'id',
    });
    const db = openDatabase(`registry-${Date.now()}`);
    for (const table of SYNCED_TABLES) expect(db.table(table).schema.primKey.keyPath, table).toBe(ENTITIES[table].key);
  });

  it('rowId reads each entity’s key from a server row (a conversation’s from its participant)', () => {
    const ids: Record<SyncedTable, [Record<string, unknown>, string]> = {
      users: [{ id: 'u1' }, 'u1'],
      friendships: [{ friendshipId: 'f1', friend: { id: 'u2' } }, 'f1'],
      friendRequests: [{ friendshipId: 'f2', requester: { id: 'u2' } }, 'f2'],
      conversations: [{ participant: { id: 'u3' } }, 'u3'],
      directMessages: [{ id: 'dm1', senderId: 'u1' }, 'dm1'],
      pods: [{ id: 'p1' }, 'p1'],
      podMessages: [{ id: 'pm1', podId: 'p1' }, 'pm1'],
      podInvitations: [{ invitationId: 'i1', pod: { id: 'p1' } }, 'i1'],
      decks: [{ id: 'd1' }, 'd1'],
      games: [{ id: 'g1' }, 'g1'],
      gameInvites: [{ id: 'gi1', game: { id: 'g1' } }, 'gi1'],
      blockedUsers: [{ userId: 'u4', user: { id: 'u4' } }, 'u4'],
      readMarkers: [{ id: 'dm:u2', kind: 'dm', targetId: 'u2' }, 'dm:u2'],
    };
    for (const table of SYNCED_TABLES) expect(rowId(table, ids[table][0]), table).toBe(ids[table][1]);
    // A mirror row keeps its key too (the conversation's participantId is added beside it).
    const mirror = incomingRows({ conversations: [{ participant: { id: 'u3' } } as never] }, {}, 'u1');
    expect([...mirror.keys()]).toEqual(['conversations:u3']);
    expect((mirror.get('conversations:u3') as { participantId: string }).participantId).toBe('u3');
  });

  it('derives the same puts and dels shapes (types and what a parse keeps)', () => {
    expectTypeOf<SyncPuts>().toEqualTypeOf<z.infer<typeof handWrittenPuts>>();
    expectTypeOf<SyncDels>().toEqualTypeOf<z.infer<typeof handWrittenDels>>();
    expect(Object.keys(pullResponse.shape.puts.shape)).toEqual(Object.keys(handWrittenPuts.shape));
    expect(Object.keys(pullResponse.shape.dels.shape)).toEqual(Object.keys(handWrittenDels.shape));
    const dels = Object.fromEntries([...SYNCED_TABLES].map((table) => [table, ['x']]));
    const parsed = pullResponse.parse({ cursor: 1, reset: false, more: false, applied: [], puts: {}, dels });
    // users and conversations are never deleted by a pull: dropped, as before.
    expect(Object.keys(parsed.dels)).toEqual([...DELETABLE]);
  });
});

describe('live events from the registry', () => {
  const user = { id: 'u2', username: 'two', displayName: null, avatarUrl: null };
  const cases: Array<[ServerEvent, unknown]> = [
    [{ type: 'USER_UPDATED', payload: { id: 'u1' } as never }, { puts: { users: [{ id: 'u1' }] } }],
    [{ type: 'DIRECT_MESSAGE', payload: { id: 'dm1' } as never }, { puts: { directMessages: [{ id: 'dm1' }] } }],
    [{ type: 'POD_MESSAGE_NEW', podId: 'p1', payload: { id: 'pm1' } as never }, { puts: { podMessages: [{ id: 'pm1' }] } }],
    [{ type: 'POD_UPDATED', payload: { id: 'p1' } as never }, { puts: { pods: [{ id: 'p1' }] } }],
    [{ type: 'POD_REMOVED', podId: 'p1' }, { dels: { pods: ['p1'] } }],
    [{ type: 'FRIEND_REQUEST', payload: { friendshipId: 'f1', requester: user } as never }, { puts: { friendRequests: [{ friendshipId: 'f1', requester: user }] } }],
    [
      { type: 'FRIENDSHIP_UPDATED', payload: { friendshipId: 'f1', friend: user } as never },
      { puts: { friendships: [{ friendshipId: 'f1', friend: user }] }, dels: { friendRequests: ['f1'] } },
    ],
    [{ type: 'FRIENDSHIP_REMOVED', friendshipId: 'f1' }, { dels: { friendships: ['f1'], friendRequests: ['f1'] } }],
    [{ type: 'POD_INVITATION', payload: { invitationId: 'i1' } as never }, { puts: { podInvitations: [{ invitationId: 'i1' }] } }],
    [{ type: 'POD_INVITATION_REMOVED', invitationId: 'i1' }, { dels: { podInvitations: ['i1'] } }],
    [{ type: 'DECK_UPDATED', payload: { id: 'd1' } as never }, { puts: { decks: [{ id: 'd1' }] } }],
    [{ type: 'DECK_REMOVED', deckId: 'd1' }, { dels: { decks: ['d1'] } }],
    [{ type: 'GAME_UPDATED', payload: { id: 'g1' } as never }, { puts: { games: [{ id: 'g1' }] } }],
    [{ type: 'GAME_REMOVED', gameId: 'g1' }, { dels: { games: ['g1'] } }],
    [{ type: 'GAME_INVITE', payload: { id: 'gi1' } as never }, { puts: { gameInvites: [{ id: 'gi1' }] } }],
    [{ type: 'GAME_INVITE_REMOVED', inviteId: 'gi1' }, { dels: { gameInvites: ['gi1'] } }],
    [{ type: 'BLOCK_ADDED', payload: { userId: 'u2' } as never }, { puts: { blockedUsers: [{ userId: 'u2' }] } }],
    [{ type: 'BLOCK_REMOVED', userId: 'u2' }, { dels: { blockedUsers: ['u2'] } }],
    [{ type: 'READ_MARKER', payload: { id: 'pod:p1' } as never }, { puts: { readMarkers: [{ id: 'pod:p1' }] } }],
    [
      { type: 'GAME_INCREMENT', gameId: 'g1', rev: 3, at: '2026-01-01T00:00:00.000Z', increment: { id: 'c1' } as never },
      { gameIncrement: { gameId: 'g1', rev: 3, at: '2026-01-01T00:00:00.000Z', increment: { id: 'c1' } } },
    ],
    [{ type: 'SYNC' }, {}],
    [{ type: 'USER_DELETED', userId: 'u2' }, null],
    [{ type: 'PONG', head: 3 }, null],
    [{ type: 'ERROR', message: 'no' }, null],
  ];

  it('turns every event into the rows, deletions or change it carried before', () => {
    for (const [event, expected] of cases) expect(eventData(event), event.type).toEqual(expected);
  });

  it('covers every event type the contract defines', () => {
    const defined = serverEvent.def.options.flatMap((option) => [...option.shape.type.def.values] as string[]);
    expect(new Set(cases.map(([event]) => event.type))).toEqual(new Set(defined));
  });
});
