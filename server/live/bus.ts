/** Picks the live transport: Redis when REDIS_URL is set, else LISTEN/NOTIFY on DATABASE_URL, else in-process. */
import type { Config } from '../config';
import type { Db } from '../db/types';
import { createPostgresTransport } from './pg-transport';
import { createRedisTransport } from './redis-transport';
import { createLocalTransport, type BusMetrics, type LiveTransport, type TransportLog } from './transport';

export interface BusOptions {
  config: Pick<Config, 'redisUrl' | 'redisPrefix' | 'databaseUrl'>;
  db: Db;
  log: TransportLog;
  metrics?: BusMetrics;
}

export async function createTransport(options: BusOptions): Promise<LiveTransport> {
  const { config, db, log, metrics } = options;
  if (config.redisUrl) return createRedisTransport({ url: config.redisUrl, prefix: config.redisPrefix, log, metrics });
  if (config.databaseUrl) return createPostgresTransport({ url: config.databaseUrl, db, log, metrics });
  return createLocalTransport();
}

export function transportKind(config: Pick<Config, 'redisUrl' | 'databaseUrl'>): 'redis' | 'postgres' | 'in-process' {
  return config.redisUrl ? 'redis' : config.databaseUrl ? 'postgres' : 'in-process';
}
