/**
 * The least a durable, rate-limited write can cost on this PostgreSQL and this machine, measured
 * in the same run as the REST figures, one statement at a time for FLOOR_MS each:
 * - a one-row INSERT into a logged table (synchronous commit: one WAL flush each), as every
 *   accepted message is stored;
 * - a one-row counter upsert on a connection with `synchronous_commit=off`, as the write limit's
 *   counters commit (server/limits/backend.ts).
 * A sequential message POST pays at least one INSERT, the bare server's HTTP round trip, and a
 * share of a counter round trip: the write budgets are spent in leases (server/limits/lease.ts),
 * one counter round trip per LEASE_MAX writes at the bench's budgets. So
 * `bestRatio` is the highest POST ratio any server could print here without giving up durability
 * or a shared write limit. It is a bound, not a target: the real POST also authenticates, checks
 * membership, claims the mutation id and appends to each recipient's change log.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { LEASE_MAX } from '../server/limits/lease';

export const FLOOR_MS = 2000;

export interface DurableFloor {
  /** Mean ms per durable one-row INSERT round trip. */
  insertMs: number;
  /** Mean ms per counter upsert round trip (synchronous_commit=off). */
  counterMs: number;
}

async function meanMs(client: pg.Client, text: string, values: () => unknown[]): Promise<number> {
  const name = `floor_${randomBytes(4).toString('hex')}`;
  let done = 0;
  const started = performance.now();
  while (performance.now() - started < FLOOR_MS) {
    await client.query({ name, text, values: values() });
    done += 1;
  }
  return (performance.now() - started) / done;
}

export async function durableFloor(databaseUrl: string): Promise<DurableFloor> {
  const table = `bench_floor_${randomBytes(4).toString('hex')}`;
  const durable = new pg.Client({ connectionString: databaseUrl });
  const counting = new pg.Client({ connectionString: databaseUrl, options: '-c synchronous_commit=off' });
  await durable.connect();
  await counting.connect();
  try {
    await durable.query(`create table ${table} (id bigserial primary key, key text unique, points int not null default 1, body text)`);
    let row = 0;
    const insertMs = await meanMs(durable, `insert into ${table} (body) values ($1)`, () => [`floor ${row++}`]);
    const counterMs = await meanMs(counting, `insert into ${table} (key) values ($1) on conflict (key) do update set points = ${table}.points + 1 returning points`, () => ['counter']);
    return { insertMs, counterMs };
  } finally {
    await durable.query(`drop table if exists ${table}`).catch(() => undefined);
    await Promise.all([durable.end(), counting.end()]);
  }
}

/** A POST's share of one counter round trip (a lease of LEASE_MAX points serves LEASE_MAX writes). */
export const counterShareMs = (floor: DurableFloor) => floor.counterMs / LEASE_MAX;

/** The POST ratio the floor allows: bare HTTP round trip + one durable INSERT + a share of a counter round trip. */
export function bestPostRatio(bareRequestsPerSecond: number, floor: DurableFloor): number {
  const bareMs = 1000 / bareRequestsPerSecond;
  return bareMs / (bareMs + floor.insertMs + counterShareMs(floor));
}
