/**
 * Catch-up after a reconnect: a device that missed exactly one pod message while its
 * socket was down makes ONE request when the socket is back (GET /api/sync/pull?cursor=N, as
 * app.ts's onOpen does) and applies just that change. tests/server/sync/pull.test.ts proves the
 * server's side: the answer holds only that message, its bytes follow the change.
 */
import { describe, expect, it } from 'vitest';
import type { PullResponse } from '../../../src/contract/sync';
import { applyServerData } from '../../../src/sync/engine/apply-server';
import { readCursor, writeCursor } from '../../../src/sync/engine/cursor';
import { createLiveClient, type WebSocketLike } from '../../../src/sync/engine/live';
import { createPuller } from '../../../src/sync/engine/pull';
import { freshDb, scriptedApi } from './helpers';

const podId = crypto.randomUUID();
const me = { id: 'u1', username: 'user-u1', displayName: null, avatarUrl: null };
const bob = { id: crypto.randomUUID(), username: 'bob', displayName: null };
const missed = { id: crypto.randomUUID(), clientId: null, podId, content: 'you missed this', createdAt: '2026-01-01T10:00:00.000Z', sender: bob };

function socket(): WebSocketLike & { opens(): void; drops(): void } {
  const fake = {
    readyState: 0,
    send: () => undefined,
    close: () => undefined,
    onopen: null,
    onclose: null,
    onmessage: null,
    onerror: null,
    opens() {
      fake.readyState = 1;
      fake.onopen?.({});
    },
    drops() {
      fake.readyState = 3;
      fake.onclose?.({ code: 1006 });
    },
  } as WebSocketLike & { opens(): void; drops(): void };
  return fake;
}

describe('catch-up after a reconnect', () => {
  it('one missed message: one pull from the cursor, that message applied, the cursor one further', async () => {
    const db = await freshDb();
    await applyServerData(db, { puts: { pods: [{ id: podId, name: 'Friday', ownerId: 'u1', createdById: 'u1', members: [me], createdAt: '2026-01-01T00:00:00.000Z', rev: 1 }] } });
    await writeCursor(db, 41);
    let said = false;
    const api = scriptedApi((): PullResponse => (said ? { cursor: 42, reset: false, more: false, applied: [], puts: { podMessages: [missed] }, dels: {} } : { cursor: 41, reset: false, more: false, applied: [], puts: {}, dels: {} }));
    const puller = createPuller(db, api);
    const sockets: Array<ReturnType<typeof socket>> = [];
    const timers: Array<() => void> = [];
    let pulled: Promise<void> = Promise.resolve();
    const live = createLiveClient({
      url: () => 'ws://test/ws/',
      getToken: () => 'tkn',
      createSocket: () => {
        sockets.push(socket());
        return sockets.at(-1)!;
      },
      onEvent: () => undefined,
      onOpen: () => (pulled = puller.sync()),
      setTimer: (fn) => timers.push(fn),
      clearTimer: () => undefined,
    });
    live.connect();
    sockets[0]!.opens();
    await pulled;
    api.calls.length = 0;

    // The socket drops; the message is said meanwhile; the socket comes back.
    sockets[0]!.drops();
    said = true;
    // The last timer is the reconnect (the first is the dropped socket's PING).
    timers.pop()!();
    sockets[1]!.opens();
    await pulled;

    expect(api.calls.map((call) => `${call.method} ${call.path}`)).toEqual(['GET /api/sync/pull?cursor=41&snapshot=paged']);
    expect((await db.podMessages.toArray()).map((row) => row.content)).toEqual(['you missed this']);
    expect(await readCursor(db)).toBe(42);
    live.disconnect();
    db.close();
  });
});
