/**
 * The REST figures of `npm run bench` (rest.ts against a bare node:http server), printed for a
 * running server, and the same on a fresh PostgreSQL database when TEST_DATABASE_URL is set
 * (with the POST also measured on the floor of a durable, rate-limited POST in the same rounds:
 * durable-floor-server.ts).
 * `npm run bench -- --only=rest,postgres` runs only these.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { withDefaultUser } from '../server/db/open';
import { ServerProcess } from '../tests/e2e/server-process';
import { account } from './accounts';
import { LEASE_MAX } from '../server/limits/lease';
import { DURATION_MS, READ_CONCURRENCY, REST_ROUNDS, restVersusBare, WARMUP_PASS_MS, type RestRound } from './rest';
import { fmt, median } from './stats';

export async function printRest(label: string, server: ServerProcess, databaseUrl?: string): Promise<void> {
  const user = await account(server.url, 'rest');
  console.log(`\nREST on ${label}: requests/s, ${DURATION_MS / 1000} s each (after ${WARMUP_PASS_MS / 1000} s of each unmeasured on both servers), reads ${READ_CONCURRENCY} in flight, the POST one at a time; ${REST_ROUNDS} rounds, medians`);
  console.log('                                                PodTable   bare node:http   ratio    (rounds)');
  const figures = await restVersusBare(server.url, user, databaseUrl);
  const ratioOf = (rounds: RestRound[]) => median(rounds.map((round) => round.ours / round.bare));
  for (const { name, rounds } of figures) {
    const ours = median(rounds.map((round) => round.ours));
    const bare = median(rounds.map((round) => round.bare));
    console.log(`  ${name.padEnd(44)} ${fmt(ours, 0).padStart(8)}   ${fmt(bare, 0).padStart(14)}   ${fmt(ratioOf(rounds), 3).padStart(6)}x  (${rounds.map((round) => fmt(round.ours / round.bare, 3)).join(' / ')})`);
  }
  const post = figures.find((figure) => figure.name.startsWith('POST'));
  const floorRounds = post?.rounds.flatMap((round) => (round.floor === undefined ? [] : [{ ...round, floor: round.floor }])) ?? [];
  if (post && floorRounds.length > 0) {
    const floor = median(floorRounds.map((round) => round.floor));
    const ours = median(post.rounds.map((round) => round.ours));
    console.log(
      `  floor: bare node:http + one durable INSERT a POST (+ a limit counter every ${LEASE_MAX}, sent ahead) ${fmt(floor, 0).padStart(8)}   ${fmt(1000 / floor, 3)} ms a POST = at best ${fmt(median(floorRounds.map((round) => round.floor / round.bare)), 3)}x bare  (${floorRounds.map((round) => fmt(round.floor / round.bare, 3)).join(' / ')})`,
    );
    console.log(`    PodTable ${fmt(1000 / ours, 3)} ms a POST = ${fmt(median(floorRounds.map((round) => round.ours / round.floor)), 3)}x the floor's POSTs/s  (${floorRounds.map((round) => fmt(round.ours / round.floor, 3)).join(' / ')})`);
  }
}

async function adminQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: withDefaultUser(url) });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/**
 * The REST figures on a fresh PostgreSQL database (dropped afterwards) when TEST_DATABASE_URL is
 * set; and again with Redis for the live bus and the counters when TEST_REDIS_URL is set too
 * (the scale-out setup of docs/operations.md).
 */
export async function printRestOnPostgres(env: NodeJS.ProcessEnv): Promise<void> {
  const postgresUrl = process.env.TEST_DATABASE_URL?.trim();
  if (!postgresUrl) {
    console.log('\n(REST on PostgreSQL: set TEST_DATABASE_URL to measure it too.)');
    return;
  }
  const redisUrl = process.env.TEST_REDIS_URL?.trim();
  const setups = [{ label: 'PostgreSQL (live bus and counters in PostgreSQL)', extra: {} }];
  if (redisUrl) setups.push({ label: 'PostgreSQL + Redis (live bus and counters in Redis)', extra: { REDIS_URL: redisUrl } });
  for (const { label, extra } of setups) {
    const name = `podtable_bench_${randomBytes(4).toString('hex')}`;
    await adminQuery(postgresUrl, `CREATE DATABASE ${name}`);
    const url = new URL(withDefaultUser(postgresUrl));
    url.pathname = `/${name}`;
    const onPostgres = new ServerProcess({ ...env, ...extra, DATABASE_URL: url.toString() });
    try {
      await onPostgres.start();
      await printRest(label, onPostgres, url.toString());
    } finally {
      await onPostgres.dispose();
      await adminQuery(postgresUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    }
  }
  if (!redisUrl) console.log('\n(REST on PostgreSQL + Redis: set TEST_REDIS_URL to measure it too.)');
}
