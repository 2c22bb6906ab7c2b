import { describe, expect, it } from 'vitest';
import type { ServerEvent } from '../../../src/contract/live';
import { NetworkError } from '../../../src/sync/engine/api';
import { UNREACHABLE_RETRY_CAP_MS } from '../../../src/sync/engine/backoff';
import { createLiveClient, type WebSocketLike } from '../../../src/sync/engine/live';

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

function harness(token: string | null = 'tkn', options: { random?: number; url?: (token: string) => string | Promise<string>; online?: boolean } = {}) {
  const sockets: FakeSocket[] = [];
  const timers: Array<{ fn: () => void; ms: number }> = [];
  const events: ServerEvent[] = [];
  let opens = 0;
  const client = createLiveClient({
    url: options.url ?? ((t) => `ws://test/ws/?token=${t}`),
    random: () => options.random ?? 0.5,
    isOnline: () => options.online ?? true,
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
    setTimer: (fn, ms) => {
      const timer = { fn, ms };
      timers.push(timer);
      return timer;
    },
    clearTimer: (timer) => {
      const index = timers.indexOf(timer as (typeof timers)[number]);
      if (index >= 0) timers.splice(index, 1);
    },
  });
  const fireNextTimer = () => timers.shift()!.fn();
  return { client, sockets, timers, events, fireNextTimer, opens: () => opens };
}

const user = { id: 'u1', username: 'ana', displayName: null, email: 'a@example.test', avatarUrl: null, defaultDeckId: null };

describe('live client', () => {
  it('PINGs every 25 s while open and stops when the socket closes', () => {
    const { client, sockets, timers, fireNextTimer } = harness();
    client.connect();
    sockets[0]!.serverOpens();
    expect(timers.map((timer) => timer.ms)).toEqual([25_000]);
    fireNextTimer();
    expect(sockets[0]!.sent).toEqual([JSON.stringify({ type: 'PING' })]);
    expect(timers.map((timer) => timer.ms)).toEqual([25_000]);
    client.disconnect();
    expect(timers).toEqual([]);
  });

  it('makes no connection without a token', () => {
    const { client, sockets } = harness(null);
    client.connect();
    expect(sockets).toHaveLength(0);
    expect(client.status).toBe('idle');
  });

  it.each([0, 0.5, 0.999])('reconnects an abnormal close after random × (1 s doubling to a 30 s cap), random = %f, and resets after a good connection', (random) => {
    const { client, sockets, timers, fireNextTimer, opens } = harness('tkn', { random });
    client.connect();
    expect(sockets[0]!.url).toBe('ws://test/ws/?token=tkn');
    const delays: number[] = [];
    for (let i = 0; i < 7; i++) {
      sockets.at(-1)!.serverCloses(1006);
      delays.push(timers[0]!.ms);
      fireNextTimer();
    }
    // Never sooner than 100 ms: a dead network answers at once and would spin.
    expect(delays).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000].map((cap) => Math.max(100, Math.floor(random * cap))));
    sockets.at(-1)!.serverOpens();
    expect(opens()).toBe(1);
    expect(client.status).toBe('open');
    sockets.at(-1)!.serverCloses(1006);
    expect(timers.map((timer) => timer.ms)).toEqual([Math.max(100, Math.floor(random * 1000))]);
  });

  it('spreads the reconnects of many clients over the whole backoff window (full jitter)', () => {
    const delays: number[] = [];
    for (let i = 0; i < 200; i++) {
      const { client, sockets, timers } = harness('tkn', { random: Math.random() });
      client.connect();
      sockets[0]!.serverCloses(1012);
      delays.push(timers[0]!.ms);
    }
    expect(Math.min(...delays)).toBeGreaterThanOrEqual(100);
    expect(Math.max(...delays)).toBeLessThan(1000);
    // Not all at the same moment: at least a tenth of the window apart between extremes.
    expect(Math.max(...delays) - Math.min(...delays)).toBeGreaterThan(100);
  });

  it('opens with the ticket an async url returns, and ignores a ticket that arrives after disconnect', async () => {
    let answer!: (url: string) => void;
    const { client, sockets } = harness('tkn', { url: () => new Promise<string>((resolve) => (answer = resolve)) });
    client.connect();
    client.connect();
    expect(client.status).toBe('connecting');
    expect(sockets).toHaveLength(0);
    answer('ws://test/ws/?ticket=t1');
    await Promise.resolve();
    expect(sockets.map((s) => s.url)).toEqual(['ws://test/ws/?ticket=t1']);

    sockets[0]!.serverCloses(1006);
    client.disconnect();
    client.connect();
    const late = answer;
    client.disconnect();
    late('ws://test/ws/?ticket=late');
    await Promise.resolve();
    expect(sockets).toHaveLength(1);
    expect(client.status).toBe('idle');
  });

  it('retries with backoff when the ticket cannot be fetched, and stops when the token is refused (401)', async () => {
    const failures: unknown[] = [new TypeError('offline'), Object.assign(new Error('refused'), { status: 401 })];
    const { client, sockets, timers, fireNextTimer } = harness('tkn', { url: () => Promise.reject(failures.shift()) });
    client.connect();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(client.status).toBe('closed');
    expect(timers.map((t) => t.ms)).toEqual([500]);
    fireNextTimer();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(timers).toHaveLength(0);
    expect(sockets).toHaveLength(0);
    expect(client.status).toBe('closed');
  });

  it('no network answers the ticket while the browser says online: tries again at most 1 s apart; offline, with the full backoff', async () => {
    for (const online of [true, false]) {
      const { client, timers, fireNextTimer } = harness('tkn', { random: 0.999, online, url: () => Promise.reject(new NetworkError(new TypeError('Failed to fetch'))) });
      client.connect();
      const delays: number[] = [];
      for (let i = 0; i < 8; i++) {
        await new Promise((resolve) => setTimeout(resolve, 0));
        delays.push(timers[0]!.ms);
        fireNextTimer();
      }
      if (online) expect(Math.max(...delays)).toBeLessThanOrEqual(UNREACHABLE_RETRY_CAP_MS);
      else expect(delays.at(-1)).toBe(Math.floor(0.999 * 30_000));
      client.disconnect();
    }
  });

  it.each([1000, 4401, 4403, 4426])('does not reconnect after close code %i', (code) => {
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
