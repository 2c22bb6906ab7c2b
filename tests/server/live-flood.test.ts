/**
 * A client that floods its live socket (server/live/frame-budget.ts, server/live/live-routes.ts): past
 * its frame budget the socket is closed with 1008, the flood costs nobody else their events, and
 * PING is answered from the head the hub holds in memory (server/live/heads.ts), never by a
 * database read per PING.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { LiveCloseCode, type ServerEvent } from '../../src/contract/live';
import { CLIENT_FRAME_BUDGET } from '../../server/live/frame-budget';
import { HEAD_REFRESH_MS } from '../../server/live/heads';
import { LiveHub } from '../../server/live/hub';
import { createLocalTransport } from '../../server/live/transport';
import { openSocket, startServer, type SocketResult, type TestServer } from './helpers';

const FLOOD = 20_000;
const isPong = (message: unknown) => (message as { type?: string }).type === 'PONG';
const isDirectMessage = (message: unknown) => (message as { type?: string }).type === 'DIRECT_MESSAGE';
const PING = JSON.stringify({ type: 'PING' });

/** Resolves once `count` PONGs arrived on the socket. */
async function pongs(live: SocketResult, count: number): Promise<void> {
  await vi.waitFor(() => expect(live.messages.filter(isPong)).toHaveLength(count), { timeout: 10_000, interval: 5 });
}

describe('a socket flooding its frames (limits at their production values)', () => {
  let server: TestServer;
  /** Top-level database queries and transactions since the server started (every checkout of a connection). */
  let queries = 0;
  beforeAll(async () => {
    // Scale 1: the budgets as in production (a handful of registrations stays under the sign-up limit).
    server = await startServer({ rateLimits: { scale: 1, writes: { liveFrame: { perUser: { points: 12, durationSeconds: 60 }, perIp: { points: 1000, durationSeconds: 60 } } } } });
    server.database.pool.listen({ waited: () => void (queries += 1) });
  });
  afterAll(async () => {
    await server?.close();
  });

  it(`${FLOOD} PINGs as fast as possible: the socket is closed 1008, another user's socket gets its events at once`, async () => {
    const flooder = await server.newUser('flood');
    const receiver = await server.newUser('recv');
    const sender = await server.newUser('send');
    const quiet = await openSocket(`${server.wsUrl}/ws?token=${receiver.token}`);
    const flood = await openSocket(`${server.wsUrl}/ws?token=${flooder.token}`);
    expect(flood.socket.readyState).toBe(WebSocket.OPEN);

    for (let i = 0; i < FLOOD && flood.socket.readyState === WebSocket.OPEN; i += 1) flood.socket.send(PING);
    const sent = await server.request('POST', '/api/direct-messages/send', { token: sender.token, body: { receiverId: receiver.user.id, content: 'still here?' } });
    expect(sent.status).toBe(201);
    expect(await quiet.next(isDirectMessage, 5000)).toMatchObject({ type: 'DIRECT_MESSAGE', payload: { content: 'still here?' } });

    expect(await flood.closed).toEqual({ code: LiveCloseCode.policyViolation, reason: 'too many frames' });
    // The server stopped answering at the budget: a burst, not twenty thousand.
    expect(flood.messages.filter(isPong).length).toBeLessThanOrEqual(CLIENT_FRAME_BUDGET.burstFrames + 1);
    expect(quiet.socket.readyState).toBe(WebSocket.OPEN);
    // The quiet socket's PING still gets its PONG, with the head of its log (the direct message).
    quiet.socket.send(PING);
    expect(await quiet.next(isPong)).toEqual({ type: 'PONG', head: 1 });
    expect(server.logText()).toMatch(/live socket over its frame budget/);
    quiet.socket.close(1000);
  });

  it('large frames spend the byte budget: a few of the largest allowed close the socket 1008', async () => {
    const { token } = await server.newUser('bytes');
    const live = await openSocket(`${server.wsUrl}/ws?token=${token}`);
    const big = JSON.stringify({ type: 'PING', pad: 'x'.repeat(60 * 1024) });
    for (let i = 0; i < 10 && live.socket.readyState === WebSocket.OPEN; i += 1) live.socket.send(big);
    expect(await live.closed).toEqual({ code: LiveCloseCode.policyViolation, reason: 'too many frames' });
  });

  it("frames from several sockets of one user add up in the user's shared budget (PING does not count)", async () => {
    const { token } = await server.newUser('many');
    const first = await openSocket(`${server.wsUrl}/ws?token=${token}`);
    const second = await openSocket(`${server.wsUrl}/ws?token=${token}`);
    // PINGs are free in the shared budget: more of them than it holds leave both sockets open.
    for (let i = 0; i < 8; i += 1) first.socket.send(PING);
    for (let i = 0; i < 8; i += 1) second.socket.send(PING);
    await pongs(first, 8);
    await pongs(second, 8);
    // 12 a minute for this user (the test's policy): 6 on each socket spend it, the 13th frame closes its socket.
    const leave = JSON.stringify({ type: 'LEAVE_POD', podId: 'p1' });
    for (let i = 0; i < 6; i += 1) first.socket.send(leave);
    for (let i = 0; i < 6; i += 1) second.socket.send(leave);
    first.socket.send(PING);
    second.socket.send(PING);
    await pongs(first, 9);
    await pongs(second, 9);
    expect([first.socket.readyState, second.socket.readyState]).toEqual([WebSocket.OPEN, WebSocket.OPEN]);
    second.socket.send(leave);
    // The 13 counts reach the shared store concurrently (its pool answers in any order), so the
    // refusal lands on whichever socket's frame came 13th there: exactly one of the two closes.
    const closed = await Promise.race([first.closed.then((close) => ({ socket: first, close })), second.closed.then((close) => ({ socket: second, close }))]);
    expect(closed.close).toEqual({ code: LiveCloseCode.policyViolation, reason: 'too many frames' });
    const other = closed.socket === first ? second : first;
    expect(other.socket.readyState).toBe(WebSocket.OPEN);
    other.socket.close(1000);
  });

  it('PINGs cost no database query: PONG carries the head the hub holds', async () => {
    const me = await server.newUser('head');
    const friend = await server.newUser('frnd');
    const live = await openSocket(`${server.wsUrl}/ws?token=${me.token}`);
    // The first PONG waits for the head read at connect time (one query per user, not per PING).
    live.socket.send(PING);
    await pongs(live, 1);
    expect(live.messages.filter(isPong)).toEqual([{ type: 'PONG', head: 0 }]);
    const dm = await server.request('POST', '/api/direct-messages/send', { token: friend.token, body: { receiverId: me.user.id, content: 'hi' } });
    expect(dm.status).toBe(201);
    expect(await live.next(isDirectMessage)).toMatchObject({ pos: 1 });

    const before = queries;
    const burst = CLIENT_FRAME_BUDGET.burstFrames - 2;
    for (let i = 0; i < burst; i += 1) live.socket.send(PING);
    await pongs(live, 1 + burst);
    expect(queries - before).toBe(0);
    // Every one of them carries the head, which moved with the delivered event.
    expect(live.messages.filter(isPong).slice(1)).toEqual(Array.from({ length: burst }, () => ({ type: 'PONG', head: 1 })));
    expect(live.socket.readyState).toBe(WebSocket.OPEN);
    live.socket.close(1000);
  });
});

describe('the head a PONG carries (LiveHub with a head reader)', () => {
  const log = { debug: () => undefined, info: () => undefined, warn: () => undefined };
  let hub: LiveHub | undefined;
  afterEach(async () => {
    await hub?.close();
    hub = undefined;
    vi.useRealTimers();
  });

  /** A socket whose frames go through `send` (an extension negotiated), decoded as events. */
  function fakeSocket() {
    const received: ServerEvent[] = [];
    const socket = {
      OPEN: 1,
      readyState: 1,
      bufferedAmount: 0,
      extensions: 'permessage-deflate',
      on: () => socket,
      send: (payload: Buffer) => void received.push(JSON.parse(payload.toString()) as ServerEvent),
      close: () => undefined,
      ping: () => undefined,
      terminate: () => undefined,
    };
    return { socket: socket as unknown as WebSocket, received };
  }

  it('reads the head once at connect, answers PINGs from memory, follows deliveries, and re-reads on a timer (an event committed but never published)', async () => {
    vi.useFakeTimers();
    const transport = createLocalTransport();
    hub = new LiveHub(transport, log);
    const stored = new Map([['u1', 4]]);
    const reads: string[][] = [];
    hub.answerPingsWithHeads(async (userIds) => {
      reads.push([...userIds]);
      return new Map(userIds.map((id) => [id, stored.get(id) ?? 0]));
    });
    const { socket, received } = fakeSocket();
    const connection = hub.add('u1', 'token', socket);
    const ping = async () => {
      await hub!.receive(connection, { type: 'PING' });
      return received.at(-1);
    };
    expect(await ping()).toEqual({ type: 'PONG', head: 4 });
    expect(await ping()).toEqual({ type: 'PONG', head: 4 });
    expect(reads).toEqual([['u1']]);

    // A delivered event moves the head without a read.
    hub.publishDeliveries([{ userId: 'u1', pos: 5, data: '{"type":"SYNC"}' }]);
    await vi.waitFor(() => expect(received.at(-1)).toEqual({ type: 'SYNC', pos: 5 }));
    expect(await ping()).toEqual({ type: 'PONG', head: 5 });
    expect(reads).toHaveLength(1);

    // A process died between commit and publish: pos 6 is stored but never delivered. The timer finds it.
    stored.set('u1', 6);
    await vi.advanceTimersByTimeAsync(HEAD_REFRESH_MS);
    expect(reads).toEqual([['u1'], ['u1']]);
    expect(await ping()).toEqual({ type: 'PONG', head: 6 });
  });

  it('answers PONG without a head when no reader is set (the hub alone)', async () => {
    hub = new LiveHub(createLocalTransport(), log);
    const { socket, received } = fakeSocket();
    const connection = hub.add('u2', 'token', socket);
    await hub.receive(connection, { type: 'PING' });
    expect(received).toEqual([{ type: 'PONG' }]);
  });
});
