/**
 * The live hub's heartbeat (server/live/hub.ts): every socket is pinged once an interval, in
 * HEARTBEAT_SLICES turns so a server with many sockets never pings them all at once; a socket
 * that has not answered its last ping by its next turn is cut off, and only it.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type WebSocket from 'ws';
import { HEARTBEAT_SLICES, LiveHub } from '../../server/live/hub';
import { createLocalTransport } from '../../server/live/transport';

const INTERVAL_MS = 1000;
const TURN_MS = INTERVAL_MS / HEARTBEAT_SLICES;

interface PingedSocket {
  socket: WebSocket;
  pings: number;
  terminated: boolean;
  /** The client's answer to a ping. */
  pong(): void;
  /** The socket closed (what ws emits after terminate or a close). */
  close(): void;
}

function pingedSocket(): PingedSocket {
  const listeners = new Map<string, () => void>();
  const state: PingedSocket = {
    pings: 0,
    terminated: false,
    pong: () => listeners.get('pong')?.(),
    close: () => listeners.get('close')?.(),
    socket: undefined as unknown as WebSocket,
  };
  const socket = {
    OPEN: 1,
    readyState: 1,
    bufferedAmount: 0,
    extensions: '',
    _socket: { write: () => true },
    on: (event: string, listener: () => void) => {
      listeners.set(event, listener);
      return socket;
    },
    ping: () => {
      state.pings += 1;
    },
    terminate: () => {
      state.terminated = true;
    },
    close: () => undefined,
  };
  state.socket = socket as unknown as WebSocket;
  return state;
}

describe('LiveHub heartbeat', () => {
  const log = { debug: () => undefined, info: () => undefined, warn: () => undefined };
  let hub: LiveHub;
  beforeEach(() => {
    vi.useFakeTimers();
    hub = new LiveHub(createLocalTransport(), log, { heartbeatMs: INTERVAL_MS });
  });
  afterEach(async () => {
    await hub.close();
    vi.useRealTimers();
  });

  it('pings every socket once an interval, a slice of them at each turn', () => {
    const sockets = Array.from({ length: HEARTBEAT_SLICES * 3 }, () => pingedSocket());
    sockets.forEach(({ socket }, index) => hub.add(`user-${index % 4}`, 'token', socket));
    const pinged = () => sockets.reduce((sum, { pings }) => sum + pings, 0);
    for (let turn = 1; turn <= HEARTBEAT_SLICES; turn++) {
      vi.advanceTimersByTime(TURN_MS);
      expect(pinged()).toBe(turn * 3);
      for (const socket of sockets) socket.pong();
    }
    expect(sockets.map(({ pings }) => pings)).toEqual(sockets.map(() => 1));
    vi.advanceTimersByTime(INTERVAL_MS);
    expect(sockets.map(({ pings }) => pings)).toEqual(sockets.map(() => 2));
    expect(sockets.some(({ terminated }) => terminated)).toBe(false);
  });

  it('cuts off a socket that did not answer within an interval, and only it; a closed socket is no longer pinged', () => {
    const [silent, answering, closed] = [pingedSocket(), pingedSocket(), pingedSocket()];
    hub.add('ann', 'a', silent!.socket);
    hub.add('ann', 'b', answering!.socket);
    hub.add('bo', 'c', closed!.socket);
    closed!.close();
    expect(hub.connectionCount()).toBe(2);
    vi.advanceTimersByTime(INTERVAL_MS);
    expect([silent!.pings, answering!.pings, closed!.pings]).toEqual([1, 1, 0]);
    answering!.pong();
    vi.advanceTimersByTime(INTERVAL_MS);
    expect(silent!.terminated).toBe(true);
    expect(answering!.terminated).toBe(false);
    expect(answering!.pings).toBe(2);
    expect(closed!.pings).toBe(0);
  });
});
