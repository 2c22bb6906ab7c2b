/** The live client after the server closed its socket 1008 (too many frames, server/live/frame-budget.ts): a slow, growing backoff. */
import { describe, expect, it } from 'vitest';
import { LiveCloseCode } from '../../../src/contract/live';
import { createLiveClient, POLICY_RETRY_FLOOR_MS, type WebSocketLike } from '../../../src/sync/engine/live';

class FakeSocket implements WebSocketLike {
  readyState = 0;
  onopen: WebSocketLike['onopen'] = null;
  onclose: WebSocketLike['onclose'] = null;
  onmessage: WebSocketLike['onmessage'] = null;
  onerror: WebSocketLike['onerror'] = null;
  send() {}
  close() {}
  serverOpens() {
    this.readyState = 1;
    this.onopen?.({});
  }
  serverCloses(code: number) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
}

function harness(random: number) {
  const sockets: FakeSocket[] = [];
  const timers: Array<{ fn: () => void; ms: number }> = [];
  const client = createLiveClient({
    url: (token) => `ws://test/ws/?token=${token}`,
    random: () => random,
    getToken: () => 'tkn',
    createSocket: () => {
      const socket = new FakeSocket();
      sockets.push(socket);
      return socket;
    },
    onEvent: () => undefined,
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
  /** The reconnect timer's delay (the PING timer of an open socket is not one). */
  const reconnectDelay = () => timers.find((timer) => timer.ms !== 25_000)!.ms;
  const fireReconnect = () => {
    const timer = timers.find((t) => t.ms !== 25_000)!;
    timers.splice(timers.indexOf(timer), 1);
    timer.fn();
  };
  return { client, sockets, timers, reconnectDelay, fireReconnect };
}

describe('live client after a 1008 close', () => {
  it.each([0, 0.5, 0.999])('reconnects no sooner than the floor, and later after each 1008 even though every open succeeds (random = %f)', (random) => {
    const { client, sockets, reconnectDelay, fireReconnect } = harness(random);
    client.connect();
    const delays: number[] = [];
    for (let i = 0; i < 7; i++) {
      // Each socket opens fine (which resets the ordinary backoff) and is then closed for flooding.
      sockets.at(-1)!.serverOpens();
      sockets.at(-1)!.serverCloses(LiveCloseCode.policyViolation);
      expect(client.status).toBe('closed');
      delays.push(reconnectDelay());
      fireReconnect();
    }
    expect(sockets).toHaveLength(8);
    expect(delays).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000].map((cap) => POLICY_RETRY_FLOOR_MS + Math.max(100, Math.floor(random * cap))));
    // An ordinary abnormal close after a good open still gets the ordinary, short backoff.
    sockets.at(-1)!.serverOpens();
    sockets.at(-1)!.serverCloses(1006);
    expect(reconnectDelay()).toBe(Math.max(100, Math.floor(random * 1000)));
  });

  it('forgets the 1008s on disconnect (a new session starts at the floor again)', () => {
    const { client, sockets, reconnectDelay, fireReconnect } = harness(0.5);
    client.connect();
    for (let i = 0; i < 3; i++) {
      sockets.at(-1)!.serverOpens();
      sockets.at(-1)!.serverCloses(LiveCloseCode.policyViolation);
      fireReconnect();
    }
    client.disconnect();
    client.connect();
    sockets.at(-1)!.serverOpens();
    sockets.at(-1)!.serverCloses(LiveCloseCode.policyViolation);
    expect(reconnectDelay()).toBe(POLICY_RETRY_FLOOR_MS + 500);
  });
});
