/** Games: create (who may, with whom), list, read, PUT (turns, status, layout), delete, live updates. */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { GameText, STARTING_LIFE, type Game, type GameIncrement } from '../../../src/contract/game';
import { applyIncrement } from '../../../src/game/counters';
import { IDEMPOTENCY_KEY_HEADER } from '../../../src/contract/limits';
import { layoutFor } from '../../../src/game/layouts';
import { gamePlayers, games } from '../../../server/db/schema';
import { REPLAYED_HEADER } from '../../../server/idempotency';
import { openSocket, startServer, type TestServer } from '../helpers';
import { nextEvent } from '../social/support';
import { befriend, createGame, gameBody, insertPod } from './support';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.close();
});

const isGameUpdated = (id: string) => (m: unknown) => (m as { type?: string; payload?: { id?: string } }).type === 'GAME_UPDATED' && (m as { payload: { id: string } }).payload.id === id;

describe('POST /api/games', () => {
  it('creates the game from the body with startGame: 40 life, zero counters, the client id', async () => {
    const me = await server.newUser('host');
    const friend = await server.newUser('fr');
    const body = gameBody([{ user: me.user }, { user: friend.user }, { guest: 'Gus' }], { activeSeat: 2, startTime: '2026-11-21T19:30:00.000Z' });
    body.participants[1] = { ...body.participants[1]!, displayName: 'A name the host typed' };
    await befriend(server, me.user, friend.user);
    const answer = await server.request<Game>('POST', '/api/games', { token: me.token, body });
    expect(answer.status).toBe(201);
    const game = answer.body;
    expect(game).toMatchObject({
      id: body.id,
      podId: null,
      requiresVerification: false,
      status: 'ACTIVE',
      startTime: '2026-11-21T19:30:00.000Z',
      createdById: me.user.id,
      layoutPreset: body.layoutPreset,
      seats: body.seats,
      activeSeat: 2,
      turnNumber: 1,
      events: [],
    });
    expect(game.participants).toHaveLength(3);
    for (const p of game.participants) {
      expect(p).toMatchObject({ lifeTotal: STARTING_LIFE, poisonCounters: 0, energyCounters: 0, experienceCounters: 0, commanderDamage: {}, out: false });
    }
    expect(game.participants[1]).toMatchObject({ role: 'friend', userId: friend.user.id, displayName: friend.username, accountEmail: null });
    expect(game.participants[2]).toMatchObject({ role: 'guest', userId: null, displayName: 'Gus', guestName: 'Gus', accountEmail: 'g•••@guests.example' });
    // Another player reads the same game without the guest's address (for its claim only).
    const seen = { ...game, participants: game.participants.map((p) => ({ ...p, accountEmail: null })) };
    expect((await server.request<Game>('GET', `/api/games/${body.id}`, { token: friend.token })).body).toEqual(seen);
  });

  it('the caller must be the one "self" player', async () => {
    const me = await server.newUser('self');
    const friend = await server.newUser('fr');
    const bodies = [
      gameBody([{ user: friend.user }, { guest: 'Gus' }]), // friend is "self"
      gameBody([{ user: me.user, role: 'friend' }, { user: friend.user, role: 'friend' }]), // nobody is "self"
      gameBody([{ user: me.user }, { user: friend.user, role: 'self' }]), // two selves
    ];
    for (const body of bodies) {
      const answer = await server.request('POST', '/api/games', { token: me.token, body });
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ message: 'Add yourself to the table as the one player with the role "self".' });
      expect((await server.request('GET', `/api/games/${body.id}`, { token: me.token })).status).toBe(404);
    }
  });

  it('a guest needs a contact e-mail (a valid one), a name and a deck', async () => {
    const me = await server.newUser('gst');
    const cases: Array<[ReturnType<typeof gameBody>, string]> = [
      [gameBody([{ user: me.user }, { guest: 'Gus', email: null }]), GameText.guestEmailRequired],
      [gameBody([{ user: me.user }, { guest: 'Gus', email: '  ' }]), GameText.guestEmailRequired],
      [gameBody([{ user: me.user }, { guest: 'Gus', email: 'not-an-email' }]), GameText.invalidEmail],
    ];
    const noDeck = gameBody([{ user: me.user }, { guest: 'Gus' }]);
    noDeck.participants[1] = { ...noDeck.participants[1]!, deckName: null };
    cases.push([noDeck, GameText.deckRequired]);
    for (const [body, message] of cases) {
      const answer = await server.request('POST', '/api/games', { token: me.token, body });
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ message });
    }
    expect((await server.request<Game[]>('GET', '/api/games', { token: me.token })).body).toEqual([]);
  });

  it('every account player must exist (404)', async () => {
    const me = await server.newUser('ex');
    const ghost = { id: randomUUID(), username: 'ghost', displayName: null, email: 'g@x.example', avatarUrl: null, defaultDeckId: null };
    for (const body of [gameBody([{ user: me.user }, { user: ghost }]), gameBody([{ user: me.user }, { user: { ...ghost, id: 'not-a-uuid' } }])]) {
      const answer = await server.request('POST', '/api/games', { token: me.token, body });
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({ message: 'One of the players does not have an account.' });
    }
  });

  it('a pod game needs the caller and every account player in the pod', async () => {
    const me = await server.newUser('pod');
    const member = await server.newUser('mem');
    const outsider = await server.newUser('out');
    const podId = await insertPod(server, me.user, [member.user]);
    const otherPod = await insertPod(server, outsider.user, [member.user]);

    const ok = await server.request<Game>('POST', '/api/games', { token: me.token, body: gameBody([{ user: me.user }, { user: member.user, role: 'pod' }, { guest: 'Gus' }], { podId }) });
    expect(ok.status).toBe(201);
    expect(ok.body.podId).toBe(podId);

    const notMine = await server.request('POST', '/api/games', { token: me.token, body: gameBody([{ user: me.user }, { user: member.user }], { podId: otherPod }) });
    expect(notMine.status).toBe(404);
    expect(notMine.body).toEqual({ message: 'Pod not found.' });
    for (const unknown of [randomUUID(), 'pod-1']) {
      const answer = await server.request('POST', '/api/games', { token: me.token, body: gameBody([{ user: me.user }, { user: member.user }], { podId: unknown }) });
      expect(answer.status).toBe(404);
    }
    const stranger = await server.request('POST', '/api/games', { token: me.token, body: gameBody([{ user: me.user }, { user: outsider.user }], { podId }) });
    expect(stranger.status).toBe(400);
    expect(stranger.body).toEqual({ message: 'Every player with an account must be a member of the pod.' });
  });

  it('a replayed create answers the same game; the same id from someone else is a 409', async () => {
    const me = await server.newUser('rep');
    const other = await server.newUser('oth');
    const body = gameBody([{ user: me.user }, { guest: 'Gus' }]);
    const first = await createGame(server, me.token, body);
    const again = await server.request<Game>('POST', '/api/games', { token: me.token, body });
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first);

    const key = randomUUID();
    const keyedBody = gameBody([{ user: me.user }, { guest: 'Kim' }]);
    const keyed = await server.request<Game>('POST', '/api/games', { token: me.token, body: keyedBody, headers: { [IDEMPOTENCY_KEY_HEADER]: key } });
    const replay = await server.request<Game>('POST', '/api/games', { token: me.token, body: keyedBody, headers: { [IDEMPOTENCY_KEY_HEADER]: key } });
    expect(replay.headers.get(REPLAYED_HEADER)).toBe('true');
    expect(replay.body).toEqual(keyed.body);

    const taken = await server.request('POST', '/api/games', { token: other.token, body: { ...gameBody([{ user: other.user }, { guest: 'Gus' }]), id: body.id } });
    expect(taken.status).toBe(409);
    const rows = await server.database.db.select().from(games).where(eq(games.id, body.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.createdById).toBe(me.user.id);
    expect(await server.database.db.select().from(gamePlayers).where(eq(gamePlayers.gameId, body.id))).toEqual([{ gameId: body.id, userId: me.user.id }]);
  });

  it.each([
    ['no participants', (b: ReturnType<typeof gameBody>) => ({ ...b, participants: [] }), GameText.noPlayers],
    ['no first player', (b: ReturnType<typeof gameBody>) => ({ ...b, activeSeat: null }), GameText.chooseFirstPlayer],
    ['a non-UUID id', (b: ReturnType<typeof gameBody>) => ({ ...b, id: 'game-1' }), 'id must be a UUID.'],
    ['a seat outside the grid', (b: ReturnType<typeof gameBody>) => ({ ...b, seats: [{ ...b.seats[0]!, left: 29 }, b.seats[1]!] }), 'A seat must lie inside the 30×30 grid.'],
    ['the wrong seat count', (b: ReturnType<typeof gameBody>) => ({ ...b, seats: layoutFor(3).seats }), 'Expected 2 seats, got 3.'],
  ])('refuses %s with 400', async (_label, change, message) => {
    const me = await server.newUser('inv');
    const answer = await server.request('POST', '/api/games', { token: me.token, body: change(gameBody([{ user: me.user }, { guest: 'Gus' }])) });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ message });
  });
});

describe('who sees and changes a game', () => {
  let host: Awaited<ReturnType<TestServer['newUser']>>;
  let player: Awaited<ReturnType<TestServer['newUser']>>;
  let stranger: Awaited<ReturnType<TestServer['newUser']>>;
  let game: Game;
  beforeAll(async () => {
    host = await server.newUser('host');
    player = await server.newUser('plr');
    stranger = await server.newUser('str');
    game = await createGame(server, host.token, gameBody([{ user: host.user }, { user: player.user }, { guest: 'Gus' }]));
  });

  it('the creator and account players read it and find it in their list; a stranger gets 404', async () => {
    for (const token of [host.token, player.token]) {
      expect((await server.request<Game>('GET', `/api/games/${game.id}`, { token })).body.id).toBe(game.id);
      expect((await server.request<Game[]>('GET', '/api/games', { token })).body.map((g) => g.id)).toContain(game.id);
    }
    const read = await server.request('GET', `/api/games/${game.id}`, { token: stranger.token });
    expect(read.status).toBe(404);
    expect(read.body).toEqual({ message: 'Game not found.' });
    expect((await server.request<Game[]>('GET', '/api/games', { token: stranger.token })).body).toEqual([]);
  });

  it('a stranger can neither update, count, nor delete it (404), and nothing changes', async () => {
    const attempts = [
      ['PUT', `/api/games/${game.id}`, { status: 'FINISHED' }],
      ['POST', `/api/games/${game.id}/increments`, { id: randomUUID(), seat: 0, counter: 'life', delta: -5 }],
      ['DELETE', `/api/games/${game.id}`, undefined],
    ] as const;
    for (const [method, path, body] of attempts) {
      const answer = await server.request(method, path, { token: stranger.token, body });
      expect(answer.status, `${method} ${path}`).toBe(404);
    }
    expect((await server.request<Game>('GET', `/api/games/${game.id}`, { token: host.token })).body).toEqual(game);
  });

  it('anonymous callers get 401 everywhere', async () => {
    const attempts = [
      ['GET', '/api/games'],
      ['POST', '/api/games'],
      ['GET', `/api/games/${game.id}`],
      ['PUT', `/api/games/${game.id}`],
      ['DELETE', `/api/games/${game.id}`],
      ['POST', `/api/games/${game.id}/increments`],
      ['POST', `/api/games/claim/${'A'.repeat(43)}`],
    ];
    for (const [method, path] of attempts) expect((await server.request(method!, path!)).status, `${method} ${path}`).toBe(401);
  });

  it('non-UUID ids are 404, not 500', async () => {
    for (const [method, path] of [['GET', '/api/games/1'], ['PUT', '/api/games/abc'], ['DELETE', '/api/games/%27%3B--'], ['POST', '/api/games/x/increments']]) {
      const answer = await server.request(method!, path!, { token: host.token, body: method === 'PUT' ? { status: 'FINISHED' } : method === 'POST' ? { id: randomUUID(), seat: 0, counter: 'life', delta: 1 } : undefined });
      expect(answer.status, `${method} ${path}`).toBe(404);
    }
  });

  it('lists newest first', async () => {
    const me = await server.newUser('lst');
    const older = await createGame(server, me.token, gameBody([{ user: me.user }, { guest: 'Gus' }], { startTime: '2026-01-01T10:00:00Z' }));
    const newer = await createGame(server, me.token, gameBody([{ user: me.user }, { guest: 'Gus' }], { startTime: '2026-02-01T10:00:00Z' }));
    const middle = await createGame(server, me.token, gameBody([{ user: me.user }, { guest: 'Gus' }], { startTime: '2026-01-15T10:00:00Z' }));
    expect((await server.request<Game[]>('GET', '/api/games', { token: me.token })).body.map((g) => g.id)).toEqual([newer.id, middle.id, older.id]);
  });
});

describe('PUT /api/games/:id', () => {
  it('passes the turn with the client event id, once; a player may do it', async () => {
    const host = await server.newUser('turn');
    const player = await server.newUser('plr');
    const game = await createGame(server, host.token, gameBody([{ user: host.user }, { user: player.user }, { guest: 'Gus' }]));
    const eventId = randomUUID();
    const pass = { activeSeat: 1, turnNumber: 2, eventId };
    const answer = await server.request<Game>('PUT', `/api/games/${game.id}`, { token: player.token, body: pass });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ activeSeat: 1, turnNumber: 2 });
    expect(answer.body.events).toEqual([expect.objectContaining({ id: eventId, kind: 'turn', seat: 1, fromSeat: 0, turnNumber: 2 })]);

    // A replay (its answer lost) logs nothing twice, even after a later pass.
    await server.request('PUT', `/api/games/${game.id}`, { token: host.token, body: { activeSeat: 2, turnNumber: 3, eventId: randomUUID() } });
    const replay = await server.request<Game>('PUT', `/api/games/${game.id}`, { token: player.token, body: pass });
    expect(replay.status).toBe(200);
    expect(replay.body).toMatchObject({ activeSeat: 2, turnNumber: 3 });
    expect(replay.body.events.filter((e) => e.id === eventId)).toHaveLength(1);

    // Undo of the last pass: back to seat 1, logged as an undo; a second undo of it changes nothing.
    const last = replay.body.events[0]!;
    const undo = await server.request<Game>('PUT', `/api/games/${game.id}`, { token: host.token, body: { activeSeat: 1, turnNumber: 2, eventId: randomUUID(), undoes: last.id } });
    expect(undo.body).toMatchObject({ activeSeat: 1, turnNumber: 2 });
    expect(undo.body.events[0]).toMatchObject({ kind: 'undo', undoes: last.id });
    const undoAgain = await server.request<Game>('PUT', `/api/games/${game.id}`, { token: player.token, body: { activeSeat: 1, turnNumber: 2, eventId: randomUUID(), undoes: last.id } });
    // The same game; the player (not its creator) reads no guest address.
    expect(undoAgain.body).toEqual({ ...undo.body, participants: undo.body.participants.map((p) => ({ ...p, accountEmail: null })) });
  });

  it('ends the game (logged once); a finished game refuses turns and layout (409) but can resume', async () => {
    const host = await server.newUser('end');
    const game = await createGame(server, host.token, gameBody([{ user: host.user }, { guest: 'Gus' }]));
    const eventId = randomUUID();
    const ended = await server.request<Game>('PUT', `/api/games/${game.id}`, { token: host.token, body: { status: 'FINISHED', eventId } });
    expect(ended.status).toBe(200);
    expect(ended.body.status).toBe('FINISHED');
    expect(ended.body.events).toEqual([expect.objectContaining({ id: eventId, kind: 'status', text: 'Game ended' })]);
    const again = await server.request<Game>('PUT', `/api/games/${game.id}`, { token: host.token, body: { status: 'FINISHED', eventId: randomUUID() } });
    expect(again.body).toEqual(ended.body);

    for (const body of [{ activeSeat: 1, turnNumber: 2, eventId: randomUUID() }, { layoutPreset: 'duo-classic' }]) {
      const refused = await server.request('PUT', `/api/games/${game.id}`, { token: host.token, body });
      expect(refused.status).toBe(409);
      expect(refused.body).toEqual({ message: GameText.gameEnded });
    }
    const resumed = await server.request<Game>('PUT', `/api/games/${game.id}`, { token: host.token, body: { status: 'ACTIVE', activeSeat: 1, turnNumber: 2, eventId: randomUUID() } });
    expect(resumed.body).toMatchObject({ status: 'ACTIVE', activeSeat: 1, turnNumber: 2 });
    expect(resumed.body.events.map((e) => e.kind)).toEqual(['turn', 'status', 'status']);
  });

  it('changes the layout when the seats fit the players; refuses bad seats and empty bodies (400)', async () => {
    const host = await server.newUser('lay');
    const game = await createGame(server, host.token, gameBody([{ user: host.user }, { guest: 'Gus' }, { guest: 'Kim' }]));
    const column = layoutFor(3, 'tri-column');
    const changed = await server.request<Game>('PUT', `/api/games/${game.id}`, { token: host.token, body: { layoutPreset: column.name, seats: column.seats } });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ layoutPreset: 'tri-column', seats: column.seats });

    const cases: Array<[unknown, string]> = [
      [{ seats: layoutFor(4).seats }, 'Expected 3 seats, got 4.'],
      [{}, GameText.nothingToUpdate],
      [{ activeSeat: 9 }, 'Too big: expected number to be <=7'],
      [{ activeSeat: 5, turnNumber: 2, eventId: randomUUID() }, 'There is no player in seat 6.'],
      [{ status: 'PAUSED' }, 'Invalid option: expected one of "ACTIVE"|"FINISHED"'],
      [{ activeSeat: 1, eventId: 'e-1' }, 'eventId must be a UUID.'],
    ];
    for (const [body, message] of cases) {
      const answer = await server.request('PUT', `/api/games/${game.id}`, { token: host.token, body });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body).toEqual({ message });
    }
    expect((await server.request<Game>('GET', `/api/games/${game.id}`, { token: host.token })).body).toEqual(changed.body);
  });
});

describe('DELETE /api/games/:id', () => {
  it('only the creator deletes; a player gets 403', async () => {
    const host = await server.newUser('del');
    const player = await server.newUser('plr');
    const game = await createGame(server, host.token, gameBody([{ user: host.user }, { user: player.user }]));
    const refused = await server.request('DELETE', `/api/games/${game.id}`, { token: player.token });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: 'Only the player who created this game can delete it.' });
    expect((await server.request('DELETE', `/api/games/${game.id}`, { token: host.token })).status).toBe(204);
    for (const token of [host.token, player.token]) {
      expect((await server.request('GET', `/api/games/${game.id}`, { token })).status).toBe(404);
      expect((await server.request<Game[]>('GET', '/api/games', { token })).body).toEqual([]);
    }
  });
});

describe('GAME_UPDATED', () => {
  it("reaches every account player's socket after a change, and not a stranger's", async () => {
    const host = await server.newUser('live');
    const player = await server.newUser('plr');
    const stranger = await server.newUser('str');
    const playerSocket = await openSocket(`${server.wsUrl}/ws?token=${player.token}`);
    const strangerSocket = await openSocket(`${server.wsUrl}/ws?token=${stranger.token}`);
    const game = await createGame(server, host.token, gameBody([{ user: host.user }, { user: player.user }]));
    expect(await nextEvent(playerSocket, isGameUpdated(game.id))).toEqual({ type: 'GAME_UPDATED', payload: game });

    // A counter change travels as the increment and the revision it makes, not the whole game;
    // applied to the game the player has, it gives exactly the server's game.
    const increment = { id: randomUUID(), seat: 1, counter: 'life' as const, delta: -5 };
    const hit = await server.request<Game>('POST', `/api/games/${game.id}/increments`, { token: host.token, body: increment });
    const event = (await nextEvent(playerSocket, (m) => (m as { type?: string }).type === 'GAME_INCREMENT')) as { rev: number; at: string; increment: GameIncrement };
    expect(event).toEqual({ type: 'GAME_INCREMENT', gameId: game.id, rev: 2, at: hit.body.updatedAt, increment });
    expect(hit.body.rev).toBe(2);
    expect({ ...applyIncrement(game, event.increment, { at: event.at }), rev: event.rev }).toEqual(hit.body);

    const pass = await server.request<Game>('PUT', `/api/games/${game.id}`, { token: host.token, body: { activeSeat: 1, turnNumber: 2, eventId: randomUUID() } });
    expect(await nextEvent(playerSocket, (m) => isGameUpdated(game.id)(m) && (m as { payload: Game }).payload.turnNumber === 2)).toEqual({ type: 'GAME_UPDATED', payload: pass.body });

    strangerSocket.socket.send(JSON.stringify({ type: 'PING' }));
    await strangerSocket.next((m) => (m as { type?: string }).type === 'PONG');
    expect(strangerSocket.messages.filter((m) => (m as { type?: string }).type === 'GAME_UPDATED')).toEqual([]);
    playerSocket.socket.close(1000);
    strangerSocket.socket.close(1000);
  });
});

describe('GAME_REMOVED', () => {
  it("tells every account player's socket that the creator deleted the game, and not a stranger's", async () => {
    const host = await server.newUser('del');
    const player = await server.newUser('dpl');
    const stranger = await server.newUser('dst');
    const playerSocket = await openSocket(`${server.wsUrl}/ws?token=${player.token}`);
    const strangerSocket = await openSocket(`${server.wsUrl}/ws?token=${stranger.token}`);
    const game = await createGame(server, host.token, gameBody([{ user: host.user }, { user: player.user }]));
    expect((await server.request('DELETE', `/api/games/${game.id}`, { token: host.token })).status).toBe(204);
    expect(await nextEvent(playerSocket, (m) => (m as { type?: string }).type === 'GAME_REMOVED')).toEqual({ type: 'GAME_REMOVED', gameId: game.id });
    strangerSocket.socket.send(JSON.stringify({ type: 'PING' }));
    await strangerSocket.next((m) => (m as { type?: string }).type === 'PONG');
    expect(strangerSocket.messages.filter((m) => (m as { type?: string }).type === 'GAME_REMOVED')).toEqual([]);
    playerSocket.socket.close(1000);
    strangerSocket.socket.close(1000);
  });
});
