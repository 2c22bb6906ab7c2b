/**
 * The two halves of every write kind agree: for each mutation name, the app's optimistic change
 * (src/mutations, applied by mutate() to a mirror in fake-indexeddb) leaves the same rows as the
 * server's apply (server/mutations) once a second, fresh mirror of the same user has pulled them.
 * Per row: the server state the write needs is made first (as the app would, through the push);
 * phone A pulls, makes the write offline and keeps its optimistic rows; the app's own sender
 * pushes A's outbox to the real server; phone B starts empty and pulls; every row the write names
 * (its outbox entry's `keys`) must read the same on A (optimistic) and B (the server's), except
 * for fields the server owns (revisions, timestamps, pending marks) and a documented allow-list.
 * A row hidden while its removal waits (`pendingRemoval`) counts as absent: that is what screens show.
 * A mutation name without a row fails the test.
 */
import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENTITY_MUTATORS, serverMutators } from '../../../server/mutations';
import { mutationArgs, type MutationInput, type MutationName } from '../../../src/contract/mutations';
import { compareReadPoints, type ReadPoint } from '../../../src/contract/read-markers';
import { pushResponse, type PullResponse } from '../../../src/contract/sync';
import type { User } from '../../../src/contract/users';
import { openDatabase, type PodTableDB } from '../../../src/db/schema';
import { writeSession } from '../../../src/db/session';
import { clientMutators } from '../../../src/mutations';
import { splitKey } from '../../../src/mutations/types';
import { createApiClient, type ApiClient } from '../../../src/sync/engine/api';
import { applyServerData } from '../../../src/sync/engine/apply-server';
import { mutate } from '../../../src/sync/engine/mutate';
import { isSyncedTable } from '../../../src/sync/engine/rows';
import { createSender } from '../../../src/sync/engine/sender';
import { gameBody } from '../games/support';
import { startServer, type TestServer } from '../helpers';
import type { Person } from '../social/support';
import { APP_PROTOCOL, mutation, push } from './support';

let server: TestServer;

beforeAll(async () => {
  server = await startServer();
}, 180_000);
afterAll(async () => {
  await server?.close();
});

/**
 * Fields the server owns, at any depth of a row (its clock stamps them at apply time): never compared.
 * A game's turn times (`turnMs`, a turn's `durationMs`) and its `endedAt` are measured by that clock too.
 */
const SERVER_OWNED = ['rev', 'syncState', 'syncError', 'createdAt', 'updatedAt', 'joinedAt', 'at', 'startTime', 'turnStartedAt', 'turnMs', 'durationMs', 'endedAt'];
/** Stamps the server's clock writes when set: compared as set or not (a message's edit and deletion, a game's clocks stopping). */
const SERVER_STAMPED = ['editedAt', 'deletedAt', 'pausedAt'];

interface World {
  me: Person;
  other: Person;
  /** Applies a write on the server as `who` (state the row's write needs); fails unless applied. */
  write<N extends MutationName>(who: Person, name: N, args: MutationInput<N>, id?: string): Promise<void>;
}

interface Row<N extends MutationName = MutationName> {
  name: N;
  /** What the row shows, when one name has several rows. */
  label?: string;
  /** Makes the server state the write needs; answers the write's input. */
  prepare(world: World): Promise<MutationInput<N>>;
  /** Known, intentional differences: table → fields left out of the comparison, with the reason. */
  differs?: Record<string, { fields: string[]; why: string }>;
}

const row = <N extends MutationName>(definition: Row<N>): Row => definition as unknown as Row;

async function newPod(world: World, members: Person[] = []): Promise<string> {
  const podId = randomUUID();
  await world.write(world.me, 'pod.create', { id: podId, name: 'Parity pod' });
  for (const member of members) {
    const invitationId = randomUUID();
    await world.write(world.me, 'pod.invite', { id: invitationId, podId, userId: member.user.id });
    await world.write(member, 'pod.invitation.accept', { invitationId });
  }
  return podId;
}

async function friends(world: World): Promise<string> {
  const friendshipId = randomUUID();
  await world.write(world.other, 'friend.request', { id: friendshipId, addresseeId: world.me.user.id });
  await world.write(world.me, 'friend.accept', { friendshipId });
  return friendshipId;
}

async function newGame(world: World): Promise<string> {
  const body = gameBody([{ user: world.me.user }, { guest: 'Gus' }]);
  await world.write(world.me, 'game.create', body);
  return body.id;
}

/** A game `other` created with `me` (neither friend nor pod mate, so invited) in a seat: `me` holds an invitation to it. */
async function gameInviteForMe(world: World): Promise<{ inviteId: string; gameId: string }> {
  const body = gameBody([{ user: world.other.user }, { user: world.me.user }]);
  await world.write(world.other, 'game.create', body);
  const snapshot = await pullAs(world.me);
  const invite = (snapshot.puts.gameInvites ?? []).find((candidate) => candidate.game.id === body.id);
  if (!invite) throw new Error('no invitation to the game reached its invitee');
  return { inviteId: invite.id, gameId: body.id };
}

const DECK = { name: 'Parity deck', description: 'Tokens', commander: 'Tymna the Weaver', hasPartner: false, partnerCommander: null, externalLinks: [], bracket: 3 };

const ROWS: Row[] = [
  row({ name: 'profile.update', prepare: async () => ({ displayName: 'Parity Person' }) }),
  row({
    name: 'dm.send',
    prepare: async (world) => {
      await friends(world);
      return { id: randomUUID(), receiverId: world.other.user.id, content: 'hello there' };
    },
  }),
  row({
    name: 'dm.edit',
    prepare: async (world) => {
      const id = randomUUID();
      await world.write(world.me, 'dm.send', { id, receiverId: world.other.user.id, content: 'helo' }, id);
      return { id, content: '  hello  ' };
    },
  }),
  row({
    name: 'dm.delete',
    prepare: async (world) => {
      const id = randomUUID();
      await world.write(world.me, 'dm.send', { id, receiverId: world.other.user.id, content: 'oops' }, id);
      return { id };
    },
  }),
  row({ name: 'pod.create', prepare: async () => ({ id: randomUUID(), name: 'New pod' }) }),
  row({ name: 'pod.rename', prepare: async (world) => ({ podId: await newPod(world), name: 'Renamed pod' }) }),
  row({ name: 'pod.describe', prepare: async (world) => ({ podId: await newPod(world), description: '  Tuesdays at the shop  ' }) }),
  row({
    name: 'pod.describe',
    label: 'an empty description clears it',
    prepare: async (world) => {
      const podId = await newPod(world);
      await world.write(world.me, 'pod.describe', { podId, description: 'Old words' });
      return { podId, description: '' };
    },
  }),
  row({ name: 'pod.message.send', prepare: async (world) => ({ id: randomUUID(), podId: await newPod(world), content: 'gg' }) }),
  row({
    name: 'pod.message.edit',
    prepare: async (world) => {
      const [id, podId] = [randomUUID(), await newPod(world, [world.other])];
      await world.write(world.me, 'pod.message.send', { id, podId, content: 'g g' }, id);
      return { id, podId, content: 'gg wp' };
    },
  }),
  row({
    name: 'pod.message.delete',
    prepare: async (world) => {
      const [id, podId] = [randomUUID(), await newPod(world, [world.other])];
      await world.write(world.me, 'pod.message.send', { id, podId, content: 'wrong chat' }, id);
      return { id, podId };
    },
  }),
  // Writes no mirror row (the invite dialog reads the outbox entry by its pseudo key): only the server's verdict is compared.
  row({ name: 'pod.invite', prepare: async (world) => ({ id: randomUUID(), podId: await newPod(world), userId: world.other.user.id }) }),
  row({
    name: 'pod.invitation.accept',
    prepare: async (world) => {
      const podId = randomUUID();
      await world.write(world.other, 'pod.create', { id: podId, name: 'Their pod' });
      const invitationId = randomUUID();
      await world.write(world.other, 'pod.invite', { id: invitationId, podId, userId: world.me.user.id });
      return { invitationId };
    },
  }),
  row({
    name: 'pod.invitation.decline',
    prepare: async (world) => {
      const podId = randomUUID();
      await world.write(world.other, 'pod.create', { id: podId, name: 'Their pod' });
      const invitationId = randomUUID();
      await world.write(world.other, 'pod.invite', { id: invitationId, podId, userId: world.me.user.id });
      return { invitationId };
    },
  }),
  row({
    name: 'pod.invitation.withdraw',
    prepare: async (world) => {
      const podId = await newPod(world);
      const invitationId = randomUUID();
      await world.write(world.me, 'pod.invite', { id: invitationId, podId, userId: world.other.user.id });
      return { podId, invitationId };
    },
  }),
  row({ name: 'pod.member.remove', prepare: async (world) => ({ podId: await newPod(world, [world.other]), userId: world.other.user.id }) }),
  row({ name: 'pod.owner.assign', prepare: async (world) => ({ podId: await newPod(world, [world.other]), newOwnerId: world.other.user.id }) }),
  row({
    name: 'pod.leave',
    prepare: async (world) => {
      const podId = await newPod(world, [world.other]);
      await world.write(world.me, 'pod.owner.assign', { podId, newOwnerId: world.other.user.id });
      return { podId };
    },
  }),
  row({ name: 'pod.delete', prepare: async (world) => ({ podId: await newPod(world, [world.other]) }) }),
  row({ name: 'friend.request', prepare: async (world) => ({ id: randomUUID(), addresseeId: world.other.user.id }) }),
  row({
    name: 'friend.accept',
    prepare: async (world) => {
      const friendshipId = randomUUID();
      await world.write(world.other, 'friend.request', { id: friendshipId, addresseeId: world.me.user.id });
      return { friendshipId };
    },
  }),
  row({
    name: 'friend.reject',
    prepare: async (world) => {
      const friendshipId = randomUUID();
      await world.write(world.other, 'friend.request', { id: friendshipId, addresseeId: world.me.user.id });
      return { friendshipId };
    },
  }),
  row({ name: 'friend.remove', prepare: async (world) => ({ friendshipId: await friends(world) }) }),
  row({ name: 'user.block', prepare: async (world) => ({ userId: world.other.user.id, friendshipId: await friends(world) }) }),
  row({
    name: 'user.unblock',
    prepare: async (world) => {
      await world.write(world.me, 'user.block', { userId: world.other.user.id });
      return { userId: world.other.user.id };
    },
  }),
  row({ name: 'deck.save', prepare: async () => ({ ...DECK, id: randomUUID(), create: true }) }),
  row({
    name: 'deck.save',
    label: 'a save replaces a deck',
    prepare: async (world) => {
      const id = randomUUID();
      await world.write(world.me, 'deck.save', { ...DECK, id, create: true }, id);
      return { ...DECK, id, name: 'Renamed deck', description: null, bracket: 4, create: false };
    },
  }),
  row({
    name: 'deck.save',
    label: 'a save without a bracket (an older client) keeps the stored one',
    prepare: async (world) => {
      const id = randomUUID();
      await world.write(world.me, 'deck.save', { ...DECK, id, create: true }, id);
      const { bracket: _bracket, ...withoutBracket } = DECK;
      return { ...withoutBracket, id, name: 'Renamed deck', create: false };
    },
  }),
  row({
    name: 'deck.save',
    label: 'a null bracket clears it',
    prepare: async (world) => {
      const id = randomUUID();
      await world.write(world.me, 'deck.save', { ...DECK, id, create: true }, id);
      return { ...DECK, id, bracket: null, create: false };
    },
  }),
  row({
    name: 'deck.delete',
    label: 'deleting the default deck clears the default',
    prepare: async (world) => {
      const id = randomUUID();
      await world.write(world.me, 'deck.save', { ...DECK, id, create: true }, id);
      await world.write(world.me, 'profile.update', { defaultDeckId: id });
      return { id };
    },
  }),
  row({
    name: 'game.create',
    prepare: async (world) => gameBody([{ user: world.me.user }, { guest: 'Gus' }]),
    differs: { games: { fields: ['accountEmail'], why: "the server masks a guest's e-mail to everyone, its creator too (g•••@…); the creator's device shows what they typed until the server's copy arrives" } },
  }),
  row({
    name: 'game.increment',
    prepare: async (world) => ({ gameId: await newGame(world), increment: { id: randomUUID(), seat: 1, counter: 'life', delta: -3 } }),
  }),
  row({ name: 'game.update', prepare: async (world) => ({ gameId: await newGame(world), update: { eventId: randomUUID(), activeSeat: 1, turnNumber: 2 } }) }),
  row({
    name: 'game.update',
    label: "day or night, the city's blessing and the Ring",
    prepare: async (world) => ({ gameId: await newGame(world), update: { eventId: randomUUID(), dayNight: 'day', cityBlessing: { seat: 1, blessed: true }, ring: { seat: 0, step: 1 } } }),
  }),
  row({
    name: 'game.update',
    label: 'a custom counter created',
    prepare: async (world) => ({ gameId: await newGame(world), update: { eventId: randomUUID(), customCounter: { action: 'create', id: randomUUID(), name: ' Storm ', seat: 1 } } }),
  }),
  row({
    name: 'game.update',
    label: "a custom counter's step",
    prepare: async (world) => {
      const gameId = await newGame(world);
      const id = randomUUID();
      await world.write(world.me, 'game.update', { gameId, update: { eventId: randomUUID(), customCounter: { action: 'create', id, name: 'Treasure', seat: null } } });
      return { gameId, update: { eventId: randomUUID(), customCounter: { action: 'step', id, step: 1 } } };
    },
  }),
  row({
    name: 'game.update',
    label: 'the clocks paused',
    prepare: async (world) => ({ gameId: await newGame(world), update: { eventId: randomUUID(), clock: { action: 'pause' } } }),
  }),
  row({
    name: 'game.update',
    label: 'End game with how it was won and who took out whom',
    prepare: async (world) => ({
      gameId: await newGame(world),
      update: { eventId: randomUUID(), status: 'FINISHED', result: { winnerSeat: 0, winMethod: 'combo', eliminations: [{ seat: 1, bySeat: 0, how: 'combo' }] } },
    }),
  }),
  row({ name: 'game.delete', prepare: async (world) => ({ gameId: await newGame(world) }) }),
  row({ name: 'game.invite.accept', prepare: async (world) => ({ inviteId: (await gameInviteForMe(world)).inviteId }) }),
  row({ name: 'game.invite.decline', prepare: async (world) => ({ inviteId: (await gameInviteForMe(world)).inviteId }) }),
  row({
    name: 'game.leave',
    prepare: async (world) => {
      const { inviteId, gameId } = await gameInviteForMe(world);
      await world.write(world.me, 'game.invite.accept', { inviteId });
      return { gameId };
    },
  }),
  row({
    name: 'read.mark',
    label: 'a direct conversation',
    prepare: async (world) => ({ kind: 'dm', id: world.other.user.id, upTo: await readPoint(world, world.other, { peerId: world.me.user.id }) }),
  }),
  row({
    name: 'read.mark',
    label: 'a pod',
    prepare: async (world) => {
      const podId = await newPod(world, [world.other]);
      return { kind: 'pod', id: podId, upTo: await readPoint(world, world.other, { podId }) };
    },
  }),
  row({
    name: 'read.mark',
    label: 'an older point than the marker changes nothing',
    prepare: async (world) => {
      const points = [await readPoint(world, world.other, { peerId: world.me.user.id }), await readPoint(world, world.other, { peerId: world.me.user.id })];
      const [older, newer] = points.sort(compareReadPoints) as [ReadPoint, ReadPoint];
      await world.write(world.me, 'read.mark', { kind: 'dm', id: world.other.user.id, upTo: newer });
      return { kind: 'dm', id: world.other.user.id, upTo: older };
    },
  }),
];

/** A message `from` sends into a conversation with `me` or a pod, as the point `me` reads up to (its time as the server stored it). */
async function readPoint(world: World, from: Person, thread: { peerId: string } | { podId: string }): Promise<{ createdAt: string; messageId: string }> {
  const id = randomUUID();
  if ('podId' in thread) await world.write(from, 'pod.message.send', { id, podId: thread.podId, content: 'read me' }, id);
  else await world.write(from, 'dm.send', { id, receiverId: thread.peerId, content: 'read me' }, id);
  const snapshot = await pullAs(world.me);
  const message = [...(snapshot.puts.directMessages ?? []), ...(snapshot.puts.podMessages ?? [])].find((candidate) => candidate.id === id);
  if (!message) throw new Error('the message did not reach its reader');
  return { createdAt: message.createdAt, messageId: id };
}

async function pullAs(person: Person): Promise<PullResponse> {
  const answer = await server.request<PullResponse>('GET', '/api/sync/pull', { token: person.token, headers: APP_PROTOCOL });
  expect(answer.status, answer.text).toBe(200);
  return answer.body;
}

/** A device of `person` that has pulled once (the full snapshot) and knows its user (and `known`, as a search would show them). */
async function phone(person: Person, known: User[] = []): Promise<{ db: PodTableDB; api: ApiClient }> {
  const api = createApiClient({ baseUrl: server.url, getToken: () => person.token });
  const db = openDatabase(`parity-${randomUUID()}`);
  await db.open();
  await writeSession(db, { userId: person.user.id, token: person.token, paused: false });
  // The signed-in user first, as the app keeps it from GET /api/users/me: server data applies only with a user.
  await db.users.put(await api.request<User>('GET', '/api/users/me'));
  const snapshot = await api.request<PullResponse>('GET', '/api/sync/pull');
  await applyServerData(db, { puts: snapshot.puts, dels: snapshot.dels, reset: true, cursor: { from: null, to: snapshot.cursor } });
  for (const user of known) if (!(await db.users.get(user.id))) await db.users.put(user);
  return { db, api };
}

/** What a screen shows of a row, less the fields the server owns and the row's allowed differences (at any depth). */
function comparable(table: string, value: unknown, differs: Row['differs']): unknown {
  if (!value || (value as { pendingRemoval?: boolean }).pendingRemoval) return undefined;
  const left = new Set([...SERVER_OWNED, 'pendingRemoval', ...(differs?.[table]?.fields ?? [])]);
  const stamped = new Set(SERVER_STAMPED);
  return JSON.parse(JSON.stringify(value), (key, field: unknown) => (left.has(key) ? undefined : stamped.has(key) ? field != null || undefined : field));
}

describe('every write kind: the optimistic rows equal the rows the server stores', () => {
  it('has a row for every mutation name, and each name is registered once on each side', () => {
    const names = Object.keys(mutationArgs).sort();
    expect([...new Set(ROWS.map((each) => each.name))].sort()).toEqual(names);
    expect(Object.keys(clientMutators).sort()).toEqual(names);
    expect(Object.keys(serverMutators).sort()).toEqual(names);
    expect(ENTITY_MUTATORS.flatMap((module) => Object.keys(module)).sort()).toEqual(names);
  });

  it.each(ROWS.map((each) => [each.label ? `${each.name}: ${each.label}` : each.name, each] as const))('%s', async (_title, { name, prepare, differs }) => {
    const [me, other] = await Promise.all([server.newUser('pm'), server.newUser('po')]);
    const world: World = {
      me: { user: me.user, token: me.token },
      other: { user: other.user, token: other.token },
      async write(who, mutationName, args, id) {
        const answer = await push(server, who.token, [mutation(mutationName, args, id)]);
        expect(answer.results[0], `${mutationName} while preparing`).toMatchObject({ status: 'applied' });
      },
    };
    const input = await prepare(world);

    const a = await phone(world.me, [world.other.user]);
    const rowOf = (db: PodTableDB, key: string) => db.table(splitKey(key).table).get(splitKey(key).id);
    const parsed = mutationArgs[name].parse(input) as never;
    const keys = clientMutators[name].writes?.(parsed, { me: world.me.user }) ?? [clientMutators[name].target(parsed, { me: world.me.user })];
    const before = new Map<string, unknown>();
    for (const { table, id } of keys) if (isSyncedTable(table)) before.set(`${table}:${id}`, await rowOf(a.db, `${table}:${id}`));
    const entry = await mutate(a.db, name, input as never);
    const written = entry.keys.filter((key) => isSyncedTable(splitKey(key).table));
    const optimistic = new Map<string, unknown>();
    for (const key of written) {
      if (!before.has(key)) before.set(key, undefined);
      optimistic.set(key, await rowOf(a.db, key));
    }
    // Something to compare: the write created or changed a row, or removed one the mirror showed.
    for (const key of written) expect(optimistic.get(key) ?? before.get(key), `${key} on phone A`).toBeDefined();

    const sender = createSender({ db: a.db, api: a.api, readAnswer: (raw) => pushResponse.parse(raw) });
    expect(await sender.drain()).toEqual({ state: 'empty' });
    expect(await a.db.outbox.toArray(), 'the server applied the write').toEqual([]);

    const b = await phone(world.me);
    for (const key of written) {
      const { table, id } = splitKey(key);
      expect(comparable(table, await b.db.table(table).get(id), differs), key).toEqual(comparable(table, optimistic.get(key), differs));
    }
    a.db.close();
    b.db.close();
  });
});
