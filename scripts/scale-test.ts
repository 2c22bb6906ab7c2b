/**
 * `npm run bench:scale`: the deploy topology, natively, on loopback. Bounded (a few minutes),
 * not part of `npm test`.
 *
 *   HAProxy (Debian's; installed when missing) → 3 × server/main.ts → PostgreSQL + Redis
 *
 * 1. One process: SOCKETS sockets through HAProxy's `one` frontend (first server only), pod
 *    messages at RATE/s for STEADY_MS → delivery p99 (the reference).
 * 2. Three processes: the same sockets and load through the `all` frontend → delivery p99.
 * 3. SIGKILL of one of the three mid-traffic; traffic goes on for AFTER_KILL_MS. Its clients
 *    reconnect like the app (full jitter, a new ticket) and catch up (one pull); writes in
 *    flight are retried like the outbox.
 * Printed: lost (for clients that stayed connected, and for moved clients after their catch-
 * up), duplicated and failed writes, reconnect and reconnect + catch-up p50/p99, delivery p99
 * before/after the kill, and three processes vs one.
 *
 * Known (until the sync protocol's change log lands): a message committed by the killed
 * process whose publish died with it never reaches the clients that stayed connected
 * elsewhere ("lost, staying"): the script prints the truth.
 *
 * Needs PostgreSQL (TEST_DATABASE_URL or postgres://postgres@127.0.0.1:5432/test) and Redis
 * (TEST_REDIS_URL or redis://127.0.0.1:6379). File descriptors: SOCKETS client sockets here,
 * twice that in HAProxy; the script raises its own soft limit to the hard one (re-running
 * itself under `ulimit -n`) and says so when the hard limit is too low.
 */
import { spawnSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { ensureHaproxy } from './ensure-haproxy';
import { haproxyConfig, startHaproxy, writeAndCheck } from '../bench/scale/haproxy';
import { Node, adminQuery, freePort, freshServices } from '../bench/scale/cluster';
import { ScaleClient, markerOf, startCursor, writeLikeTheOutbox, MARKER, type Member, type WriteResult } from '../bench/scale/clients';
import { percentile } from '../bench/stats';

const SOCKETS = Number(process.env.SCALE_SOCKETS ?? 5000);
const SOCKETS_PER_USER = 10;
const MEMBERS_PER_POD = 25;
const RATE = Number(process.env.SCALE_RATE ?? 10);
const STEADY_MS = Number(process.env.SCALE_STEADY_MS ?? 15_000);
const AFTER_KILL_MS = Number(process.env.SCALE_AFTER_KILL_MS ?? 20_000);
/** Writes still retrying this long after the traffic stops count as failed. */
const WRITE_DEADLINE_MS = 60_000;
const FD_NEEDED = SOCKETS + 2000;
/** HAProxy holds two descriptors per proxied connection. */
const HAPROXY_FD_NEEDED = 2 * (SOCKETS + 1500) + 100;

function softLimit(): { soft: number; hard: number } {
  const read = (flag: string) => Number(spawnSync('sh', ['-c', `ulimit ${flag} -n`], { encoding: 'utf8' }).stdout.trim());
  const hardText = spawnSync('sh', ['-c', 'ulimit -H -n'], { encoding: 'utf8' }).stdout.trim();
  return { soft: read('-S'), hard: hardText === 'unlimited' ? Number.POSITIVE_INFINITY : Number(hardText) };
}

function raiseFileLimitOrRerun(): void {
  const { soft, hard } = softLimit();
  if (hard < HAPROXY_FD_NEEDED) {
    console.error(`ulimit -n hard limit is ${hard}; HAProxy needs ${HAPROXY_FD_NEEDED} for ${SOCKETS} sockets. Raise it (e.g. /etc/security/limits.conf or the container's nofile) or set SCALE_SOCKETS lower.`);
    process.exit(1);
  }
  if (soft >= FD_NEEDED) return;
  if (process.env.SCALE_RERUN) {
    console.error(`could not raise ulimit -n to ${FD_NEEDED}`);
    process.exit(1);
  }
  console.log(`ulimit -n is ${soft}: running again with ${FD_NEEDED} (hard limit ${hard}).`);
  const rerun = spawn('sh', ['-c', `ulimit -n ${FD_NEEDED} && exec "${process.execPath}" --import tsx scripts/scale-test.ts`], { stdio: 'inherit', env: { ...process.env, SCALE_RERUN: '1' } });
  rerun.on('exit', (code) => process.exit(code ?? 1));
  throw new RerunStarted();
}
class RerunStarted extends Error {}

const p = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return percentile(sorted, q);
};
const ms = (n: number) => (Number.isFinite(n) ? `${n.toFixed(0)} ms` : 'n/a');

async function pool<T>(items: T[], concurrency: number, work: (item: T, index: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) {
        const index = next++;
        await work(items[index]!, index);
      }
    }),
  );
}

async function api<T>(base: string, method: string, path: string, token: string | undefined, body?: unknown): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (response.status === 503 && attempt < 10) {
      await new Promise((resolve) => setTimeout(resolve, 500 * attempt));
      continue;
    }
    if (response.status >= 300) throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
    return (await response.json()) as T;
  }
}

interface Phase {
  writes: WriteResult[];
  latencies: number[];
}

async function main(): Promise<void> {
  raiseFileLimitOrRerun();
  const haproxy = ensureHaproxy();
  const postgresUrl = process.env.TEST_DATABASE_URL?.trim() || 'postgres://postgres@127.0.0.1:5432/test';
  const redisUrl = process.env.TEST_REDIS_URL?.trim() || 'redis://127.0.0.1:6379';
  const services = await freshServices(postgresUrl, redisUrl);
  const dir = mkdtempSync(join(tmpdir(), 'podtable-scale-'));
  const env = {
    DATABASE_URL: services.databaseUrl,
    REDIS_URL: services.redisUrl,
    REDIS_PREFIX: services.redisPrefix,
    LIVE_TICKET_SECRET: randomBytes(32).toString('base64url'),
    LOG_LEVEL: 'warn',
    TRUST_PROXY: '1',
    DRAIN_WINDOW_MS: '5000',
    DB_POOL_SIZE: '10',
    // Thousands of sign-ups and sockets from one address (the test's): the per-IP limits
    // are scaled out of the way; this test measures delivery, not limits.
    RATE_LIMIT_SCALE: '10000',
  };
  const nodes = [new Node('s1', await freePort(), env), new Node('s2', await freePort(), env), new Node('s3', await freePort(), env)];
  const allPort = await freePort();
  const onePort = await freePort();
  let proxy: ReturnType<typeof startHaproxy> | undefined;
  const clients: ScaleClient[] = [];
  const cleanup = async () => {
    for (const client of clients) client.close();
    proxy?.kill('SIGTERM');
    await Promise.all(nodes.map((node) => node.dispose()));
    await services.cleanup().catch((error: unknown) => console.error('cleanup failed', error));
    rmSync(dir, { recursive: true, force: true });
  };
  // Ctrl-C or a timeout still stops the servers and drops the database.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      console.error(`${signal}: cleaning up`);
      void cleanup().finally(() => process.exit(130));
    });
  }
  try {
    console.log(`Starting 3 server processes on PostgreSQL + Redis behind HAProxy (${haproxy})…`);
    await Promise.all(nodes.map((node) => node.start()));
    // maxconn: every socket plus the HTTP traffic beside them; HAProxy needs two descriptors per connection.
    const config = writeAndCheck(haproxy, dir, haproxyConfig({ allPort, onePort, backends: nodes.map((n) => ({ name: n.name, port: n.port })), maxconn: SOCKETS + 1500 }));
    proxy = startHaproxy(haproxy, config);
    const all = `http://127.0.0.1:${allPort}`;
    const one = `http://127.0.0.1:${onePort}`;
    for (let i = 0; i < 100; i++) {
      try {
        if ((await fetch(`${all}/readyz`)).status === 200 && (await fetch(`${one}/readyz`)).status === 200) break;
      } catch {
        // HAProxy still starting
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }

    // People and pods.
    const userCount = Math.ceil(SOCKETS / SOCKETS_PER_USER);
    const podCount = Math.ceil(userCount / MEMBERS_PER_POD);
    console.log(`Creating ${userCount} users in ${podCount} pods of ${MEMBERS_PER_POD}…`);
    const users: Array<{ id: string; token: string }> = new Array(userCount);
    await pool([...Array(userCount).keys()], 24, async (i) => {
      const username = `scale${i}x${randomBytes(3).toString('hex')}`;
      const password = 'scale test password';
      await api(all, 'POST', '/api/users', undefined, { email: `${username}@example.test`, username, password });
      const login = await api<{ token: string; user: { id: string } }>(all, 'POST', '/api/users/login', undefined, { username, password });
      users[i] = { id: login.user.id, token: login.token };
    });
    const members: Member[] = [];
    const owners: Member[] = [];
    await pool([...Array(podCount).keys()], 8, async (podIndex) => {
      const group = users.slice(podIndex * MEMBERS_PER_POD, (podIndex + 1) * MEMBERS_PER_POD);
      const pod = await api<{ id: string }>(all, 'POST', '/api/pods', group[0]!.token, { name: `Scale pod ${podIndex}` });
      for (const user of group.slice(1)) {
        const invitation = await api<{ invitationId: string }>(all, 'POST', `/api/pods/${pod.id}/invite`, group[0]!.token, { userId: user.id });
        await api(all, 'POST', `/api/pods/invitations/${invitation.invitationId}/accept`, user.token);
      }
      owners.push({ userId: group[0]!.id, token: group[0]!.token, podId: pod.id });
      for (const user of group) members.push({ userId: user.id, token: user.token, podId: pod.id });
    });

    let counter = 0;
    const startedAt = new Map<number, number>();
    const podOf = new Map<number, string>();

    async function connectAll(base: string): Promise<ScaleClient[]> {
      const opened: ScaleClient[] = [];
      const plan = members.flatMap((member) => Array.from({ length: SOCKETS_PER_USER }, () => member)).slice(0, SOCKETS);
      await pool(plan, 50, async (member) => {
        const client = new ScaleClient(member, base, (n, _c, at) => current?.latencies.push(at - startedAt.get(n)!));
        // Before any traffic: the head of the member's log is where this socket's cursor starts.
        client.cursor = await startCursor(base, member);
        await client.open();
        opened.push(client);
      });
      return opened;
    }

    let current: Phase | undefined;
    async function traffic(base: string, durationMs: number, phase: Phase): Promise<Array<Promise<void>>> {
      const pending: Array<Promise<void>> = [];
      const interval = 1000 / RATE;
      const until = performance.now() + durationMs;
      while (performance.now() < until) {
        const owner = owners[counter % owners.length]!;
        const n = counter++;
        const result: WriteResult = { n, podId: owner.podId, startedAt: performance.now(), outcome: 'pending', attempts: 0, lastStatus: '' };
        startedAt.set(n, result.startedAt);
        podOf.set(n, owner.podId);
        phase.writes.push(result);
        pending.push(writeLikeTheOutbox(base, owner, result, performance.now() + WRITE_DEADLINE_MS));
        await new Promise((resolve) => setTimeout(resolve, interval));
      }
      return pending;
    }

    // Phase 1: one process.
    console.log(`Phase 1: ${SOCKETS} sockets on ONE process, ${RATE} pod messages/s for ${STEADY_MS / 1000} s…`);
    let phaseClients = await connectAll(one);
    const single: Phase = { writes: [], latencies: [] };
    current = single;
    await Promise.all(await traffic(one, STEADY_MS, single));
    await new Promise((resolve) => setTimeout(resolve, 2000));
    for (const client of phaseClients) client.close();

    // Phase 2: three processes, steady, then the kill.
    console.log(`Phase 2: ${SOCKETS} sockets over THREE processes, same load for ${STEADY_MS / 1000} s…`);
    phaseClients = await connectAll(all);
    clients.push(...phaseClients);
    const steady: Phase = { writes: [], latencies: [] };
    current = steady;
    const steadyWrites = await traffic(all, STEADY_MS, steady);
    const victim = nodes[1]!;
    const after: Phase = { writes: [], latencies: [] };
    current = after;
    console.log(`Killing ${victim.name} (SIGKILL) mid-traffic; traffic goes on for ${AFTER_KILL_MS / 1000} s…`);
    const killAt = performance.now();
    const afterWrites = traffic(all, AFTER_KILL_MS, after);
    await victim.kill('SIGKILL');
    await Promise.all([...steadyWrites, ...(await afterWrites)]);
    // Let reconnects and catch-ups finish (bounded).
    const settleUntil = performance.now() + 60_000;
    while (performance.now() < settleUntil && clients.some((c) => c.droppedAt !== undefined && c.caughtUpAt === undefined)) {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    await new Promise((resolve) => setTimeout(resolve, 2000));

    // Accounting.
    const rows = await adminQuery(services.databaseUrl, `SELECT content FROM pod_messages WHERE content LIKE $1`, [`${MARKER}%`]);
    const rowsPer = new Map<number, number>();
    for (const row of rows.rows as Array<{ content: string }>) {
      const n = markerOf(row.content);
      if (n !== undefined) rowsPer.set(n, (rowsPer.get(n) ?? 0) + 1);
    }
    const phase2Writes = [...steady.writes, ...after.writes];
    const committed = phase2Writes.filter((w) => rowsPer.has(w.n));
    const duplicated = [...rowsPer.values()].filter((count) => count > 1).length;
    const failed = phase2Writes.filter((w) => w.outcome !== 'committed');
    const stayed = clients.filter((c) => c.droppedAt === undefined);
    const moved = clients.filter((c) => c.droppedAt !== undefined);
    const missing = (group: ScaleClient[]) => {
      let deliveries = 0;
      const messages = new Set<number>();
      for (const client of group) {
        for (const write of committed) {
          if (write.podId !== client.member.podId || client.seen.has(write.n)) continue;
          deliveries += 1;
          messages.add(write.n);
        }
      }
      return { deliveries, messages: messages.size };
    };
    const lostStaying = missing(stayed);
    const lostMoved = missing(moved);
    const reconnect = moved.filter((c) => c.reopenedAt !== undefined).map((c) => c.reopenedAt! - c.droppedAt!);
    const catchUp = moved.filter((c) => c.caughtUpAt !== undefined).map((c) => c.caughtUpAt! - c.droppedAt!);
    const socketDuplicates = clients.reduce((sum, c) => sum + c.duplicates, 0);

    console.log('\nResults (loopback, 2 cores shared with everything else on this machine)');
    console.log(`  sockets: ${clients.length} over 3 processes; moved by the kill: ${moved.length}; stayed: ${stayed.length}`);
    console.log(`  writes after the 3-process start: ${phase2Writes.length}, committed ${committed.length}, failed ${failed.length}${failed.length ? ` (last answers: ${[...new Set(failed.map((w) => String(w.lastStatus)))].join(', ')})` : ''}, duplicated rows ${duplicated}`);
    console.log(`  lost for clients that stayed connected: ${lostStaying.messages} messages (${lostStaying.deliveries} deliveries)`);
    console.log(`  lost for moved clients after their catch-up: ${lostMoved.messages} messages (${lostMoved.deliveries} deliveries)`);
    console.log(`  duplicate live deliveries to a socket: ${socketDuplicates}`);
    console.log(`  reconnect              p50 ${ms(p(reconnect, 50))}  p99 ${ms(p(reconnect, 99))}  (${reconnect.length}/${moved.length} reconnected)`);
    console.log(`  reconnect + catch-up   p50 ${ms(p(catchUp, 50))}  p99 ${ms(p(catchUp, 99))}  (${catchUp.length}/${moved.length} caught up, ${moved.reduce((sum, c) => sum + c.catchUpRequests, 0)} catch-up requests)`);
    console.log(`  delivery p99: one process ${ms(p(single.latencies, 99))}; three processes before the kill ${ms(p(steady.latencies, 99))}, after it ${ms(p(after.latencies, 99))}`);
    console.log(`  steady ${clients.length} sockets, three processes vs one: delivery p99 ${(p(steady.latencies, 99) / p(single.latencies, 99)).toFixed(2)}x (p50 ${ms(p(steady.latencies, 50))} vs ${ms(p(single.latencies, 50))})`);
    console.log(`  (kill at +${((killAt - (steady.writes[0]?.startedAt ?? killAt)) / 1000).toFixed(1)} s of phase 2)`);
  } finally {
    await cleanup();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    if (error instanceof RerunStarted) return;
    console.error(error);
    process.exit(1);
  },
);
