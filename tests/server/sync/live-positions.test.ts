import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LiveCloseCode } from '../../../src/contract/live';
import { PROTOCOL_VERSION } from '../../../src/contract/sync';
import { openSocket, startServer, type TestServer } from '../helpers';
import { createGame, gameBody } from '../games/support';
import { connect, makePod, ofType, people, settle } from '../social/support';
import { mutation, pull, push } from './support';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.close();
});

type Logged = { type: string; pos?: number; mid?: string };

describe('live events carry their log position', () => {
  it("each recipient's events come with consecutive positions of their own log, and only the author's with the mutation id", async () => {
    const [ann, bob] = await people(server, 2, 'lp');
    const pod = await makePod(server, ann!, [bob!]);
    const bobCursor = (await pull(server, bob!.token)).cursor;
    const annCursor = (await pull(server, ann!.token)).cursor;
    const [annSocket, bobSocket] = await Promise.all([connect(server, ann!), connect(server, bob!)]);
    const sent = [mutation('pod.message.send', { id: crypto.randomUUID(), podId: pod.id, content: 'one' }), mutation('pod.message.send', { id: crypto.randomUUID(), podId: pod.id, content: 'two' })];
    await push(server, ann!.token, sent);
    await Promise.all([settle(annSocket), settle(bobSocket)]);
    const of = (socket: typeof annSocket) => socket.messages.filter(ofType('POD_MESSAGE_NEW')) as Logged[];
    expect(of(bobSocket).map((event) => [event.pos, event.mid])).toEqual([
      [bobCursor + 1, undefined],
      [bobCursor + 2, undefined],
    ]);
    expect(of(annSocket).map((event) => [event.pos, event.mid])).toEqual([
      [annCursor + 1, sent[0]!.id],
      [annCursor + 2, sent[1]!.id],
    ]);
    // A PONG tells the head, so a socket that missed an event can tell.
    expect(bobSocket.messages.filter(ofType('PONG')).at(-1)).toEqual({ type: 'PONG', head: bobCursor + 2 });
  });

  it('a counter change goes out as the increment and the revision it makes', async () => {
    const [ann, bob] = await people(server, 2, 'lg');
    const game = await createGame(server, ann!.token, gameBody([{ user: ann!.user }, { user: bob!.user }]));
    const [annSocket, bobSocket] = await Promise.all([connect(server, ann!), connect(server, bob!)]);
    const increment = { id: crypto.randomUUID(), seat: 0, counter: 'poison' as const, delta: 2 };
    await push(server, ann!.token, [mutation('game.increment', { gameId: game.id, increment }, increment.id)]);
    const event = await bobSocket.next(ofType('GAME_INCREMENT'));
    expect(event).toMatchObject({ type: 'GAME_INCREMENT', gameId: game.id, rev: 2, increment });
    expect(event).not.toHaveProperty('mid');
    expect(JSON.stringify(event).length).toBeLessThan(400);
    expect(await annSocket.next(ofType('GAME_INCREMENT'))).toMatchObject({ type: 'GAME_INCREMENT', rev: 2, increment, mid: increment.id });
  });

  it('closes a socket that asks for a protocol this server does not serve with 4426', async () => {
    const [ann] = await people(server, 1, 'lv');
    const socket = await openSocket(`${server.wsUrl}/ws?token=${ann!.token}&v=${PROTOCOL_VERSION - 1}`);
    expect((await socket.closed).code).toBe(LiveCloseCode.protocol);
    const current = await openSocket(`${server.wsUrl}/ws?token=${ann!.token}&v=${PROTOCOL_VERSION}`);
    expect(current.socket.readyState).toBe(current.socket.OPEN);
    current.socket.close(1000);
  });
});
