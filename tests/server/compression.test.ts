/** JSON answers over ~1 kB are compressed (br, else gzip); small ones, and identity clients, get plain JSON. */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gzipSync } from 'node:zlib';
import { COMPRESS_THRESHOLD_BYTES, COMPRESSED_BODY_REFUSED } from '../../server/compression';
import { IDEMPOTENCY_KEY_HEADER } from '../../src/contract/limits';
import type { Pod, PodMessage } from '../../src/contract/social';
import { startServer, type TestServer } from './helpers';
import { rawRequest } from './raw-http';

let server: TestServer;
let token: string;
let pod: Pod;

beforeAll(async () => {
  server = await startServer();
  ({ token } = await server.newUser('zip'));
  pod = (await server.request<Pod>('POST', '/api/pods', { token, body: { name: 'Compressed pod' } })).body;
  for (let i = 0; i < 6; i += 1) {
    const sent = await server.request('POST', `/api/pods/${pod.id}/messages`, { token, body: { content: `message ${i} ${'lorem ipsum '.repeat(20)}` } });
    expect(sent.status).toBe(201);
  }
});
afterAll(async () => {
  await server?.close();
});

const auth = () => ({ authorization: `Bearer ${token}` });

describe('compressed JSON answers', () => {
  it('sends a large list as brotli when the client accepts it, and the same JSON as plain text otherwise', async () => {
    const path = `${server.url}/api/pods/${pod.id}/messages?limit=10`;
    const plain = await rawRequest(path, { headers: { ...auth(), 'accept-encoding': 'identity' } });
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.wire.length).toBeGreaterThan(COMPRESS_THRESHOLD_BYTES);
    const messages = JSON.parse(plain.text) as PodMessage[];
    expect(messages).toHaveLength(6);

    const br = await rawRequest(path, { headers: { ...auth(), 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.wire.length).toBeLessThan(plain.wire.length / 2);
    expect(JSON.parse(br.text)).toEqual(messages);

    const gzip = await rawRequest(path, { headers: { ...auth(), 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gzip.text)).toEqual(messages);
  });

  it('leaves answers under the threshold alone', async () => {
    const me = await rawRequest(`${server.url}/api/users/me`, { headers: { ...auth(), 'accept-encoding': 'br, gzip' } });
    expect(me.status).toBe(200);
    expect(me.wire.length).toBeLessThan(COMPRESS_THRESHOLD_BYTES);
    expect(me.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(me.text)).toMatchObject({ username: expect.any(String) });
  });

  it('replays a repeated write with the same JSON, compressed or not (the stored answer is plain)', async () => {
    const key = randomUUID();
    const body = JSON.stringify({ content: 'x'.repeat(1000) });
    const headers = { ...auth(), 'content-type': 'application/json', [IDEMPOTENCY_KEY_HEADER]: key };
    const url = `${server.url}/api/pods/${pod.id}/messages`;
    const first = await rawRequest(url, { method: 'POST', body, headers: { ...headers, 'accept-encoding': 'br' } });
    expect(first.status).toBe(201);
    expect(first.headers['content-encoding']).toBe('br');
    const again = await rawRequest(url, { method: 'POST', body, headers: { ...headers, 'accept-encoding': 'identity' } });
    expect(again.status).toBe(201);
    expect(again.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(again.text)).toEqual(JSON.parse(first.text));
  });

  it('refuses a compressed request body with 415 and creates nothing', async () => {
    const before = await server.request<Pod[]>('GET', '/api/pods', { token });
    const answer = await rawRequest(`${server.url}/api/pods`, {
      method: 'POST',
      body: gzipSync(JSON.stringify({ name: 'Zipped pod' })),
      headers: { ...auth(), 'content-type': 'application/json', 'content-encoding': 'gzip' },
    });
    expect(answer.status).toBe(415);
    expect(JSON.parse(answer.text)).toEqual({ message: COMPRESSED_BODY_REFUSED });
    const after = await server.request<Pod[]>('GET', '/api/pods', { token });
    expect(after.body.map((p) => p.name)).toEqual(before.body.map((p) => p.name));
  });
});
