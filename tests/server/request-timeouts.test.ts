/**
 * Slowloris: a client that sends its headers, or its body, a byte at a time holds a socket
 * forever unless the server has a deadline for the whole request (server/http-timeouts.ts).
 * The deadline here is 1 s (REQUEST_TIMEOUT_MS); the dribbling client would take far longer.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, unique, type TestServer } from './helpers';

const REQUEST_TIMEOUT_MS = 1000;
/** The dribble would need 100 × this to finish: far past the deadline. */
const DRIBBLE_EVERY_MS = 100;

let server: TestServer;

beforeAll(async () => {
  server = await startServer({ config: { requestTimeoutMs: REQUEST_TIMEOUT_MS } });
});

afterAll(async () => {
  await server?.close();
});

interface Outcome {
  /** What the server wrote before closing. */
  answer: string;
  /** From the first byte sent to the socket's close. */
  elapsedMs: number;
  /** Bytes of the dribble sent before the close. */
  dribbled: number;
}

/** Sends `head`, then `dribble` one byte every DRIBBLE_EVERY_MS; resolves when the server closes the socket. */
function slowClient(head: string, dribble: string, giveUpMs: number): Promise<Outcome> {
  const { port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), '127.0.0.1');
    const started = performance.now();
    let answer = '';
    let dribbled = 0;
    let timer: NodeJS.Timeout | undefined;
    const giveUp = setTimeout(() => {
      clearInterval(timer);
      socket.destroy();
      reject(new Error(`the server still held the connection after ${giveUpMs} ms (${dribbled} bytes dribbled)`));
    }, giveUpMs);
    socket.on('connect', () => {
      socket.write(head);
      timer = setInterval(() => {
        if (dribbled < dribble.length && socket.writable) socket.write(dribble[dribbled++]!);
      }, DRIBBLE_EVERY_MS);
    });
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearInterval(timer);
      clearTimeout(giveUp);
      resolve({ answer, elapsedMs: performance.now() - started, dribbled });
    });
  });
}

describe('request deadlines', () => {
  it('a body dribbled a byte at a time is answered 408 and its socket closed at the deadline', async () => {
    const body = JSON.stringify({ email: `${unique()}@example.org`, username: unique(), password: 'correct horse battery staple' }).padEnd(1000, ' ');
    const head = `POST /api/users HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`;
    const outcome = await slowClient(head, body, 20 * REQUEST_TIMEOUT_MS);
    expect(outcome.answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(outcome.dribbled).toBeLessThan(body.length);
    expect(outcome.elapsedMs).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_MS - 50);
  });

  it('headers that never end are answered 408 and the socket closed', async () => {
    const head = 'GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n';
    const outcome = await slowClient(head, `X-Slow: ${'a'.repeat(500)}`, 20 * REQUEST_TIMEOUT_MS);
    expect(outcome.answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(outcome.dribbled).toBeLessThan(500);
  });

  it('a request that arrives in pieces within the deadline is served, and the server stays up', async () => {
    const { port } = new URL(server.url);
    const body = JSON.stringify({ email: `${unique()}@example.org`, username: unique(), password: 'correct horse battery staple' });
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(Number(port), '127.0.0.1');
      let text = '';
      socket.on('connect', () => {
        socket.write(`POST /api/users HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nConnection: close\r\nContent-Length: ${body.length}\r\n\r\n`);
        socket.write(body.slice(0, 10));
        setTimeout(() => socket.write(body.slice(10)), 200);
      });
      socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
      socket.on('error', reject);
      socket.on('close', () => resolve(text));
    });
    expect(answer).toMatch(/^HTTP\/1\.1 202 /);
    expect((await server.request('GET', '/healthz')).status).toBe(200);
  });
});
