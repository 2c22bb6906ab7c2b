/** Shared by the games tests: request bodies and fixtures built the way the app builds them. */
import { randomUUID } from 'node:crypto';
import type { CreateGameInput, Game } from '../../../src/contract/game';
import type { User } from '../../../src/contract/users';
import { layoutFor } from '../../../src/game/layouts';
import { friendships, podMembers, pods } from '../../../server/db/schema';
import { afterAll, beforeAll } from 'vitest';
import { startServer, type StartOptions, type TestServer } from '../helpers';

export type Seat = { user: User; role?: 'self' | 'friend' | 'pod' } | { guest: string; email?: string | null; partner?: string };

/** A valid POST /api/games body; the first account seat is 'self' unless a role says otherwise. */
export function gameBody(seats: Seat[], overrides: Partial<CreateGameInput> = {}): CreateGameInput & { id: string } {
  const layout = layoutFor(seats.length);
  let selfGiven = false;
  const participants = seats.map((seat, seatNumber) => {
    if ('guest' in seat) {
      return {
        seatNumber,
        role: 'guest' as const,
        displayName: seat.guest,
        guestName: seat.guest,
        accountEmail: seat.email === undefined ? `${seat.guest.toLowerCase().replace(/\W+/g, '')}@guests.example` : seat.email,
        deckName: 'Borrowed deck',
        commanderName: 'Tymna the Weaver',
        partnerCommanderName: seat.partner ?? null,
      };
    }
    const role = seat.role ?? (selfGiven ? 'friend' : 'self');
    if (role === 'self') selfGiven = true;
    return {
      seatNumber,
      role,
      displayName: seat.user.displayName ?? seat.user.username,
      userId: seat.user.id,
      deckName: `${seat.user.username}'s deck`,
      commanderName: "Atraxa, Praetors' Voice",
    };
  });
  return { id: randomUUID(), layoutPreset: layout.name, seats: layout.seats, activeSeat: 0, participants, ...overrides };
}

/** Makes `a` and `b` friends, straight in the database (the friends routes are another module's). */
export async function befriend(server: TestServer, a: User, b: User): Promise<void> {
  if (a.id === b.id) return;
  await server.database.db.insert(friendships).values({ requesterId: a.id, addresseeId: b.id, status: 'ACCEPTED', acceptedAt: new Date() }).onConflictDoNothing();
}

/**
 * Creates the game through the API. Account seats are made the creator's friends first
 * (`befriend: false` leaves strangers, who are then invited instead of seated).
 */
export async function createGame(server: TestServer, token: string, body: CreateGameInput, options: { befriend?: boolean } = {}): Promise<Game> {
  if (options.befriend !== false) {
    const creatorId = body.participants.find((p) => p.role === 'self')?.userId;
    for (const p of body.participants) {
      if (creatorId && p.userId && p.userId !== creatorId) await befriend(server, { id: creatorId } as User, { id: p.userId } as User);
    }
  }
  const answer = await server.request<Game>('POST', '/api/games', { token, body });
  if (answer.status !== 201) throw new Error(`create game failed: ${answer.status} ${answer.text}`);
  return answer.body;
}

export function increment(seat: number, delta: number, extra: Record<string, unknown> = {}) {
  return { id: randomUUID(), seat, counter: 'life', delta, ...extra };
}

/** A pod with these members, written straight to the database (the pods routes are another module's). */
export async function insertPod(server: TestServer, owner: User, members: User[]): Promise<string> {
  const id = randomUUID();
  const db = server.database.db;
  await db.insert(pods).values({ id, name: 'Thursday pod', ownerId: owner.id, createdById: owner.id });
  await db.insert(podMembers).values([owner, ...members].map((user) => ({ podId: id, userId: user.id })));
  return id;
}

/** The claim link in a mail (quoted-printable soft line breaks undone). */
export function claimTokenIn(mail: string): string {
  const unfolded = mail.replace(/=\r?\n/g, '');
  const token = /https?:\/\/[^\s"<>]+\/claim\/([A-Za-z0-9_-]{43})/.exec(unfolded)?.[1];
  if (!token) throw new Error('no claim link in the mail');
  return token;
}

/**
 * The servers of a test file: one started before its tests (handed to `started`), and `another()`
 * for a test that needs a clock or budgets of its own; every one is closed after the file's tests.
 */
export function serversOfFile(started: (server: TestServer) => void): { another(options?: StartOptions): Promise<TestServer> } {
  const all: TestServer[] = [];
  const another = async (options?: StartOptions) => {
    const server = await startServer(options);
    all.push(server);
    return server;
  };
  beforeAll(async () => started(await another()));
  afterAll(async () => {
    await Promise.all(all.map((server) => server.close()));
  });
  return { another };
}

/** A host, a friend seated with them, and two guest seats: Gus (with an e-mail) at 1, Kim at 3. */
export async function joinTable(on: TestServer) {
  const host = await on.newUser('host');
  const friend = await on.newUser('fr');
  const game = await createGame(
    on,
    host.token,
    gameBody([{ user: host.user }, { guest: 'Gus', email: `gus.${host.username}@guests.example` }, { user: friend.user }, { guest: 'Kim' }]),
  );
  return { host, friend, game };
}
