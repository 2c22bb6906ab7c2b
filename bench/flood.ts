/**
 * One user's flood must not slow the others. OTHERS users, each from an address of
 * their own, send direct messages one at a time (a human pace: one every PACE_MS); their send
 * latency is measured first with the server idle, then while one more user, in a process of its
 * own (bench/flooder.ts), floods POST /api/direct-messages/send from FLOOD_CONNECTIONS parallel
 * connections for PHASE_MS.
 * The same run against a server whose limits are scaled out of reach (RATE_LIMIT_SCALE=10000)
 * shows what the limits prevent. The servers are real processes on embedded databases.
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { ServerProcess } from '../tests/e2e/server-process';
import { summarize } from './stats';

export const OTHERS = 5;
/**
 * Faster than anyone types, yet within an ordinary user's own message budget (60/min,
 * server/limits/policies.ts) over warm-up + idle + flood (9 s): at 100 ms a quiet machine
 * answered fast enough for the others to hit their own limit.
 */
export const PACE_MS = 200;
export const PHASE_MS = 4000;
export const FLOOD_CONNECTIONS = 32;

export interface Account {
  id: string;
  token: string;
  ip: string;
}

export interface FloodResult {
  idleP50: number;
  floodP50: number;
  floodP99: number;
  flooderSent: number;
  flooderAccepted: number;
  flooderRefused: number;
}

/** A fresh account, registered and logged in from `ip` (the benches run with TRUST_PROXY). */
export async function account(baseUrl: string, name: string, ip: string): Promise<Account> {
  const username = `${name}${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}`;
  const password = 'bench password 1';
  const headers = { 'content-type': 'application/json', 'x-forwarded-for': ip };
  const created = await fetch(`${baseUrl}/api/users`, { method: 'POST', headers, body: JSON.stringify({ username, email: `${username}@example.test`, password }) });
  if (created.status !== 202) throw new Error(`register answered ${created.status}`);
  const login = await fetch(`${baseUrl}/api/users/login`, { method: 'POST', headers, body: JSON.stringify({ username, password }) });
  const body = (await login.json()) as { token: string; user: { id: string } };
  return { id: body.user.id, token: body.token, ip };
}

function send(baseUrl: string, from: Account, to: Account, content: string): Promise<Response> {
  return fetch(`${baseUrl}/api/direct-messages/send`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${from.token}`, 'x-forwarded-for': from.ip },
    body: JSON.stringify({ receiverId: to.id, content }),
  });
}

/** Each of the others sends at a human pace until `until`; returns every send's latency in ms. */
async function othersSend(baseUrl: string, others: Account[], until: number): Promise<number[]> {
  const latencies: number[] = [];
  await Promise.all(
    others.map(async (me, i) => {
      const peer = others[(i + 1) % others.length]!;
      for (let n = 0; Date.now() < until; n += 1) {
        const t0 = performance.now();
        const answer = await send(baseUrl, me, peer, `msg ${n}`);
        await answer.arrayBuffer();
        if (answer.status !== 201) throw new Error(`an ordinary user's send answered ${answer.status}`);
        latencies.push(performance.now() - t0);
        await new Promise((resolve) => setTimeout(resolve, PACE_MS));
      }
    }),
  );
  return latencies;
}

/** Starts the flooder process and resolves once it is ready; `go(ms)` floods and resolves with its counts. */
async function startFlooder(baseUrl: string, flooder: Account, target: Account) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/flooder.ts'], { stdio: ['pipe', 'pipe', 'inherit'] });
  const output = createInterface({ input: child.stdout });
  const nextLine = () => new Promise<string>((resolve, reject) => {
    output.once('line', resolve);
    child.once('exit', (code) => reject(new Error(`flooder exited with ${code}`)));
  });
  child.stdin.write(`${JSON.stringify({ baseUrl, token: flooder.token, ip: flooder.ip, receiverId: target.id, connections: FLOOD_CONNECTIONS, durationMs: PHASE_MS })}\n`);
  if ((await nextLine()) !== 'READY') throw new Error('flooder did not start');
  return {
    async go(): Promise<{ sent: number; accepted: number; refused: number }> {
      const done = nextLine();
      child.stdin.write('go\n');
      return JSON.parse(await done) as { sent: number; accepted: number; refused: number };
    },
    stop: () => child.kill(),
  };
}

export async function floodRun(rateLimitScale: number): Promise<FloodResult> {
  const server = new ServerProcess({ RATE_LIMIT_SCALE: String(rateLimitScale), TRUST_PROXY: '1' });
  try {
    await server.start();
    const others = await Promise.all(Array.from({ length: OTHERS }, (_, i) => account(server.url, `other${i}`, `198.51.100.${i + 1}`)));
    const flooder = await account(server.url, 'flooder', '203.0.113.66');
    // Warm-up: first queries, JIT.
    await othersSend(server.url, others, Date.now() + 1000);
    const idle = summarize(await othersSend(server.url, others, Date.now() + PHASE_MS));
    const flooding = await startFlooder(server.url, flooder, others[0]!);
    const until = Date.now() + PHASE_MS;
    const [during, counts] = await Promise.all([othersSend(server.url, others, until), flooding.go()]).finally(() => flooding.stop());
    const busy = summarize(during);
    return { idleP50: idle.p50, floodP50: busy.p50, floodP99: busy.p99, flooderSent: counts.sent, flooderAccepted: counts.accepted, flooderRefused: counts.refused };
  } finally {
    await server.dispose();
  }
}
