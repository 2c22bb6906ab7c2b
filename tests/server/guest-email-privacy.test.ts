/**
 * A guest's contact e-mail is for their claim link only: the game's creator sees it masked
 * (first character, then the domain), every other reader sees none — in REST answers, the pull
 * and live events — and no stored row but the claim holds the full address.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { Game } from '../../src/contract/game';
import type { PullResponse } from '../../src/contract/sync';
import { maskEmail } from '../../src/contract/masked-email';
import { games } from '../../server/db/schema';
import { maskStoredGuestEmails } from '../../server/games/mask-stored-guest-emails';
import { openSocket, startServer, type SocketResult, type TestServer } from './helpers';
import { claimTokenIn, createGame, gameBody, increment, insertPod } from './games/support';
import { pull } from './sync/support';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.close();
});

const GUEST_SEAT = 2;
const guestOf = (game: Game) => game.participants.find((p) => p.seatNumber === GUEST_SEAT)!;
const gamesIn = (answer: PullResponse, id: string) => (answer.puts.games ?? []).filter((game) => game.id === id);
const updateOf = (gameId: string, rev: number) => (message: unknown) => {
  const event = message as { type?: string; payload?: Game };
  return event.type === 'GAME_UPDATED' && event.payload?.id === gameId && event.payload.rev === rev;
};

async function eventPayload(socket: SocketResult, gameId: string, rev: number): Promise<Game> {
  return ((await socket.next(updateOf(gameId, rev), 5000)) as { payload: Game }).payload;
}

/** Every row of every table, as text, that holds `needle` (table names with a count). */
async function tablesHolding(needle: string): Promise<string[]> {
  const db = server.database.db;
  const result = (await db.execute(sql`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`)) as unknown as
    | { rows: Array<{ table_name: string }> }
    | Array<{ table_name: string }>;
  const names = (Array.isArray(result) ? result : result.rows).map((row) => row.table_name);
  const holding: string[] = [];
  for (const name of names) {
    const found = (await db.execute(sql.raw(`SELECT count(*)::int AS n FROM "${name}" t WHERE t::text LIKE '%${needle.replace(/'/g, "''")}%'`))) as unknown as
      | { rows: Array<{ n: number }> }
      | Array<{ n: number }>;
    const n = Number((Array.isArray(found) ? found : found.rows)[0]!.n);
    if (n > 0) holding.push(name);
  }
  return holding.sort();
}

describe("a guest's e-mail", () => {
  it('reaches the creator masked and nobody else at all (REST, pull, live); only the claim stores it; the claim by e-mail still works', async () => {
    const [host, player, member, claimant] = await Promise.all([server.newUser('gph'), server.newUser('gpp'), server.newUser('gpm'), server.newUser('gpc')]);
    const email = `gus.${host.username}@guests.example`;
    const masked = `g•••@guests.example`;
    const podId = await insertPod(server, host.user, [player.user, member.user]);
    const hostSocket = await openSocket(`${server.wsUrl}/ws?token=${host.token}`);
    const playerSocket = await openSocket(`${server.wsUrl}/ws?token=${player.token}`);
    const memberSocket = await openSocket(`${server.wsUrl}/ws?token=${member.token}`);
    const playerStart = await pull(server, player.token);
    const memberStart = await pull(server, member.token);

    // The creator's own answer already carries the masked form: the full address went to the claim.
    const created = await server.request<Game>('POST', '/api/games', {
      token: host.token,
      body: gameBody([{ user: host.user }, { user: player.user, role: 'pod' }, { guest: 'Gus', email }], { podId }),
    });
    expect(created.status).toBe(201);
    expect(guestOf(created.body).accountEmail).toBe(masked);
    expect(created.text).not.toContain(email);
    const gameId = created.body.id;
    expect(guestOf(await eventPayload(hostSocket, gameId, 1)).accountEmail).toBe(masked);
    expect(guestOf(await eventPayload(playerSocket, gameId, 1)).accountEmail).toBeNull();

    // REST reads.
    const hostRead = await server.request<Game>('GET', `/api/games/${gameId}`, { token: host.token });
    expect(guestOf(hostRead.body).accountEmail).toBe(masked);
    const playerRead = await server.request<Game>('GET', `/api/games/${gameId}`, { token: player.token });
    expect(guestOf(playerRead.body).accountEmail).toBeNull();
    expect(playerRead.text).not.toContain('@guests.example');
    const playerList = await server.request<Game[]>('GET', '/api/games', { token: player.token });
    expect(playerList.body.find((game) => game.id === gameId)!.participants.every((p) => p.accountEmail === null)).toBe(true);

    // A write's own answer to another player.
    const tapped = await server.request<Game>('POST', `/api/games/${gameId}/increments`, { token: player.token, body: increment(GUEST_SEAT, -3) });
    expect(tapped.status).toBe(200);
    expect(guestOf(tapped.body).accountEmail).toBeNull();

    // The pull: by cursor and as a snapshot.
    const [playerChanges] = gamesIn(await pull(server, player.token, playerStart.cursor), gameId);
    expect(guestOf(playerChanges!).accountEmail).toBeNull();
    const [playerSnapshot] = gamesIn(await pull(server, player.token), gameId);
    expect(guestOf(playerSnapshot!).accountEmail).toBeNull();
    const [hostSnapshot] = gamesIn(await pull(server, host.token), gameId);
    expect(guestOf(hostSnapshot!).accountEmail).toBe(masked);

    // Ended, the pod game is the pod's record: the member reads it with no address either.
    const ended = await server.request<Game>('PUT', `/api/games/${gameId}`, { token: host.token, body: { status: 'FINISHED' } });
    expect(ended.status).toBe(200);
    expect(guestOf(ended.body).accountEmail).toBe(masked);
    const rev = ended.body.rev!;
    expect(guestOf(await eventPayload(memberSocket, gameId, rev)).accountEmail).toBeNull();
    expect(guestOf(await eventPayload(playerSocket, gameId, rev)).accountEmail).toBeNull();
    expect(guestOf(await eventPayload(hostSocket, gameId, rev)).accountEmail).toBe(masked);
    const memberRead = await server.request<Game>('GET', `/api/games/${gameId}`, { token: member.token });
    expect(memberRead.status).toBe(200);
    expect(guestOf(memberRead.body).accountEmail).toBeNull();
    const [memberChanges] = gamesIn(await pull(server, member.token, memberStart.cursor), gameId);
    expect(guestOf(memberChanges!).accountEmail).toBeNull();
    const [memberSnapshot] = gamesIn(await pull(server, member.token), gameId);
    expect(guestOf(memberSnapshot!).accountEmail).toBeNull();
    for (const socket of [memberSocket, playerSocket]) expect(JSON.stringify(socket.messages)).not.toContain('@guests.example');
    expect(JSON.stringify(hostSocket.messages)).not.toContain(email);

    // Stored: the claim holds the full address; nothing else does (not the game row, the change log or a stored answer).
    expect(await tablesHolding(email)).toEqual(['game_claims']);

    // The claim link still goes to the full address and still works.
    const mail = await server.waitForMail((text) => text.includes(`To: ${email}`));
    const claimed = await server.request<Game>('POST', `/api/games/claim/${claimTokenIn(mail)}`, { token: claimant.token });
    expect(claimed.status).toBe(200);
    expect(guestOf(claimed.body)).toMatchObject({ userId: claimant.user.id, accountEmail: null });
    for (const socket of [hostSocket, playerSocket, memberSocket]) socket.socket.close(1000);
  });

  it('other guests stay hidden from the player who claims a seat', async () => {
    const [host, claimant] = await Promise.all([server.newUser('gqh'), server.newUser('gqc')]);
    const kim = `kim.${host.username}@guests.example`;
    const gus = `gus.${host.username}@guests.example`;
    const game = await createGame(server, host.token, gameBody([{ user: host.user }, { guest: 'Kim', email: kim }, { guest: 'Gus', email: gus }]));
    const claimed = await server.request<Game>('POST', `/api/games/claim/${claimTokenIn(await server.waitForMail((text) => text.includes(`To: ${kim}`)))}`, {
      token: claimant.token,
    });
    expect(claimed.status).toBe(200);
    expect(claimed.text).not.toContain('@guests.example');
    expect(guestOf(claimed.body).accountEmail).toBeNull();
    const hostRead = await server.request<Game>('GET', `/api/games/${game.id}`, { token: host.token });
    expect(guestOf(hostRead.body).accountEmail).toBe(maskEmail(gus));
  });
});

describe('games stored before masking', () => {
  it('have their guests\' addresses masked in place at start-up, once; the claim keeps the full one', async () => {
    const host = await server.newUser('gsh');
    const email = `old.${host.username}@guests.example`;
    const game = await createGame(server, host.token, gameBody([{ user: host.user }, { guest: 'Old', email }]));
    // A row as it was stored before: the full address in the game's participants.
    const db = server.database.db;
    const [row] = await db.select({ participants: games.participants }).from(games).where(eq(games.id, game.id));
    await db
      .update(games)
      .set({ participants: row!.participants.map((p) => (p.accountEmail ? { ...p, accountEmail: email } : p)) })
      .where(eq(games.id, game.id));
    expect(await tablesHolding(email)).toEqual(['game_claims', 'games']);

    expect(await maskStoredGuestEmails(db)).toBeGreaterThanOrEqual(1);
    expect(await tablesHolding(email)).toEqual(['game_claims']);
    const [after] = await db.select({ participants: games.participants }).from(games).where(eq(games.id, game.id));
    expect(after!.participants[1]!.accountEmail).toBe('o•••@guests.example');
    expect(await maskStoredGuestEmails(db)).toBe(0);
  });
});

describe('maskEmail', () => {
  it('keeps the first character and the domain, and is stable', () => {
    expect(maskEmail('ana@example.com')).toBe('a•••@example.com');
    expect(maskEmail('a@example.com')).toBe('a•••@example.com');
    expect(maskEmail('😀x@example.com')).toBe('😀•••@example.com');
    expect(maskEmail(maskEmail('ana@example.com'))).toBe('a•••@example.com');
  });
});
