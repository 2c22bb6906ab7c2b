import { describe, expect, it } from 'vitest';
import type { ServerEvent } from '../../../src/contract/live';
import { createLiveClient, type WebSocketLike } from '../../../src/sync/live';

class FakeSocket implements WebSocketLike {
  readyState = 0;
  sent: string[] = [];
  closedWith: number | undefined;
  onopen: WebSocketLike['onopen'] = null;
  onclose: WebSocketLike['onclose'] = null;
  onmessage: WebSocketLike['onmessage'] = null;
  onerror: WebSocketLike['onerror'] = null;
  constructor(readonly url: string) {}
  send(data: string) {
    this.sent.push(data);
  }
  close(code?: number) {
    this.closedWith = code;
  }
  serverOpens() {
    this.readyState = 1;
    this.onopen?.({});
  }
  serverCloses(code: number) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
}

function harness(token: string | null = 'tkn') {
  const sockets: FakeSocket[] = [];
  const timers: Array<{ fn: () => void; ms: number }> = [];
  const events: ServerEvent[] = [];
  let opens = 0;
  const client = createLiveClient({
    url: (t) => `ws://test/ws/?token=${t}`,
    getToken: () => token,
    createSocket: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket;
    },
    onEvent: (event) => {
      events.push(event);
    },
    onOpen: () => (opens += 1),
    setTimer: (fn, ms) => timers.push({ fn, ms }),
    clearTimer: () => undefined,
  });
  const fireNextTimer = () => timers.shift()!.fn();
  return { client, sockets, timers, events, fireNextTimer, opens: () => opens };
}

const user = { id: 'u1', username: 'ana', displayName: null, email: 'a@example.test', avatarUrl: null, defaultDeckId: null };

describe('live client', () => {
  it('makes no connection without a token', () => {
    const { client, sockets } = harness(null);
    client.connect();
    expect(sockets).toHaveLength(0);
    expect(client.status).toBe('idle');
  });

  it('reconnects an abnormal close after 1 s doubling to a 30 s cap, and resets after a good connection', () => {
    const { client, sockets, timers, fireNextTimer, opens } = harness();
    client.connect();
    expect(sockets[0]!.url).toBe('ws://test/ws/?token=tkn');
    const delays: number[] = [];
    for (let i = 0; i < 7; i++) {
      sockets.at(-1)!.serverCloses(1006);
      delays.push(timers[0]!.ms);
      fireNextTimer();
    }
    expect(delays).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
    sockets.at(-1)!.serverOpens();
    expect(opens()).toBe(1);
    expect(client.status).toBe('open');
    sockets.at(-1)!.serverCloses(1006);
    expect(timers[0]!.ms).toBe(1000);
  });

  it.each([1000, 4401, 4403])('does not reconnect after close code %i', (code) => {
    const { client, sockets, timers } = harness();
    client.connect();
    sockets[0]!.serverOpens();
    sockets[0]!.serverCloses(code);
    expect(timers).toHaveLength(0);
    expect(client.status).toBe('closed');
  });

  it('delivers valid events, records and skips unparsable ones', async () => {
    const { client, sockets, events } = harness();
    client.connect();
    const socket = sockets[0]!;
    socket.serverOpens();
    socket.onmessage?.({ data: '{not json' });
    socket.onmessage?.({ data: JSON.stringify({ type: 'USER_UPDATED', payload: { id: 1 } }) });
    socket.onmessage?.({ data: JSON.stringify({ type: 'USER_UPDATED', payload: user }) });
    await Promise.resolve();
    expect(events).toEqual([{ type: 'USER_UPDATED', payload: user }]);
    expect(client.parseFailures).toBe(2);
  });

  it('closes with 1000 on disconnect and sends only while open', () => {
    const { client, sockets, timers } = harness();
    client.connect();
    expect(client.send({ type: 'PING' })).toBe(false);
    sockets[0]!.serverOpens();
    expect(client.send({ type: 'JOIN_POD', podId: 'p1' })).toBe(true);
    expect(sockets[0]!.sent).toEqual([JSON.stringify({ type: 'JOIN_POD', podId: 'p1' })]);
    client.disconnect();
    expect(sockets[0]!.closedWith).toBe(1000);
    expect(timers).toHaveLength(0);
  });
});
