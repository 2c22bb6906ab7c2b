/**
 * The REST figures of `npm run bench` (rest.ts against a bare node:http server), printed for a
 * running server, and the same on a fresh PostgreSQL database when TEST_DATABASE_URL is set
 * (with the floor of a durable, rate-limited POST measured in the same run: durable-floor.ts).
 * `npm run bench:rest` runs only these (rest-only.ts).
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { withDefaultUser } from '../server/db/open';
import { ServerProcess } from '../tests/e2e/server-process';
import { account } from './accounts';
import { bestPostRatio, durableFloor } from './durable-floor';
import { DURATION_MS, READ_CONCURRENCY, REST_ROUNDS, restVersusBare, type RestRound } from './rest';
import { fmt, median } from './stats';

export async function printRest(label: string, server: ServerProcess, databaseUrl?: string): Promise<void> {
  const user = await account(server.url, 'rest');
  console.log(`\nREST on ${label}: requests/s, ${DURATION_MS / 1000} s each, reads ${READ_CONCURRENCY} in flight, the POST one at a time; ${REST_ROUNDS} rounds, medians`);
  console.log('                                                PodTable   bare node:http   ratio    (rounds)');
  const figures = await restVersusBare(server.url, user);
  const ratioOf = (rounds: RestRound[]) => median(rounds.map((round) => round.ours / round.bare));
  for (const { name, rounds } of figures) {
    const ours = median(rounds.map((round) => round.ours));
    const bare = median(rounds.map((round) => round.bare));
    console.log(`  ${name.padEnd(44)} ${fmt(ours, 0).padStart(8)}   ${fmt(bare, 0).padStart(14)}   ${fmt(ratioOf(rounds), 3).padStart(6)}x  (${rounds.map((round) => fmt(round.ours / round.bare, 3)).join(' / ')})`);
  }
  const post = figures.find((figure) => figure.name.startsWith('POST'));
  if (databaseUrl && post) {
    const floor = await durableFloor(databaseUrl);
    const bare = median(post.rounds.map((round) => round.bare));
    const ours = median(post.rounds.map((round) => round.ours));
    console.log(`  floor of a durable, rate-limited POST here: bare HTTP ${fmt(1000 / bare, 3)} ms + durable INSERT ${fmt(floor.insertMs, 3)} ms + limit counter ${fmt(floor.counterMs, 3)} ms`);
    console.log(`    = at best ${fmt(bestPostRatio(bare, floor), 3)}x bare (PodTable ${fmt(ratioOf(post.rounds), 3)}x, ${fmt(1000 / ours, 2)} ms per POST)`);
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

/** The REST figures on a fresh PostgreSQL database (dropped afterwards), when TEST_DATABASE_URL is set. */
export async function printRestOnPostgres(env: NodeJS.ProcessEnv): Promise<void> {
  const postgresUrl = process.env.TEST_DATABASE_URL?.trim();
  if (postgresUrl) {
    const name = `podtable_bench_${randomBytes(4).toString('hex')}`;
    await adminQuery(postgresUrl, `CREATE DATABASE ${name}`);
    const url = new URL(withDefaultUser(postgresUrl));
    url.pathname = `/${name}`;
    const onPostgres = new ServerProcess({ ...env, DATABASE_URL: url.toString() });
    try {
      await onPostgres.start();
      await printRest('PostgreSQL', onPostgres, url.toString());
    } finally {
      await onPostgres.dispose();
      await adminQuery(postgresUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    }
  } else {
    console.log('\n(REST on PostgreSQL: set TEST_DATABASE_URL to measure it too.)');
  }
}
