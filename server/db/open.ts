/**
 * Opens the database and applies the migrations: PGlite in DATA_DIR/pgdata by default, a
 * PostgreSQL pool when DATABASE_URL is set. One migrations folder serves both.
 * PGlite has no lock on its folder: take `acquireDataDirLock` (lock.ts) before `openEmbedded`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { sql } from 'drizzle-orm';
import { createMeasuredPool, gatePglite, type PoolMonitor } from './backpressure';
import * as schema from './schema';
import type { Db } from './types';

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

/** Serialises migrations of several server processes starting at once against one PostgreSQL. */
const MIGRATION_ADVISORY_LOCK = 7_303_202_401;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Connection waits (metrics) and the queue length. */
  pool: PoolMonitor;
  /** Resolves when the database answers a trivial query (readiness). */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface PoolOptions {
  /** PostgreSQL connections per process; the embedded database has one whatever this says. */
  poolSize?: number;
  /** Longest wait for a connection before DatabaseBusyError (503). */
  queueTimeoutMs?: number;
}

export const DEFAULT_POOL_SIZE = 10;
export const DEFAULT_QUEUE_TIMEOUT_MS = 5000;

interface ErrorLog {
  error(obj: object, msg: string): void;
}

/** Wraps an open PGlite (a folder-backed one, or an in-memory clone in tests) and migrates it. */
export async function usePglite(client: PGlite, options: { migrate?: boolean } & PoolOptions = {}): Promise<Database> {
  const gated = gatePglite(client, options.queueTimeoutMs ?? DEFAULT_QUEUE_TIMEOUT_MS);
  const db = drizzlePglite({ client: gated.client, schema });
  if (options.migrate !== false) await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
  return {
    db,
    kind: 'pglite',
    pool: gated.monitor,
    ping: async () => void (await db.execute(sql`SELECT 1`)),
    async close() {
      if (!client.closed) await client.close();
    },
  };
}

export async function openEmbedded(dataDir: string, options: PoolOptions = {}): Promise<Database> {
  const folder = path.join(dataDir, 'pgdata');
  fs.mkdirSync(folder, { recursive: true });
  const client = await PGlite.create(folder);
  try {
    return await usePglite(client, options);
  } catch (error) {
    await client.close().catch(() => undefined);
    throw error;
  }
}

/**
 * libpq (psql) falls back to the OS user when the URL names none; `pg` reads $USER, which
 * is unset under some service managers and containers. Do what psql does.
 */
export function withDefaultUser(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.username || process.env.PGUSER) return url;
    parsed.username = process.env.USER || os.userInfo().username;
    return parsed.toString();
  } catch {
    return url;
  }
}

export async function openPostgres(url: string, log?: ErrorLog, options: PoolOptions = {}): Promise<Database> {
  // DB_POOL_SIZE (default 10) connections per process; PostgreSQL's default max_connections
  // is 100, shared by every process (and each process's LISTEN connection).
  const { pool, monitor } = createMeasuredPool({
    connectionString: withDefaultUser(url),
    max: options.poolSize ?? DEFAULT_POOL_SIZE,
    connectionTimeoutMillis: options.queueTimeoutMs ?? DEFAULT_QUEUE_TIMEOUT_MS,
  });
  // Without a listener an idle client's error (PostgreSQL restarted) crashes the process.
  pool.on('error', (error) => log?.error({ err: { message: error.message } }, 'PostgreSQL pool error'));
  try {
    const client = await pool.connect();
    try {
      await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_ADVISORY_LOCK]);
      try {
        await migratePg(drizzlePg({ client, schema }), { migrationsFolder: MIGRATIONS_FOLDER });
      } finally {
        await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_ADVISORY_LOCK]);
      }
    } finally {
      client.release();
    }
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw error;
  }
  const db = drizzlePg({ client: pool, schema });
  return {
    db,
    kind: 'postgres',
    pool: monitor,
    ping: async () => void (await pool.query('SELECT 1')),
    close: () => pool.end(),
  };
}
