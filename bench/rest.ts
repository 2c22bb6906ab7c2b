/**
 * REST hot path: requests/s of PodTable against a bare node:http server (own process) that
 * answers the same bytes, measured back to back in the same run:
 * - GET /api/users/me, GET /api/pods/{id}/messages?limit=3: READ_CONCURRENCY requests in
 *   flight for DURATION_MS, over keep-alive connections;
 * - POST /api/pods/{id}/messages: one at a time (sequential), for DURATION_MS;
 * each REST_ROUNDS times, the bare server and PodTable in turn, after one unmeasured warm-up
 * pass of every figure on both (WARMUP_PASS_MS). On PostgreSQL the POST is measured on the
 * durable floor too (durable-floor-server.ts), between the two, in the same rounds.
 * PodTable runs at LOG_LEVEL=info, the production default, so logging cost is included.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Recorded } from './recorded';

export const READ_CONCURRENCY = 8;
export const DURATION_MS = 3000;
const WARMUP_MS = 500;
/**
 * Before the first round, each figure's requests run this long against each server, unmeasured:
 * V8 compiles a server's code (and the embedded database's WebAssembly) in tiers as it runs, so
 * the CPU cost per request falls over the first few thousand requests and then stays, on both
 * servers. Without this pass the first round was the lowest in most runs.
 */
export const WARMUP_PASS_MS = 3000;
/**
 * Rounds of (bare, PodTable) per figure, in turn; each ratio is taken within its round and the
 * median is reported. The bare server's own rate moved 2–4× between runs minutes apart on the
 * shared 2-core machine, and one round's ratio by ±30 %: with 3 rounds the median could be one
 * round's luck.
 * Five rounds add ~50 s per database setup.
 */
export const REST_ROUNDS = 5;

export interface RestRound {
  ours: number;
  bare: number;
  /** The sequential POST only, on PostgreSQL: the durable floor's POSTs/s (durable-floor-server.ts). */
  floor?: number;
}

export interface RestFigure {
  name: string;
  /** Requests/s of each round, in the order run. */
  rounds: RestRound[];
}

interface Shot {
  method: string;
  path: string;
  body?: () => string;
  headers: Record<string, string>;
}

function request(agent: http.Agent, base: URL, shot: Shot): Promise<{ status: number; contentType: string; body: string }> {
  return new Promise((resolve, reject) => {
    const payload = shot.body?.();
    const req = http.request(
      {
        agent,
        host: base.hostname,
        port: base.port,
        method: shot.method,
        path: shot.path,
        headers: { ...shot.headers, ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}) },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, contentType: String(res.headers['content-type'] ?? ''), body }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** Sends `shot` from `concurrency` loops for `ms`; every answer must be 2xx. Returns how many were answered. */
async function drive(agent: http.Agent, base: URL, shot: Shot, concurrency: number, ms: number): Promise<number> {
  let done = 0;
  const until = performance.now() + ms;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < until) {
        const answer = await request(agent, base, shot);
        if (answer.status >= 300) throw new Error(`${shot.method} ${shot.path} answered ${answer.status}: ${answer.body}`);
        done += 1;
      }
    }),
  );
  return done;
}

/** Requests/s with `concurrency` loops for DURATION_MS, after WARMUP_MS unmeasured. */
async function throughput(base: URL, shot: Shot, concurrency: number): Promise<number> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  try {
    await drive(agent, base, shot, concurrency, WARMUP_MS);
    const started = performance.now();
    const done = await drive(agent, base, shot, concurrency, DURATION_MS);
    return (done / (performance.now() - started)) * 1000;
  } finally {
    agent.destroy();
  }
}

/** WARMUP_PASS_MS of `shot`, unmeasured. */
async function warmUp(base: URL, shot: Shot, concurrency: number): Promise<void> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  try {
    await drive(agent, base, shot, concurrency, WARMUP_PASS_MS);
  } finally {
    agent.destroy();
  }
}

/** Starts `script` (bare-http-server.ts or durable-floor-server.ts) with the recordings and `args`. */
async function startReference(script: string, recorded: Recorded[], args: string[] = []): Promise<{ url: URL; stop(): void }> {
  const file = join(mkdtempSync(join(tmpdir(), 'podtable-bench-')), 'recorded.json');
  writeFileSync(file, JSON.stringify(recorded));
  const child = spawn(process.execPath, ['--import', 'tsx', script, file, ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      const match = /PORT (\d+)/.exec(chunk.toString());
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });
  return { url: new URL(`http://127.0.0.1:${port}`), stop: () => child.kill() };
}

/**
 * `floorDatabaseUrl` (PostgreSQL only): the sequential POST is also measured, in each round, on
 * the durable floor (durable-floor-server.ts) storing into that database.
 */
export async function restVersusBare(baseUrl: string, user: { token: string }, floorDatabaseUrl?: string): Promise<RestFigure[]> {
  const base = new URL(baseUrl);
  const agent = new http.Agent({ keepAlive: true });
  const auth = { authorization: `Bearer ${user.token}` };
  const pod = JSON.parse((await request(agent, base, { method: 'POST', path: '/api/pods', headers: auth, body: () => JSON.stringify({ name: 'Bench pod' }) })).body) as { id: string };
  let sent = 0;
  const shots: Array<{ name: string; shot: Shot; concurrency: number }> = [
    { name: 'GET /api/users/me', shot: { method: 'GET', path: '/api/users/me', headers: auth }, concurrency: READ_CONCURRENCY },
    { name: 'GET /api/pods/{id}/messages?limit=3', shot: { method: 'GET', path: `/api/pods/${pod.id}/messages?limit=3`, headers: auth }, concurrency: READ_CONCURRENCY },
    {
      name: 'POST /api/pods/{id}/messages (sequential)',
      shot: { method: 'POST', path: `/api/pods/${pod.id}/messages`, headers: auth, body: () => JSON.stringify({ content: `bench message ${sent++}` }) },
      concurrency: 1,
    },
  ];
  for (let i = 0; i < 3; i++) await request(agent, base, shots[2]!.shot);
  const recorded: Recorded[] = [];
  for (const { shot } of shots) {
    const answer = await request(agent, base, shot);
    recorded.push({ method: shot.method, path: shot.path.split('?')[0]!, status: answer.status, contentType: answer.contentType, body: answer.body });
  }
  agent.destroy();
  const post = shots[2]!;
  const bare = await startReference('bench/bare-http-server.ts', recorded);
  let floor: Awaited<ReturnType<typeof startReference>> | undefined;
  try {
    if (floorDatabaseUrl) floor = await startReference('bench/durable-floor-server.ts', recorded, [floorDatabaseUrl]);
    const figures: RestFigure[] = shots.map(({ name }) => ({ name, rounds: [] }));
    for (const { shot, concurrency } of shots) {
      await warmUp(bare.url, shot, concurrency);
      if (floor && shot === post.shot) await warmUp(floor.url, shot, concurrency);
      await warmUp(base, shot, concurrency);
    }
    for (let round = 0; round < REST_ROUNDS; round++) {
      for (const [i, { shot, concurrency }] of shots.entries()) {
        const theirs = await throughput(bare.url, shot, concurrency);
        const floorRate = floor && shot === post.shot ? await throughput(floor.url, shot, concurrency) : undefined;
        const ours = await throughput(base, shot, concurrency);
        figures[i]!.rounds.push({ ours, bare: theirs, ...(floorRate === undefined ? {} : { floor: floorRate }) });
      }
    }
    return figures;
  } finally {
    bare.stop();
    floor?.stop();
  }
}
