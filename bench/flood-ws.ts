/**
 * One socket flooding PINGs must not slow anyone else's live events. OTHERS pairs of users, each
 * user from an address of its own: every PACE_MS a sender POSTs a direct message and the
 * receiver's open socket (in this process) waits for its DIRECT_MESSAGE; the latency is POST
 * start → event received. Measured first with the server idle, then while one more user, in a
 * process of its own (bench/ws-flooder.ts), sends PINGs on one socket as fast as its socket
 * drains, for PHASE_MS, opening a new socket at once whenever one is closed (as a script
 * would). The figure is the others' p50 during the flood over their p50 idle, in the same run.
 * The same run against a server whose limits are scaled out of reach (RATE_LIMIT_SCALE=10000)
 * shows the flood answered in full, from memory. Real server processes on embedded databases.
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import WebSocket from 'ws';
import { ServerProcess } from '../tests/e2e/server-process';
import { account, type Account } from './flood';
import { summarize } from './stats';

export const OTHERS = 5;
/** Within each sender's message budget (60/min) over warm-up + idle + flood (9 s), as in flood.ts. */
export const PACE_MS = 200;
export const PHASE_MS = 4000;
const WARMUP_MS = 1000;


export interface FlooderCounts {
  pings: number;
  pongs: number;
  sockets: number;
  /** Close codes the flooder's sockets got, with their counts. */
  closes: Record<string, number>;
}

export interface WsFloodResult {
  idleP50: number;
  floodP50: number;
  floodP99: number;
  flooder: FlooderCounts;
}


/** A receiver's socket: `arrival(content)` resolves with performance.now() when that message's event comes. */
async function listen(wsUrl: string, me: Account) {
  const socket = new WebSocket(`${wsUrl}/ws?token=${me.token}`, { headers: { 'x-forwarded-for': me.ip } });
  const waiting = new Map<string, (at: number) => void>();
  socket.on('message', (data) => {
    const at = performance.now();
    const event = JSON.parse(data.toString()) as { type?: string; payload?: { content?: string } };
    const content = event.type === 'DIRECT_MESSAGE' ? event.payload?.content : undefined;
    if (content !== undefined) waiting.get(content)?.(at);
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  return {
    arrival: (content: string) => new Promise<number>((resolve) => waiting.set(content, resolve)),
    close: () => socket.close(1000),
  };
}

type Receiver = Awaited<ReturnType<typeof listen>>;

/** Each sender sends at PACE_MS until `until`; returns every message's POST start → event latency in ms. */
async function othersDeliver(baseUrl: string, pairs: Array<{ sender: Account; receiver: Account; socket: Receiver }>, until: number): Promise<number[]> {
  const latencies: number[] = [];
  await Promise.all(
    pairs.map(async ({ sender, receiver, socket }, i) => {
      for (let n = 0; Date.now() < until; n += 1) {
        const content = `p${i} m${n} ${Math.random().toString(36).slice(2, 8)}`;
        const arrived = socket.arrival(content);
        const t0 = performance.now();
        const answer = await fetch(`${baseUrl}/api/direct-messages/send`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${sender.token}`, 'x-forwarded-for': sender.ip },
          body: JSON.stringify({ receiverId: receiver.id, content }),
        });
        await answer.arrayBuffer();
        if (answer.status !== 201) throw new Error(`an ordinary user's send answered ${answer.status}`);
        latencies.push((await arrived) - t0);
        await new Promise((resolve) => setTimeout(resolve, PACE_MS));
      }
    }),
  );
  return latencies;
}

/** Starts the flooder process and resolves once it is ready; `go()` floods for PHASE_MS and resolves with its counts. */
async function startFlooder(wsUrl: string, flooder: Account) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/ws-flooder.ts'], { stdio: ['pipe', 'pipe', 'inherit'] });
  const output = createInterface({ input: child.stdout });
  const nextLine = () =>
    new Promise<string>((resolve, reject) => {
      output.once('line', resolve);
      child.once('exit', (code) => reject(new Error(`ws flooder exited with ${code}`)));
    });
  child.stdin.write(`${JSON.stringify({ wsUrl, token: flooder.token, ip: flooder.ip, durationMs: PHASE_MS })}\n`);
  if ((await nextLine()) !== 'READY') throw new Error('ws flooder did not start');
  return {
    async go(): Promise<FlooderCounts> {
      const done = nextLine();
      child.stdin.write('go\n');
      return JSON.parse(await done) as FlooderCounts;
    },
    stop: () => child.kill(),
  };
}

/** `flood: false` runs the second phase without the flooder (a control: the ratio of two idle phases). */
export async function wsFloodRun(rateLimitScale: number, flood = true): Promise<WsFloodResult> {
  const server = new ServerProcess({ LOG_LEVEL: 'info', RATE_LIMIT_SCALE: String(rateLimitScale), TRUST_PROXY: '1' });
  const wsUrl = () => server.url.replace(/^http/, 'ws');
  const sockets: Receiver[] = [];
  try {
    await server.start();
    const pairs = await Promise.all(
      Array.from({ length: OTHERS }, async (_, i) => {
        const sender = await account(server.url, `wsend${i}`, `198.51.100.${i + 1}`);
        const receiver = await account(server.url, `wrecv${i}`, `198.51.100.${i + 101}`);
        const socket = await listen(wsUrl(), receiver);
        sockets.push(socket);
        return { sender, receiver, socket };
      }),
    );
    const flooder = await account(server.url, 'wflood', '203.0.113.77');
    await othersDeliver(server.url, pairs, Date.now() + WARMUP_MS);
    const idle = summarize(await othersDeliver(server.url, pairs, Date.now() + PHASE_MS));
    const none: FlooderCounts = { pings: 0, pongs: 0, sockets: 0, closes: {} };
    const flooding = flood ? await startFlooder(wsUrl(), flooder) : { go: async () => none, stop: () => undefined };
    const until = Date.now() + PHASE_MS;
    const [during, counts] = await Promise.all([othersDeliver(server.url, pairs, until), flooding.go()]).finally(() => flooding.stop());
    const busy = summarize(during);
    return { idleP50: idle.p50, floodP50: busy.p50, floodP99: busy.p99, flooder: counts };
  } finally {
    for (const socket of sockets) socket.close();
    await server.dispose();
  }
}
