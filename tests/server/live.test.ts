import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { User } from '../../src/contract/users';
import { PNG_1X1 } from './fixtures';
import { openSocket, startServer, type TestServer } from './helpers';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.close();
});

const isUserUpdated = (message: unknown) => (message as { type?: string }).type === 'USER_UPDATED';

describe('WebSocket /ws', () => {
  it.each([['/ws'], ['/ws/'], ['/ws/:self']])('a valid token on %s connects and gets USER_UPDATED after PUT /me elsewhere', async (pathTemplate) => {
    const { token, user, username, password } = await server.newUser('live');
    const socket = await openSocket(`${server.wsUrl}${pathTemplate.replace(':self', user.id)}?token=${token}`);
    expect(socket.socket.readyState).toBe(WebSocket.OPEN);
    const other = await server.login(username, password);
    const put = await server.request<User>('PUT', '/api/users/me', { token: other.token, body: { displayName: 'From my phone' } });
    expect(put.status).toBe(200);
    const event = await socket.next(isUserUpdated);
    expect(event).toEqual({ type: 'USER_UPDATED', payload: put.body, pos: 1, mid: expect.any(String) });
    socket.socket.close(1000);
  });

  it('sends USER_UPDATED as a text frame after an avatar upload, and only to that user', async () => {
    const me = await server.newUser('avl');
    const stranger = await server.newUser('str');
    const mine = await openSocket(`${server.wsUrl}/ws?token=${me.token}`);
    const theirs = await openSocket(`${server.wsUrl}/ws?token=${stranger.token}`);
    let binary = false;
    mine.socket.on('message', (_data, isBinary) => (binary ||= isBinary));
    const form = new FormData();
    form.append('avatar', new Blob([new Uint8Array(PNG_1X1)]), 'a.png');
    const answer = await server.request<User>('POST', '/api/users/avatar', { token: me.token, raw: form });
    expect(await mine.next(isUserUpdated)).toEqual({ type: 'USER_UPDATED', payload: answer.body, pos: 1 });
    expect(binary).toBe(false);
    // A PING round trip on the stranger's socket proves it is alive and got nothing before.
    theirs.socket.send(JSON.stringify({ type: 'PING' }));
    await theirs.next((m) => (m as { type?: string }).type === 'PONG');
    expect(theirs.messages.filter(isUserUpdated)).toEqual([]);
    mine.socket.close(1000);
    theirs.socket.close(1000);
  });

  it('answers PING with PONG and ignores frames it cannot parse', async () => {
    const { token } = await server.newUser('ping');
    const socket = await openSocket(`${server.wsUrl}/ws?token=${token}`);
    for (const junk of ['not json', '{"type":', '[]', '{"type":"NOPE"}', '{"no":"type"}', 'null']) socket.socket.send(junk);
    socket.socket.send(Buffer.from([1, 2, 3]), { binary: true });
    socket.socket.send(JSON.stringify({ type: 'PING' }));
    expect(await socket.next((m) => (m as { type?: string }).type === 'PONG')).toEqual({ type: 'PONG', head: 0 });
    expect(socket.socket.readyState).toBe(WebSocket.OPEN);
    expect(socket.messages).toEqual([{ type: 'PONG', head: 0 }]);
    socket.socket.close(1000);
  });

  it.each([
    ['no token', '/ws'],
    ['a malformed token', '/ws?token=abc'],
    ['an unknown token', `/ws?token=${'A'.repeat(43)}`],
    ['two tokens', '/ws?token=a&token=b'],
  ])('closes with 4401 for %s', async (_label, urlPath) => {
    const socket = await openSocket(server.wsUrl + urlPath);
    expect(await socket.closed).toEqual({ code: 4401, reason: 'unauthorized' });
  });

  it("closes with 4403 when the path names someone else's id", async () => {
    const me = await server.newUser('me');
    const other = await server.newUser('other');
    for (const id of [other.user.id, 'not-a-uuid']) {
      const socket = await openSocket(`${server.wsUrl}/ws/${id}?token=${me.token}`);
      expect(await socket.closed).toEqual({ code: 4403, reason: 'forbidden' });
    }
    expect(server.app.deps.hub.connectionCount(me.user.id)).toBe(0);
  });

  it("logout closes that token's sockets with 4401 and leaves the user's other devices connected", async () => {
    const { username, password, user } = await server.newUser('lo');
    const phone = await server.login(username, password);
    const laptop = await server.login(username, password);
    const phoneSocket = await openSocket(`${server.wsUrl}/ws?token=${phone.token}`);
    const laptopSocket = await openSocket(`${server.wsUrl}/ws?token=${laptop.token}`);
    expect(server.app.deps.hub.connectionCount(user.id)).toBe(2);
    expect((await server.request('POST', '/api/users/logout', { token: phone.token })).status).toBe(204);
    expect(await phoneSocket.closed).toEqual({ code: 4401, reason: 'unauthorized' });
    laptopSocket.socket.send(JSON.stringify({ type: 'PING' }));
    await laptopSocket.next((m) => (m as { type?: string }).type === 'PONG');
    expect(server.app.deps.hub.connectionCount(user.id)).toBe(1);
    laptopSocket.socket.close(1000);
  });

  it('publishToUsers fans one event out to every socket of every listed user', async () => {
    const a = await server.newUser('fa');
    const b = await server.newUser('fb');
    const sockets = await Promise.all([
      openSocket(`${server.wsUrl}/ws?token=${a.token}`),
      openSocket(`${server.wsUrl}/ws?token=${a.token}`),
      openSocket(`${server.wsUrl}/ws?token=${b.token}`),
    ]);
    server.app.deps.hub.publishToUsers([a.user.id, b.user.id, a.user.id], { type: 'USER_UPDATED', payload: a.user });
    for (const socket of sockets) expect(await socket.next(isUserUpdated)).toEqual({ type: 'USER_UPDATED', payload: a.user });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sockets.map((s) => s.messages.length)).toEqual([1, 1, 1]);
    for (const socket of sockets) socket.socket.close(1000);
  });

  it('a frame over the size limit closes only that socket (1009)', async () => {
    const { token } = await server.newUser('big');
    const socket = await openSocket(`${server.wsUrl}/ws?token=${token}`);
    socket.socket.send(JSON.stringify({ type: 'PING', pad: 'x'.repeat(70 * 1024) }));
    expect((await socket.closed).code).toBe(1009);
    expect((await server.request('GET', '/api/users/me', { token })).status).toBe(200);
  });
});
