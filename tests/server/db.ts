/**
 * A fresh, migrated database per test server. Embedded: ONE in-memory PGlite is migrated per
 * process and cloned for each server (a clone costs ~0.4 s, a fresh PGlite with migrations
 * ~2 s). With TEST_DATABASE_URL: a new database `podtable_t_<random>` on that PostgreSQL per
 * server, dropped when the server closes, so runs never see each other's rows.
 */
import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openPostgres, usePglite, withDefaultUser, type Database, type PoolOptions } from '../../server/db/open';

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL?.trim() || undefined;
export const DB_KIND = TEST_DATABASE_URL ? 'postgres' : 'pglite';

let template: Promise<PGlite> | undefined;

function migratedTemplate(): Promise<PGlite> {
  template ??= (async () => {
    const client = await PGlite.create();
    await usePglite(client);
    return client;
  })();
  return template;
}

async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: withDefaultUser(TEST_DATABASE_URL!) });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

export async function createTestDatabase(pool: PoolOptions = {}): Promise<Database> {
  if (!TEST_DATABASE_URL) {
    const clone = (await (await migratedTemplate()).clone()) as PGlite;
    return usePglite(clone, { migrate: false, ...pool });
  }
  const name = `podtable_t_${randomBytes(6).toString('hex')}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  const url = new URL(withDefaultUser(TEST_DATABASE_URL));
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString(), undefined, pool);
  return {
    ...database,
    async close() {
      await database.close();
      await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}
