/**
 * `node --import tsx server/main.ts`: configuration → DATA_DIR lock (embedded database only)
 * → database with migrations → listen. SIGTERM drains (ops/lifecycle.ts: readiness off, new
 * connections refused, live sockets closed with 1012 over DRAIN_WINDOW_MS, requests in flight
 * finish); SIGINT (Ctrl-C) closes without the window. A second signal exits at once. Data is
 * safe after kill -9 too: PGlite writes through to DATA_DIR and the next start takes over the
 * stale lock.
 */
import { buildApp } from './app';
import { transportKind } from './live/bus';
import { ConfigError, loadConfig } from './config';
import { DataDirLockedError, acquireDataDirLock, type DataDirLock } from './db/lock';
import { openEmbedded, openPostgres, type Database } from './db/open';
import { createMailer } from './mail';
import { backfillUsernameKeys } from './users/backfill-username-keys';
import { maskStoredGuestEmails } from './games/mask-stored-guest-emails';
import { drain } from './ops/lifecycle';

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }

  let lock: DataDirLock | undefined;
  if (!config.databaseUrl) {
    try {
      lock = acquireDataDirLock(config.dataDir);
    } catch (error) {
      if (error instanceof DataDirLockedError) fail(error.message);
      throw error;
    }
  }

  let database: Database;
  try {
    const pool = { poolSize: config.dbPoolSize, queueTimeoutMs: config.dbQueueTimeoutMs };
    database = config.databaseUrl
      ? await openPostgres(config.databaseUrl, { error: (obj, msg) => process.stderr.write(`${msg}: ${JSON.stringify(obj)}\n`) }, pool)
      : await openEmbedded(config.dataDir, pool);
  } catch (error) {
    lock?.release();
    const where = config.databaseUrl ? 'the PostgreSQL at DATABASE_URL' : `the embedded database in ${config.dataDir}`;
    fail(`Could not open ${where}: ${(error as Error).message}`);
  }

  try {
    await backfillUsernameKeys(database.db);
    await maskStoredGuestEmails(database.db);
  } catch (error) {
    await database.close().catch(() => undefined);
    lock?.release();
    fail(`Could not prepare the database: ${(error as Error).message}`);
  }

  const app = await buildApp({
    db: database.db,
    database,
    processMetrics: true,
    config,
    mailer: createMailer({
      smtpUrl: config.smtpUrl,
      dataDir: config.dataDir,
      from: config.mailFrom,
      log: { info: (obj, msg) => app.log.info(obj, msg), debug: (obj, msg) => app.log.debug(obj, msg), warn: (obj, msg) => app.log.warn(obj, msg) },
    }),
  });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) process.exit(1);
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    try {
      await drain(app, signal === 'SIGTERM' ? config.drainWindowMs : 0);
      await database.close();
    } catch (error) {
      app.log.error({ err: error }, 'error while shutting down');
    } finally {
      lock?.release();
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    app.log.error({ err: error }, 'could not listen');
    await database.close().catch(() => undefined);
    lock?.release();
    fail(`Could not listen on ${config.host}:${config.port}: ${(error as Error).message}`);
  }
  app.log.info(
    {
      database: database.kind,
      liveBus: transportKind(config),
      dataDir: config.dataDir,
      mail: config.smtpUrl ? 'smtp' : 'outbox',
      appUrl: config.appUrl,
    },
    'PodTable server ready',
  );
}

await main();
