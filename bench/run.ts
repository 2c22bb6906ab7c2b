/**
 * `npm run bench`: each figure next to a reference measured in the same run, as a ratio
 * (docs/architecture.md, "Conventions": never a pass/fail on an absolute time), or, for
 * first-load bytes and scores, next to the figure measured before the work and its budget
 * (first-load-report.ts). Loopback only,
 * bounded: 1,000 sockets, 5 rounds of 100 fan-out messages, 1,000 queued messages, 3 rounds of 3 s per REST figure, 120
 * taps in Chromium, 20 server kills mid-replay (each restart ~10 s on PGlite), a 10 s write flood and a 9 s WebSocket flood. The app is built first; the server runs as its own process at
 * LOG_LEVEL=info (the production default) on an embedded database in a temporary DATA_DIR, and
 * again on PostgreSQL (a fresh database, dropped afterwards) when TEST_DATABASE_URL is set.
 * Per-user write limits are scaled out of the way (RATE_LIMIT_SCALE) except in the two flood
 * figures, which measure them.
 */
import os from 'node:os';
import { ServerProcess } from '../tests/e2e/server-process';
import { account } from './accounts';
import { crashReplay, KILL_WINDOW_MS, QUEUED as CRASH_QUEUED, ROUNDS as CRASH_ROUNDS } from './crash-replay';
import { FLOOD_CONNECTIONS, OTHERS, PACE_MS, PHASE_MS, floodRun } from './flood';
import { buildApp, reportFirstLoad } from './first-load-report';
import { printWsFlood } from './flood-ws-report';
import { printFanout } from './fanout-report';
import { DEVICES, PUSH_MESSAGES, PUSH_SERVICE_DELAY_MS, pushCost } from './push';
import { printReplay } from './replay-report';
import { fmt, median } from './stats';
import { TAPS, tapPaint } from './tap-paint';
import { BENCH_ENV, machineLine } from './env';
import { printRest, printRestOnPostgres } from './rest-report';

console.log(machineLine());
buildApp();
const server = new ServerProcess(BENCH_ENV);
try {
  await server.start();
  await reportFirstLoad(server);
  console.log('');
  await printFanout(server.url);
  const sender = await account(server.url, 'sender');
  const receiver = await account(server.url, 'receiver');

  await printRest('the embedded database', server);

  await printReplay(server.port, sender, receiver.id);

  console.log(`\nTaps paint first: click → painted frame, ${TAPS} taps each, Chromium 360×640, a 4-player game`);
  const taps = await tapPaint(server.url, { ...sender, password: sender.password });
  console.log('                                 p50 ms   p95 ms');
  console.log(`  plain button (reference)        ${fmt(taps.reference.p50).padStart(6)}   ${fmt(taps.reference.p95).padStart(6)}`);
  console.log(`  playmat life tap                ${fmt(taps.playmat.p50).padStart(6)}   ${fmt(taps.playmat.p95).padStart(6)}`);
  console.log(`  ratio (playmat/button)          ${fmt(taps.playmat.p50 / taps.reference.p50, 2).padStart(5)}x   ${fmt(taps.playmat.p95 / taps.reference.p95, 2).padStart(5)}x (target p95 ≤ 1.2x)`);
  console.log(`  of which click → DOM changed    ${fmt(taps.commit.reference).padStart(6)} (button)  ${fmt(taps.commit.playmat)} (playmat), p50`);

  console.log(`\nKill the server mid-replay: ${CRASH_ROUNDS} rounds of ${CRASH_QUEUED} queued direct messages, SIGKILL 0–${KILL_WINDOW_MS} ms after the 1st or 2nd push, restart on the same DATA_DIR`);
  const crash = await crashReplay(server, sender);
  const killedMid = crash.rounds.filter((round) => round.waitingAtKill > 0).length;
  console.log(`  lost / duplicated / left failed   ${crash.lost} / ${crash.duplicated} / ${crash.failed}  (target 0 / 0 / 0, over ${CRASH_ROUNDS * CRASH_QUEUED} writes)`);
  console.log(`  kills with writes still queued    ${killedMid} of ${CRASH_ROUNDS}`);
  console.log(`  per round, median                 ${fmt(median(crash.rounds.map((round) => round.replayMs)), 0)} ms to drain, of which ${fmt(median(crash.rounds.map((round) => round.restartMs)), 0)} ms restarting; ${median(crash.rounds.map((round) => round.requests))} push requests`);
} finally {
  await server.dispose();
}

await printRestOnPostgres(BENCH_ENV);

console.log(`\nMachine load average before the flood runs: ${os.loadavg().map((n) => n.toFixed(1)).join(' / ')} (1/5/15 min, ${os.cpus().length} cores)`);
console.log(`Flood: ${OTHERS} users send direct messages one at a time (one every ${PACE_MS} ms); then one more user floods from ${FLOOD_CONNECTIONS} connections for ${PHASE_MS / 1000} s`);
console.log('                           others p50 idle   others p50 flood   ratio   others p99 flood   flooder sent / accepted / 429');
for (const [label, scale] of [['PodTable (limits on)', 1], ['limits scaled off', 10_000]] as const) {
  const result = await floodRun(scale);
  console.log(
    `  ${label.padEnd(24)} ${fmt(result.idleP50).padStart(10)} ms   ${fmt(result.floodP50).padStart(12)} ms   ${fmt(result.floodP50 / result.idleP50, 2).padStart(5)}x   ${fmt(result.floodP99).padStart(12)} ms   ${result.flooderSent} / ${result.flooderAccepted} / ${result.flooderRefused}`,
  );
}

await printWsFlood();

console.log(`\nPush notifications: ${PUSH_MESSAGES} direct messages, answer time of the POST (loopback)`);
const push = await pushCost();
console.log('                                              p50 ms   p99 ms');
console.log(`  receiver without push subscriptions        ${fmt(push.reference.p50).padStart(6)}   ${fmt(push.reference.p99).padStart(6)}`);
console.log(`  receiver with ${DEVICES} devices (${PUSH_SERVICE_DELAY_MS} ms push service) ${fmt(push.withPush.p50).padStart(6)}   ${fmt(push.withPush.p99).padStart(6)}`);
console.log(`  ratio (with/without)                       ${fmt(push.withPush.p50 / push.reference.p50, 2).padStart(6)}x  ${fmt(push.withPush.p99 / push.reference.p99, 2).padStart(6)}x`);
console.log(`  ${push.pushes} pushes encrypted, sent and decrypted in ${fmt(push.drainMs, 0)} ms after the first POST (${fmt((push.pushes / push.drainMs) * 1000, 0)}/s)`);
