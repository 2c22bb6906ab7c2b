/**
 * Live delivery: one POST whose event reaches 1,000 connected sockets, PodTable (a direct
 * message to a user with 1,000 open sockets: the hub sends to every device of the receiver)
 * against a bare `ws` broadcast server in this process (one Buffer sent to every socket).
 * Messages are sent one at a time; each latency is POST start → arrival on one socket.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import WebSocket, { WebSocketServer } from 'ws';
import { summarize } from './stats';

export interface FanoutResult {
  p50: number;
  p99: number;
  deliveriesPerSecond: number;
}

export const SOCKETS = 1000;
export const MESSAGES = 30;
/** A delivery not seen within this time fails the run instead of hanging it. */
const DELIVERY_TIMEOUT_MS = 20_000;

async function openSockets(url: string, count: number): Promise<WebSocket[]> {
  const sockets: WebSocket[] = [];
  // Opened in batches of 100 so the server's accept queue is not flooded on 2 cores.
  for (let start = 0; start < count; start += 100) {
    const batch = Array.from({ length: Math.min(100, count - start) }, () => new WebSocket(url));
    await Promise.all(batch.map((socket) => new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    })));
    sockets.push(...batch);
  }
  return sockets;
}

/** Sends MESSAGES one at a time with `post(i)`; `matches(data, i)` recognises message i on a socket. */
async function measure(sockets: WebSocket[], post: (i: number) => Promise<void>, matches: (data: string, i: number) => boolean): Promise<FanoutResult> {
  const latencies: number[] = [];
  const started = performance.now();
  for (let i = 0; i < MESSAGES; i++) {
    let remaining = sockets.length;
    const t0 = performance.now();
    const done = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`message ${i}: ${remaining} sockets never received it`)), DELIVERY_TIMEOUT_MS);
      for (const socket of sockets) {
        const onMessage = (data: WebSocket.RawData) => {
          if (!matches(data.toString(), i)) return;
          socket.off('message', onMessage);
          latencies.push(performance.now() - t0);
          remaining -= 1;
          if (remaining === 0) {
            clearTimeout(timer);
            resolve();
          }
        };
        socket.on('message', onMessage);
      }
    });
    await post(i);
    await done;
  }
  const elapsed = (performance.now() - started) / 1000;
  const { p50, p99 } = summarize(latencies);
  return { p50, p99, deliveriesPerSecond: latencies.length / elapsed };
}

export async function bareWsFanout(): Promise<FanoutResult> {
  const http = createServer((request: IncomingMessage, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      const frame = Buffer.from(body);
      for (const client of wss.clients) client.send(frame);
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  const wss = new WebSocketServer({ server: http });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const port = (http.address() as AddressInfo).port;
  const sockets = await openSockets(`ws://127.0.0.1:${port}/`, SOCKETS);
  try {
    return await measure(
      sockets,
      async (i) => {
        await fetch(`http://127.0.0.1:${port}/send`, { method: 'POST', body: JSON.stringify({ type: 'DIRECT_MESSAGE', payload: { content: `m${i}` } }) });
      },
      (data, i) => data.includes(`"m${i}"`),
    );
  } finally {
    for (const socket of sockets) socket.terminate();
    wss.close();
    http.close();
  }
}

export async function podTableFanout(baseUrl: string, sender: { token: string }, receiver: { id: string; token: string }): Promise<FanoutResult> {
  const wsUrl = `${baseUrl.replace('http', 'ws')}/ws/?token=${encodeURIComponent(receiver.token)}`;
  const sockets = await openSockets(wsUrl, SOCKETS);
  try {
    return await measure(
      sockets,
      async (i) => {
        const response = await fetch(`${baseUrl}/api/direct-messages/send`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${sender.token}` },
          body: JSON.stringify({ receiverId: receiver.id, content: `m${i}` }),
        });
        if (response.status !== 201) throw new Error(`send answered ${response.status}: ${await response.text()}`);
      },
      (data, i) => data.includes('"DIRECT_MESSAGE"') && data.includes(`"m${i}"`),
    );
  } finally {
    for (const socket of sockets) socket.terminate();
  }
}
