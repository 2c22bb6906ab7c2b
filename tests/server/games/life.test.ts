/**
 * The life of a game on the server: the spec's POST /api/games payload alone; End game's winner and
 * standings stored with the game (and authorised like the rest of it); markers (day and night,
 * the city's blessing and the Ring among them), table tools and commander tax through the
 * existing routes and the game.update mutation, exactly once.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { GameText, type Game } from '../../../src/contract/game';
import { layoutFor } from '../../../src/game/layouts';
import { games } from '../../../server/db/schema';
import { openSocket, startServer, type TestServer } from '../helpers';
import { withoutLogFields } from '../social/support';
import { mutation, pull, push } from '../sync/support';
import { befriend, createGame, gameBody } from './support';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.close();
});

const isGameUpdated = (id: string) => (m: unknown) => (m as { type?: string; payload?: { id?: string } }).type === 'GAME_UPDATED' && (m as { payload: { id: string } }).payload.id === id;

async function storedRow(id: string) {
  const [row] = await server.database.db.select().from(games).where(eq(games.id, id));
  return row!;
}

describe("POST /api/games with the spec's payload alone", () => {
  it('is accepted: the server names the game, computes the layout, seats in the given order, the first seat first', async () => {
    const me = await server.newUser('spec');
    const friend = await server.newUser('sfr');
    const body = {
      podId: null,
      requiresVerification: false,
      status: 'ACTIVE',
      startTime: '2026-11-21T19:30:00.000Z',
      participants: [
        { seatNumber: 3, role: 'guest', displayName: 'Gus', guestName: 'Gus', accountEmail: 'gus@guests.example', deckName: 'Borrowed', commanderName: 'Kenrith' },
        { seatNumber: 1, role: 'self', displayName: me.username, userId: me.user.id, deckName: 'Mine', commanderName: 'Atraxa' },
        { seatNumber: 2, role: 'friend', displayName: friend.username, user: { id: friend.user.id }, deckName: 'Theirs', commanderName: 'Tymna', lifeTotal: 40 },
      ],
    };
    await befriend(server, me.user, friend.user);
    const answer = await server.request<Game>('POST', '/api/games', { token: me.token, body });
    expect(answer.status, answer.text).toBe(201);
    const game = answer.body;
    expect(game.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(game).toMatchObject({ status: 'ACTIVE', startTime: '2026-11-21T19:30:00.000Z', layoutPreset: layoutFor(3).name, seats: layoutFor(3).seats, activeSeat: 0, turnNumber: 1 });
    expect(game.participants.map((p) => [p.seatNumber, p.role, p.userId, p.lifeTotal])).toEqual([
      [0, 'self', me.user.id, 40],
      [1, 'friend', friend.user.id, 40],
      [2, 'guest', null, 40],
    ]);
    // The creator reads the guest's e-mail masked; another player reads none.
    expect(game.participants[2]!.accountEmail).toBe('g•••@guests.example');
    const seenByFriend = { ...game, participants: game.participants.map((p) => ({ ...p, accountEmail: null })) };
    expect((await server.request<Game>('GET', `/api/games/${game.id}`, { token: friend.token })).body).toEqual(seenByFriend);
  });

  it('still refuses what the spec payload gets wrong, with our messages', async () => {
    const me = await server.newUser('spx');
    const cases: Array<[unknown, string]> = [
      [{ participants: [] }, GameText.noPlayers],
      [{ participants: [{ seatNumber: 1, role: 'self', displayName: 'Me', userId: me.user.id, deckName: 'D', commanderName: 'C' }] }, GameText.playerCountRange],
      [
        {
          participants: [
            { seatNumber: 1, role: 'self', displayName: 'Me', userId: me.user.id, deckName: 'D', commanderName: 'C' },
            { seatNumber: 1, role: 'guest', displayName: 'Gus', guestName: 'Gus', accountEmail: 'g@x.example', deckName: 'D', commanderName: 'C' },
          ],
        },
        'Seat numbers must be 0 to 1, once each.',
      ],
    ];
    for (const [body, message] of cases) {
      const answer = await server.request('POST', '/api/games', { token: me.token, body });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body).toEqual({ message });
    }
    expect((await server.request<Game[]>('GET', '/api/games', { token: me.token })).body).toEqual([]);
  });
});

describe('End game with a winner and standings', () => {
  it('stores the result with the game, for every participant, exactly once; the game then refuses changes', async () => {
    const host = await server.newUser('win');
    const player = await server.newUser('wpl');
    const socket = await openSocket(`${server.wsUrl}/ws?token=${player.token}`);
    const game = await createGame(server, host.token, gameBody([{ user: host.user }, { user: player.user }, { guest: 'Gus' }]));
    // Gus goes out first, by poison.
    await server.request('POST', `/api/games/${game.id}/increments`, { token: host.token, body: { id: randomUUID(), seat: 2, counter: 'poison', delta: 10 } });
    const eventId = randomUUID();
    const end = { status: 'FINISHED', eventId, result: { winnerSeat: 1, outOrder: [2, 0] } };
    const ended = await server.request<Game>('PUT', `/api/games/${game.id}`, { token: player.token, body: end });
    expect(ended.status, ended.text).toBe(200);
    expect(ended.body.status).toBe('FINISHED');
    expect(ended.body.result).toMatchObject({ winnerSeat: 1, draw: false, outOrder: [2, 0] });
    expect(ended.body.events[0]).toMatchObject({ id: eventId, kind: 'status', text: `Game over: ${player.username} wins` });

    const row = await storedRow(game.id);
    expect(row.result).toEqual(ended.body.result);
    expect(row.endedAt?.toISOString()).toBe(ended.body.result!.endedAt);
    expect(row.tableState?.outOrder).toEqual([2]);
    // The host created the game: the same game, with the guest's e-mail masked instead of absent.
    const seenByHost = (await server.request<Game>('GET', `/api/games/${game.id}`, { token: host.token })).body;
    expect({ ...seenByHost, participants: seenByHost.participants.map((p) => ({ ...p, accountEmail: null })) }).toEqual(ended.body);
    await socket.next((m) => isGameUpdated(game.id)(m) && (m as { payload: Game }).payload.status === 'FINISHED');
    expect(withoutLogFields(socket.messages.filter(isGameUpdated(game.id)).at(-1))).toEqual({ type: 'GAME_UPDATED', payload: ended.body });

    // A replay, and another End game, change nothing; play is over.
    expect((await server.request<Game>('PUT', `/api/games/${game.id}`, { token: player.token, body: end })).body).toEqual(ended.body);
    const other = await server.request<Game>('PUT', `/api/games/${game.id}`, { token: host.token, body: { status: 'FINISHED', eventId: randomUUID(), result: { winnerSeat: 0 } } });
    expect(other.body).toEqual(seenByHost);
    for (const [method, path, body] of [
      ['POST', `/api/games/${game.id}/increments`, { id: randomUUID(), seat: 0, counter: 'life', delta: -1 }],
      ['PUT', `/api/games/${game.id}`, { monarchSeat: 0, eventId: randomUUID() }],
      ['PUT', `/api/games/${game.id}`, { roll: { tool: 'coin', result: 'heads' }, eventId: randomUUID() }],
    ] as const) {
      const refused = await server.request(method, path, { token: host.token, body });
      expect(refused.status).toBe(409);
      expect(refused.body).toEqual({ message: GameText.gameEnded });
    }
    socket.socket.close(1000);
  });

  it('records a draw; refuses a result that does not fit (400) and a stranger (404), storing nothing', async () => {
    const host = await server.newUser('drw');
    const stranger = await server.newUser('dst');
    const game = await createGame(server, host.token, gameBody([{ user: host.user }, { guest: 'Gus' }, { guest: 'Kim' }]));
    const cases: Array<[unknown, string]> = [
      [{ status: 'FINISHED', eventId: randomUUID(), result: { winnerSeat: 5 } }, 'The winner must be a player in this game.'],
      [{ status: 'FINISHED', eventId: randomUUID(), result: { winnerSeat: 0, outOrder: [1] } }, 'The order players went out must name each other player once.'],
      [{ status: 'ACTIVE', result: { winnerSeat: 0 } }, 'A result is given only when the game ends.'],
      [{ roll: { tool: 'die', sides: 20, result: 21 } }, 'A die shows 1 to its number of sides.'],
    ];
    for (const [body, message] of cases) {
      const answer = await server.request('PUT', `/api/games/${game.id}`, { token: host.token, body });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body).toEqual({ message });
    }
    const byStranger = await server.request('PUT', `/api/games/${game.id}`, { token: stranger.token, body: { status: 'FINISHED', result: { winnerSeat: null } } });
    expect(byStranger.status).toBe(404);
    expect((await storedRow(game.id)).result).toBeNull();

    const draw = await server.request<Game>('PUT', `/api/games/${game.id}`, { token: host.token, body: { status: 'FINISHED', eventId: randomUUID(), result: { winnerSeat: null } } });
    expect(draw.body.result).toMatchObject({ winnerSeat: null, draw: true, outOrder: [0, 1, 2] });
    expect((await storedRow(game.id)).result).toMatchObject({ draw: true });
    expect((await server.request('GET', `/api/games/${game.id}`, { token: stranger.token })).status).toBe(404);
    expect((await server.request<Game[]>('GET', '/api/games', { token: stranger.token })).body).toEqual([]);
  });
});

describe('markers, table tools and commander tax through the existing routes', () => {
  it('are stored with the game and applied once each', async () => {
    const host = await server.newUser('tool');
    const game = await createGame(server, host.token, gameBody([{ user: host.user }, { guest: 'Gus', partner: 'Thrasios' }]));
    const eventId = randomUUID();
    const body = { eventId, monarchSeat: 1, initiativeSeat: 0, roll: { tool: 'die', sides: 20, result: 17 } };
    const first = await server.request<Game>('PUT', `/api/games/${game.id}`, { token: host.token, body });
    expect(first.status, first.text).toBe(200);
    expect(first.body.events.map((e) => [e.id, e.text])).toEqual([
      [`${eventId}:roll`, 'Rolled a d20: 17'],
      [`${eventId}:initiative`, `${host.username} took the initiative`],
      [eventId, 'Gus became the monarch'],
    ]);
    expect((await server.request<Game>('PUT', `/api/games/${game.id}`, { token: host.token, body })).body).toEqual(first.body);
    expect((await storedRow(game.id)).tableState).toMatchObject({ monarchSeat: 1, initiativeSeat: 0 });

    const tax = { id: randomUUID(), seat: 1, counter: 'commanderTax', source: { seat: 1, which: 'partner' }, delta: 2 };
    const taxed = await server.request<Game>('POST', `/api/games/${game.id}/increments`, { token: host.token, body: tax });
    expect(taxed.body.participants[1]!.commanderTax).toEqual({ partner: 2 });
    expect((await server.request<Game>('POST', `/api/games/${game.id}/increments`, { token: host.token, body: tax })).body.participants[1]!.commanderTax).toEqual({ partner: 2 });
    const noPartner = await server.request('POST', `/api/games/${game.id}/increments`, { token: host.token, body: { ...tax, id: randomUUID(), seat: 0, source: { seat: 0, which: 'partner' } } });
    expect(noPartner.status).toBe(400);
    expect(noPartner.body).toEqual({ message: 'This player has no partner commander.' });
  });
});

describe("day and night, the city's blessing and the Ring through the game.update mutation", () => {
  it('are stored with the game and read back by another player (pull, live event, REST), once each', async () => {
    const host = await server.newUser('ring');
    const player = await server.newUser('rpl');
    const game = await createGame(server, host.token, gameBody([{ user: host.user }, { user: player.user }, { guest: 'Gus' }]));
    const socket = await openSocket(`${server.wsUrl}/ws?token=${player.token}`);
    const { cursor } = await pull(server, player.token);
    const eventId = randomUUID();
    const update = { eventId, dayNight: 'night', cityBlessing: { seat: 2, blessed: true }, ring: { seat: 1, step: 1 } } as const;
    const tempt = { eventId: randomUUID(), ring: { seat: 1, step: 1 } } as const;
    const sent = mutation('game.update', { gameId: game.id, update });
    const answer = await push(server, host.token, [sent, mutation('game.update', { gameId: game.id, update: tempt })]);
    expect(answer.results.map((r) => r.status)).toEqual(['applied', 'applied']);

    const expected = { dayNight: 'night', cityBlessing: [2], ringLevel: { '1': 2 } };
    expect((await storedRow(game.id)).tableState).toMatchObject(expected);
    const pulled = (await pull(server, player.token, cursor)).puts.games?.find((row) => row.id === game.id);
    expect(pulled?.table).toMatchObject(expected);
    expect(pulled?.events.slice(0, 4).map((e) => [e.id, e.text])).toEqual([
      [tempt.eventId, `The Ring tempted ${player.username} (level 2)`],
      [`${eventId}:ring`, `The Ring tempted ${player.username} (level 1)`],
      [`${eventId}:blessing`, "Gus got the city's blessing"],
      [eventId, 'It became night'],
    ]);
    await socket.next((m) => isGameUpdated(game.id)(m) && (m as { payload: Game }).payload.table?.ringLevel?.['1'] === 2);
    const read = (await server.request<Game>('GET', `/api/games/${game.id}`, { token: player.token })).body;
    expect(read.table).toMatchObject(expected);

    // The same change again, under another mutation id, changes nothing; the blessing is kept.
    await push(server, host.token, [mutation('game.update', { gameId: game.id, update })]);
    expect((await storedRow(game.id)).tableState).toMatchObject(expected);
    // The level stays at 4 however often the Ring tempts; a stranger's seat and a step of 2 are refused.
    for (let i = 0; i < 3; i += 1) await push(server, player.token, [mutation('game.update', { gameId: game.id, update: { eventId: randomUUID(), ring: { seat: 1, step: 1 } } })]);
    expect((await storedRow(game.id)).tableState?.ringLevel).toEqual({ '1': 4 });
    const noSeat = await server.request('PUT', `/api/games/${game.id}`, { token: host.token, body: { eventId: randomUUID(), cityBlessing: { seat: 5, blessed: true } } });
    expect([noSeat.status, noSeat.body]).toEqual([400, { message: 'There is no such player in this game.' }]);
    const bigStep = await server.request('PUT', `/api/games/${game.id}`, { token: host.token, body: { eventId: randomUUID(), ring: { seat: 1, step: 2 } } });
    expect(bigStep.status).toBe(400);
    socket.socket.close(1000);
  });
});
