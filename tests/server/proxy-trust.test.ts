/**
 * The shipped deploy/haproxy.cfg, run by Debian's HAProxy in front of a real server started with
 * TRUST_PROXY=1. Only what cannot work on this machine is substituted: the bind address (127.0.0.1
 * and a free port), the backend servers' addresses (this server) and the global maxconn (this
 * machine's file limit). Every rule under test is the shipped one.
 *
 * A client that forges X-Forwarded-For (or -Proto) must not choose the address the per-address
 * limits count, /metrics must not be reachable through the proxy under any spelling, and the
 * proxy's log must never hold a token that travelled in a URL.
 * HAProxy missing: `npx tsx scripts/ensure-haproxy.ts` (`npm test` runs it first).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HAPROXY_PATH } from '../../scripts/ensure-haproxy';
import { localHaproxyConfig, SHIPPED_SERVER_COUNT } from '../../scripts/local-haproxy';
import { loadConfig } from '../../server/config';
import { startServer, tempDir, unique, type TestServer } from './helpers';

const METRICS_TOKEN = `scrape-${randomBytes(12).toString('hex')}`;

let server: TestServer;
let haproxy: ChildProcess | undefined;
let haproxyExit: Promise<void> | undefined;
let haproxyOutput = '';
let proxyPort = 0;
let workDir: string | undefined;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  /** The client's port, as HAProxy's log line shows it (`127.0.0.1:<port>`). */
  clientPort: number;
}

/** One request on its own connection (so its log line has its own client port), sent as given (no path normalisation). */
function send(options: { port?: number; method?: string; path: string; headers?: Record<string, string>; body?: unknown; localAddress?: string }): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const body = options.body === undefined ? undefined : JSON.stringify(options.body);
    const request = http.request(
      {
        host: '127.0.0.1',
        port: options.port ?? proxyPort,
        method: options.method ?? 'GET',
        path: options.path,
        agent: false,
        localAddress: options.localAddress,
        headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...options.headers },
      },
      (response) => {
        const clientPort = response.socket.localPort ?? 0;
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('error', reject);
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, text, clientPort }));
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

async function waitFor<T>(what: string, probe: () => Promise<T | undefined> | T | undefined, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; HAProxy said:\n${haproxyOutput}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

beforeAll(async () => {
  if (!existsSync(HAPROXY_PATH)) throw new Error(`HAProxy is missing at ${HAPROXY_PATH}: run \`npx tsx scripts/ensure-haproxy.ts\` (as root it installs Debian's haproxy package).`);
  server = await startServer({
    config: { trustProxy: loadConfig({ TRUST_PROXY: '1' }).trustProxy, metricsToken: METRICS_TOKEN },
    // The production limits: register is 10 an hour per address.
    rateLimits: { scale: 1 },
  });
  proxyPort = await freePort();
  workDir = tempDir('podtable-haproxy-');
  const file = path.join(workDir, 'haproxy.cfg');
  writeFileSync(file, localHaproxyConfig({ port: proxyPort, serverPorts: Array(SHIPPED_SERVER_COUNT).fill(Number(new URL(server.url).port)), maxconn: 1000 }));
  const check = spawnSync(HAPROXY_PATH, ['-c', '-q', '-f', file], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`haproxy -c refused the adapted deploy/haproxy.cfg:\n${check.stdout}${check.stderr}`);

  // -db: foreground; the shipped `log stdout` lines arrive on its stdout.
  const child = spawn(HAPROXY_PATH, ['-db', '-f', file], { stdio: ['ignore', 'pipe', 'pipe'] });
  haproxy = child;
  haproxyExit = new Promise((resolve) => child.once('exit', () => resolve()));
  child.stdout.on('data', (chunk: Buffer) => (haproxyOutput += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (haproxyOutput += chunk.toString()));
  await waitFor('HAProxy to pass requests to the server', async () => {
    if (child.exitCode !== null) throw new Error(`HAProxy exited (${child.exitCode}):\n${haproxyOutput}`);
    const answer = await send({ path: '/healthz' }).catch(() => undefined);
    return answer?.status === 200 ? true : undefined;
  });
}, 600_000);

afterAll(async () => {
  if (haproxy && haproxy.exitCode === null && haproxy.signalCode === null) {
    haproxy.kill('SIGTERM');
    const killer = setTimeout(() => haproxy?.kill('SIGKILL'), 5000);
    await haproxyExit;
    clearTimeout(killer);
  }
  await server?.close();
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

describe('behind the shipped HAProxy', () => {
  it('a forged X-Forwarded-For does not escape the per-address sign-up limit (10 an hour): the 11th is 429', async () => {
    const statuses: number[] = [];
    for (let i = 1; i <= 11; i++) {
      const forged = i % 2 === 0 ? `198.51.100.${i}` : `198.51.100.${i}, 203.0.113.${i}`;
      const answer = await send({
        method: 'POST',
        path: '/api/users',
        headers: { 'x-forwarded-for': forged, forwarded: `for=198.51.100.${i}`, 'x-real-ip': `198.51.100.${i}` },
        body: { email: `${unique()}@example.org`, username: unique(), password: 'correct horse battery staple' },
      });
      statuses.push(answer.status);
    }
    expect(statuses).toEqual([...Array<number>(10).fill(202), 429]);
    // The server counted (and logged) the connection's address, never a forged one.
    expect(server.logText()).toContain('"ip":"127.0.0.1"');
    expect(server.logText()).not.toMatch(/198\.51\.100\.|203\.0\.113\./);

    // The limit is per client address, not one for everybody behind the proxy: another address is served.
    const other = await send({
      method: 'POST',
      path: '/api/users',
      localAddress: '127.0.0.2',
      body: { email: `${unique()}@example.org`, username: unique(), password: 'correct horse battery staple' },
    });
    expect(other.status).toBe(202);
    expect(server.logText()).toContain('"ip":"127.0.0.2"');
  });

  it('a forged X-Forwarded-Proto: https does not make the plain-HTTP app send HSTS', async () => {
    const answer = await send({ path: '/healthz', headers: { 'x-forwarded-proto': 'https' } });
    expect(answer.status).toBe(200);
    expect(answer.headers['strict-transport-security']).toBeUndefined();
  });

  it('/metrics is refused by the proxy under every spelling, even with a valid metrics token', async () => {
    const authorization = `Bearer ${METRICS_TOKEN}`;
    // The control: straight to the app, the token opens /metrics.
    const direct = await send({ port: Number(new URL(server.url).port), path: '/metrics', headers: { authorization } });
    expect(direct.status).toBe(200);
    expect(direct.text).toContain('podtable_');

    const spellings = [
      '/metrics',
      '/metrics/',
      '/metrics?format=text',
      '/metrics/?x',
      '//metrics',
      '///metrics/',
      '/./metrics',
      '/.//metrics',
      '/%6detrics',
      '/%6Detrics/',
      '/%2e/metrics',
      '/%2fmetrics',
      '/METRICS',
      '/Metrics/',
      '/metrics;x',
      '/metrics%2f',
      `http://127.0.0.1:${proxyPort}/metrics`,
      `http://127.0.0.1:${proxyPort}//metrics/`,
    ];
    for (const spelling of spellings) {
      for (const method of ['GET', 'HEAD']) {
        const answer = await send({ method, path: spelling, headers: { authorization } });
        expect({ spelling, method, status: answer.status }).toEqual({ spelling, method, status: 404 });
        expect(answer.text).not.toContain('podtable_');
        // HAProxy's own page, not the app's JSON: the proxy's rule matched.
        if (method === 'GET') expect(answer.text, spelling).toContain('<h1>404 Not Found</h1>');
      }
    }
  });

  it("HAProxy's log lines hold the method and status but no path, query or token", async () => {
    const secret = () => randomBytes(32).toString('base64url');
    const secrets: string[] = [];
    const requests = [
      () => ({ method: 'POST', path: `/api/users/email-change/${secrets[0]}` }),
      () => ({ method: 'POST', path: `/api/users/email-change/${secrets[1]}/undo` }),
      () => ({ method: 'PATCH', path: `/api/auth/reset-password/${secrets[2]}`, body: { password: 'another long password' } }),
      () => ({ method: 'GET', path: `/ws?ticket=${secrets[3]}` }),
      () => ({ method: 'GET', path: `/api/me?token=${secrets[4]}` }),
      () => ({ method: 'POST', path: `/api/games/claim/${secrets[5]}` }),
    ];
    for (let i = 0; i < requests.length; i++) secrets.push(secret());
    const answers: Array<{ method: string; reply: Reply }> = [];
    for (const make of requests) {
      const request = make();
      answers.push({ method: request.method, reply: await send(request) });
    }
    for (const { method, reply } of answers) {
      const line = await waitFor(`the log line of client port ${reply.clientPort}`, () =>
        haproxyOutput.split('\n').find((candidate) => candidate.startsWith(`127.0.0.1:${reply.clientPort} `)),
      );
      expect(line).toContain(` ${reply.status} `);
      expect(line.trimEnd().endsWith(` ${method}`)).toBe(true);
    }
    for (const token of secrets) expect(haproxyOutput).not.toContain(token);
    expect(haproxyOutput).not.toMatch(/\/api\/|\/ws|ticket=|token=/);
  });
});
