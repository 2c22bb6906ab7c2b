/**
 * Live fan-out (server/live/hub.ts): an event is serialised once and framed once per recipient
 * user; every socket of that user gets the same finished frame, written as it is; the audience
 * is still the change log's (members, not strangers); only the author's frame carries the
 * mutation id.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { EventEmitter } from 'node:events';
import WebSocket from 'ws';
import { textFrame } from '../../server/live/frames';
import { LiveHub, MAX_BUFFERED_BYTES } from '../../server/live/hub';
import { createLocalTransport } from '../../server/live/transport';
import { startServer, type TestServer } from './helpers';
import { connect, keyed, makePod, ofType, people, settle } from './social/support';

/** ws's own frame parser (what every ws client runs); its typings leave it out. */
const { Receiver } = WebSocket as unknown as {
  Receiver: new (options: { isServer: boolean; maxPayload: number }) => EventEmitter & { write(chunk: Buffer): void };
};

/** What a ws client makes of `wire`: each text message it decodes. */
function decode(wire: Buffer): string[] {
  const receiver = new Receiver({ isServer: false, maxPayload: 0 });
  const messages: string[] = [];
  receiver.on('message', (data: Buffer, isBinary: boolean) => {
    expect(isBinary).toBe(false);
    messages.push(data.toString());
  });
  receiver.write(wire);
  return messages;
}

describe('textFrame', () => {
  it.each([0, 1, 125, 126, 65_535, 65_536, 70_000])('frames a %i-byte text as one unmasked final text frame a ws client reads back', (bytes) => {
    const text = 'x'.repeat(bytes);
    const frame = textFrame(text);
    expect(decode(frame.wire)).toEqual([text]);
    expect(frame.payload.toString()).toBe(text);
    expect(frame.wire.length - frame.payload.length).toBe(bytes < 126 ? 2 : bytes < 65_536 ? 4 : 10);
  });

  it('counts bytes, not characters (accents, emoji)', () => {
    const text = `{"content":"${'é🂡'.repeat(40)}"}`;
    expect(Buffer.byteLength(text)).toBeGreaterThan(125);
    expect(decode(textFrame(text).wire)).toEqual([text]);
  });
});

interface FakeSocket {
  socket: WebSocket;
  writes: Buffer[];
  sends: Buffer[];
  closes: number[];
}

/** Enough of a ws server socket for the hub: its TCP stream records each write. */
function fakeSocket(options: { extensions?: string; bufferedAmount?: number; readyState?: number } = {}): FakeSocket {
  const writes: Buffer[] = [];
  const sends: Buffer[] = [];
  const closes: number[] = [];
  const socket = {
    OPEN: 1,
    readyState: options.readyState ?? 1,
    bufferedAmount: options.bufferedAmount ?? 0,
    extensions: options.extensions ?? '',
    _socket: { write: (chunk: Buffer) => writes.push(chunk) > 0 },
    send: (data: Buffer, sendOptions: { binary: boolean }) => {
      expect(sendOptions.binary).toBe(false);
      sends.push(data);
    },
    close: (code: number) => closes.push(code),
    on: () => socket,
    ping: () => undefined,
    terminate: () => undefined,
  };
  return { socket: socket as unknown as WebSocket, writes, sends, closes };
}

describe('LiveHub delivery', () => {
  const log = { debug: () => undefined, info: () => undefined, warn: () => undefined };
  let hub: LiveHub | undefined;
  afterEach(async () => {
    vi.restoreAllMocks();
    await hub?.close();
    hub = undefined;
  });

  it('serialises nothing per socket: every socket of a user gets the same frame object, written as it is', () => {
    const transport = createLocalTransport();
    hub = new LiveHub(transport, log);
    const mine = [fakeSocket(), fakeSocket(), fakeSocket()];
    for (const { socket } of mine) hub.add('reader', 'token', socket);
    const stringify = vi.spyOn(JSON, 'stringify');
    hub.publishDeliveries([{ userId: 'reader', pos: 7, data: '{"type":"SYNC"}' }]);
    expect(stringify).not.toHaveBeenCalled();
    const frames = mine.map(({ writes }) => writes);
    expect(frames.every((writes) => writes.length === 1)).toBe(true);
    expect(new Set(frames.map((writes) => writes[0])).size).toBe(1);
    expect(decode(frames[0]![0]!)).toEqual(['{"pos":7,"type":"SYNC"}']);
  });

  it('sends one bus message for an event whatever its audience; only the author’s frame carries the mutation id', () => {
    const transport = createLocalTransport();
    const publish = vi.spyOn(transport, 'publish');
    hub = new LiveHub(transport, log);
    const author = fakeSocket();
    const readers = [fakeSocket(), fakeSocket()];
    hub.add('author', 'a', author.socket);
    hub.add('reader1', 'r1', readers[0]!.socket);
    hub.add('reader2', 'r2', readers[1]!.socket);
    const data = '{"type":"POD_MESSAGE_NEW","payload":{"content":"hi"}}';
    hub.publishDeliveries([
      { userId: 'author', pos: 3, data, mid: 'mutation-1' },
      { userId: 'reader1', pos: 10, data },
      { userId: 'reader2', pos: 1, data },
    ]);
    expect(publish).toHaveBeenCalledTimes(1);
    expect(JSON.parse(decode(author.writes[0]!)[0]!)).toEqual({ pos: 3, mid: 'mutation-1', type: 'POD_MESSAGE_NEW', payload: { content: 'hi' } });
    expect(JSON.parse(decode(readers[0]!.writes[0]!)[0]!)).toEqual({ pos: 10, type: 'POD_MESSAGE_NEW', payload: { content: 'hi' } });
    expect(JSON.parse(decode(readers[1]!.writes[0]!)[0]!)).toEqual({ pos: 1, type: 'POD_MESSAGE_NEW', payload: { content: 'hi' } });
  });

  it('lets ws frame the event for a socket with a negotiated extension, skips closed sockets and closes one that does not read', () => {
    hub = new LiveHub(createLocalTransport(), log);
    const deflating = fakeSocket({ extensions: 'permessage-deflate' });
    const closed = fakeSocket({ readyState: 3 });
    const slow = fakeSocket({ bufferedAmount: MAX_BUFFERED_BYTES + 1 });
    for (const { socket } of [deflating, closed, slow]) hub.add('reader', 'token', socket);
    hub.publishToUsers(['reader'], { type: 'SYNC' });
    expect(deflating.writes).toEqual([]);
    expect(deflating.sends.map(String)).toEqual(['{"type":"SYNC"}']);
    expect(closed.writes).toEqual([]);
    expect(closed.sends).toEqual([]);
    expect(slow.writes).toEqual([]);
    expect(slow.closes).toEqual([1013]);
  });
});

describe('fan-out over real sockets', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it("reaches every socket of every member with the same bytes (the member's position, no one else's mutation id) and no stranger", async () => {
    const [ann, bob, cat, stranger] = await people(server, 4, 'fo');
    const pod = await makePod(server, ann!, [bob!, cat!]);
    const bobs = await Promise.all([connect(server, bob!), connect(server, bob!), connect(server, bob!)]);
    const [annSocket, catSocket, strangerSocket] = await Promise.all([connect(server, ann!), connect(server, cat!), connect(server, stranger!)]);
    const raw = new Map<WebSocket, string[]>();
    for (const { socket } of [...bobs, annSocket, catSocket, strangerSocket]) {
      const frames: string[] = [];
      raw.set(socket, frames);
      socket.on('message', (data: Buffer, isBinary: boolean) => frames.push(`${isBinary ? 'binary' : 'text'} ${String(data)}`));
    }
    const key = crypto.randomUUID();
    const sent = await server.request('POST', `/api/pods/${pod.id}/messages`, { token: ann!.token, headers: keyed(key), body: { content: 'to every device' } });
    expect(sent.status).toBe(201);
    const events = await Promise.all([...bobs, annSocket, catSocket].map((socket) => socket.next(ofType('POD_MESSAGE_NEW'))));
    await Promise.all([...bobs, annSocket, catSocket, strangerSocket].map((socket) => settle(socket)));

    const bobFrames = bobs.map(({ socket }) => raw.get(socket)!.filter((frame) => frame.includes('POD_MESSAGE_NEW')));
    expect(bobFrames.every((frames) => frames.length === 1 && frames[0] === bobFrames[0]![0])).toBe(true);
    expect(bobFrames[0]![0]!.startsWith('text {"pos":')).toBe(true);
    const [bobEvent, , , annEvent, catEvent] = events as Array<{ pos: number; mid?: string; payload: { content: string } }>;
    expect(bobEvent).not.toHaveProperty('mid');
    expect(catEvent).not.toHaveProperty('mid');
    expect(annEvent!.mid).toBe(key);
    for (const event of [bobEvent, annEvent, catEvent]) expect(event!.payload.content).toBe('to every device');
    expect(raw.get(strangerSocket.socket)!.some((frame) => frame.includes('POD_MESSAGE_NEW'))).toBe(false);
    for (const { socket } of [...bobs, annSocket, catSocket, strangerSocket]) socket.close(1000);
  });
});
