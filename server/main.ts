/**
 * `node --import tsx server/main.ts`: configuration → DATA_DIR lock (embedded database only)
 * → database with migrations → listen. SIGINT/SIGTERM close in reverse order; a second
 * signal exits at once. Data is safe after kill -9 too: PGlite writes through to DATA_DIR and
 * the next start takes over the stale lock.
 */
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { DataDirLockedError, acquireDataDirLock, type DataDirLock } from './db/lock';
import { openEmbedded, openPostgres, type Database } from './db/open';
import { createMailer } from './mail';

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
    database = config.databaseUrl ? await openPostgres(config.databaseUrl) : await openEmbedded(config.dataDir);
  } catch (error) {
    lock?.release();
    const where = config.databaseUrl ? 'the PostgreSQL at DATABASE_URL' : `the embedded database in ${config.dataDir}`;
    fail(`Could not open ${where}: ${(error as Error).message}`);
  }

  const app = await buildApp({
    db: database.db,
    config,
    mailer: createMailer({
      smtpUrl: config.smtpUrl,
      dataDir: config.dataDir,
      from: config.mailFrom,
      log: { info: (obj, msg) => app.log.info(obj, msg) },
    }),
  });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) process.exit(1);
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    try {
      await app.close();
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
    { database: database.kind, dataDir: config.dataDir, mail: config.smtpUrl ? 'smtp' : 'outbox', appUrl: config.appUrl },
    'PodTable server ready',
  );
}

await main();
