/**
 * Live delivery: one POST whose event reaches 1,000 connected sockets, PodTable (a direct
 * message to a user with 1,000 open sockets: the hub sends to every device of the receiver)
 * against a bare `ws` broadcast server in its own process (one Buffer sent to every socket).
 * Messages are sent one at a time; each latency is POST start → arrival on one socket.
 * The reference broadcasts the POST body: `{"type":"DIRECT_MESSAGE","payload":{"content":"m0"}}`
 * (55 bytes, a binary frame). PodTable's event is a text frame about seven times larger (the
 * message with its ids, time and sender, and the log position), which costs the receiving
 * sockets more; `sameFrame` runs the reference with an event of that shape and size as text.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import WebSocket from 'ws';
import { summarize } from './stats';

export interface FanoutResult {
  p50: number;
  p99: number;
  deliveriesPerSecond: number;
  /** Size of the first frame a socket received. */
  frameBytes: number;
}

export const SOCKETS = 1000;
/**
 * Measured messages per round (~1.5 s of each server's time). With far fewer, one round's
 * deliveries/s ratio swung widely within a run; 100 keeps the rounds of a run close together.
 */
export const MESSAGES = 100;
/**
 * Unmeasured messages after the sockets open, on both sides alike: the first messages after
 * 1,000 sockets open were the slowest on both servers (per-message maxima of 30–46 ms against
 * 11–20 ms later, the bare `ws` server's as much as ours), and with 30 measured messages the
 * p99 was about the slowest 300 deliveries, so it measured those first messages.
 */
export const WARMUP_MESSAGES = 3;
/**
 * Sends before the sockets open, unmeasured, on both sides alike (the REST figures' warm-up
 * pass, rest.ts): V8 compiles a server's code as it runs, and PodTable's send (HTTP,
 * authentication, the write, the push lookup) is far more code than the reference's, and the
 * embedded database's WebAssembly is compiled in tiers as it runs too. Without these sends the
 * first rounds measure compilation, not delivery, and the ratios are lower and spread. The
 * bare server gets the same sends, to no socket, before its sockets open.
 */
export const WARMUP_POSTS = 1000;
/**
 * Rounds of (bare, bare PodTable-sized, PodTable) in turn; each ratio is taken within a round
 * (the three ran seconds apart) and the median of the rounds is reported. One round's p99 is
 * close to the slowest of its deliveries, so one scheduler hiccup on a busy 2-core machine moved
 * a single round's ratio by ±0.5 between otherwise identical runs; five rounds keep one such
 * round from being the median.
 */
export const FANOUT_ROUNDS = 5;
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

/** WARMUP_POSTS sends, one at a time, to no open socket. Their content (`m-1`, `m-2`, …) matches no measured message. */
async function warmUp(post: (i: number) => Promise<void>): Promise<void> {
  for (let i = 0; i < WARMUP_POSTS; i++) await post(-1 - i);
}

/**
 * Sends WARMUP_MESSAGES unmeasured, then MESSAGES one at a time with `post(i)`; `matches(data, i)`
 * recognises message i on a socket.
 */
async function measure(sockets: WebSocket[], post: (i: number) => Promise<void>, matches: (data: string, i: number) => boolean): Promise<FanoutResult> {
  let frameBytes = 0;
  sockets[0]!.once('message', (data: Buffer) => (frameBytes = data.length));
  /** Latency of message i on every socket (ms from the POST's start). */
  const deliver = async (i: number): Promise<number[]> => {
    const seen: number[] = [];
    const t0 = performance.now();
    const done = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`message ${i}: ${sockets.length - seen.length} sockets never received it`)), DELIVERY_TIMEOUT_MS);
      for (const socket of sockets) {
        const onMessage = (data: WebSocket.RawData) => {
          if (!matches(data.toString(), i)) return;
          socket.off('message', onMessage);
          seen.push(performance.now() - t0);
          if (seen.length === sockets.length) {
            clearTimeout(timer);
            resolve();
          }
        };
        socket.on('message', onMessage);
      }
    });
    await post(i);
    await done;
    return seen;
  };
  for (let w = 0; w < WARMUP_MESSAGES; w++) await deliver(MESSAGES + w);
  const latencies: number[] = [];
  const started = performance.now();
  for (let i = 0; i < MESSAGES; i++) latencies.push(...(await deliver(i)));
  const elapsed = (performance.now() - started) / 1000;
  const { p50, p99 } = summarize(latencies);
  return { p50, p99, deliveriesPerSecond: latencies.length / elapsed, frameBytes };
}

/**
 * A DIRECT_MESSAGE event of the shape and size the receiver's sockets get from PodTable (ids,
 * time, sender, log position), for the reference to send instead of its 55-byte body.
 */
export function sameFrame(sender: { id: string; username: string }, receiver: { id: string }): (i: number) => string {
  const id = randomUUID();
  const createdAt = new Date().toISOString();
  return (i) =>
    JSON.stringify({
      pos: i + 1,
      type: 'DIRECT_MESSAGE',
      payload: { id, clientId: null, senderId: sender.id, receiverId: receiver.id, content: `m${i}`, createdAt, sender: { id: sender.id, username: sender.username, displayName: null, avatarUrl: null } },
    });
}

/**
 * The bare server runs in a child process, as the PodTable server does, so neither shares the
 * clients' event loop. With `frame`, it broadcasts that body instead of its own, as a text frame.
 */
export async function bareWsFanout(frame?: (i: number) => string): Promise<FanoutResult> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/bare-ws-server.ts'], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      const match = /PORT (\d+)/.exec(chunk.toString());
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', (code) => reject(new Error(`bare ws server exited with ${code}`)));
  });
  const post = async (i: number) => {
    const body = frame ? frame(i) : JSON.stringify({ type: 'DIRECT_MESSAGE', payload: { content: `m${i}` } });
    await fetch(`http://127.0.0.1:${port}/send${frame ? '?text=1' : ''}`, { method: 'POST', body });
  };
  try {
    await warmUp(post);
  } catch (error) {
    child.kill();
    throw error;
  }
  const sockets = await openSockets(`ws://127.0.0.1:${port}/`, SOCKETS);
  try {
    return await measure(
      sockets,
      post,
      frame ? (data, i) => data.includes('"DIRECT_MESSAGE"') && data.includes(`"m${i}"`) : (data, i) => data.includes(`"m${i}"`),
    );
  } finally {
    for (const socket of sockets) socket.terminate();
    child.kill();
  }
}

export async function podTableFanout(baseUrl: string, sender: { token: string }, receiver: { id: string; token: string }): Promise<FanoutResult> {
  const wsUrl = `${baseUrl.replace('http', 'ws')}/ws/?token=${encodeURIComponent(receiver.token)}`;
  const post = async (i: number) => {
    const response = await fetch(`${baseUrl}/api/direct-messages/send`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${sender.token}` },
      body: JSON.stringify({ receiverId: receiver.id, content: `m${i}` }),
    });
    if (response.status !== 201) throw new Error(`send answered ${response.status}: ${await response.text()}`);
  };
  await warmUp(post);
  const sockets = await openSockets(wsUrl, SOCKETS);
  try {
    return await measure(
      sockets,
      post,
      (data, i) => data.includes('"DIRECT_MESSAGE"') && data.includes(`"m${i}"`),
    );
  } finally {
    for (const socket of sockets) socket.terminate();
  }
}
