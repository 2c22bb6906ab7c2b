/**
 * `npm run bench`: each figure next to a reference measured in the same run, as a ratio
 * (design.md: never a pass/fail on an absolute time). Loopback only, bounded: 1,000 sockets,
 * 30 fan-out messages, 1,000 queued messages. The server runs as its own process on an
 * embedded database in a temporary DATA_DIR.
 */
import { ServerProcess } from '../tests/e2e/server-process';
import { bareWsFanout, MESSAGES, podTableFanout, SOCKETS } from './live-fanout';
import { QUEUED, replayVersusOnline } from './replay';
import { fmt } from './stats';

async function account(baseUrl: string, name: string) {
  const username = `${name}${Date.now().toString(36)}`;
  const password = 'bench password 1';
  const created = await fetch(`${baseUrl}/api/users`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, email: `${username}@example.test`, password }),
  });
  if (created.status !== 201) throw new Error(`register answered ${created.status}`);
  const login = await fetch(`${baseUrl}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  const body = (await login.json()) as { token: string; user: { id: string } };
  return { id: body.user.id, username, token: body.token };
}

const server = new ServerProcess();
try {
  await server.start();
  const sender = await account(server.url, 'sender');
  const receiver = await account(server.url, 'receiver');

  console.log(`Live fan-out: ${MESSAGES} messages, each to ${SOCKETS} sockets (loopback)`);
  const bare = await bareWsFanout();
  const ours = await podTableFanout(server.url, sender, receiver);
  console.log('                      p50 ms   p99 ms   deliveries/s');
  console.log(`  bare ws broadcast   ${fmt(bare.p50).padStart(6)}   ${fmt(bare.p99).padStart(6)}   ${fmt(bare.deliveriesPerSecond, 0).padStart(12)}`);
  console.log(`  PodTable POST+hub   ${fmt(ours.p50).padStart(6)}   ${fmt(ours.p99).padStart(6)}   ${fmt(ours.deliveriesPerSecond, 0).padStart(12)}`);
  console.log(`  ratio (ours/bare)   ${fmt(ours.p50 / bare.p50, 2).padStart(6)}x  ${fmt(ours.p99 / bare.p99, 2).padStart(6)}x  ${fmt(ours.deliveriesPerSecond / bare.deliveriesPerSecond, 2).padStart(11)}x`);

  console.log(`\nOutbox replay: ${QUEUED} direct messages queued offline, then sent`);
  const replay = await replayVersusOnline(server.url, sender, receiver.id);
  console.log(`  sent online (fetch, one by one)   ${fmt(replay.onlineMs, 0).padStart(7)} ms  (${fmt((QUEUED / replay.onlineMs) * 1000, 0)} msg/s)`);
  console.log(`  replayed from the outbox          ${fmt(replay.replayMs, 0).padStart(7)} ms  (${fmt((QUEUED / replay.replayMs) * 1000, 0)} msg/s)`);
  console.log(`  ratio (replay/online)             ${fmt(replay.replayMs / replay.onlineMs, 2).padStart(7)}x`);
} finally {
  await server.dispose();
}
