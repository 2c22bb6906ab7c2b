import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config';

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    expect(loadConfig({}, '/srv/podtable')).toEqual({
      port: 8080,
      host: '127.0.0.1',
      dataDir: path.resolve('/srv/podtable/data'),
      databaseUrl: undefined,
      smtpUrl: undefined,
      mailFrom: 'PodTable <no-reply@podtable.local>',
      appUrl: 'http://localhost:8080',
      staticDir: path.resolve('/srv/podtable/dist'),
      logLevel: 'info',
      trustProxy: false,
      cardApiUrl: 'https://api.scryfall.com',
      redisUrl: undefined,
      rateLimitScale: 1,
      redisPrefix: 'podtable:',
      dbPoolSize: 10,
      dbQueueTimeoutMs: 5000,
      drainWindowMs: 10_000,
      liveTicketSecret: undefined,
      metricsToken: undefined,
      vapidSubject: 'mailto:no-reply@podtable.local',
      pushServiceOrigins: null,
    });
  });

  it('push: VAPID_SUBJECT defaults to an https APP_URL, PUSH_SERVICE_ORIGINS is a list of origins, bad values stop the start', () => {
    expect(loadConfig({ APP_URL: 'https://podtable.example' }).vapidSubject).toBe('https://podtable.example');
    expect(loadConfig({ MAIL_FROM: 'Pods <pods@example.org>' }).vapidSubject).toBe('mailto:pods@example.org');
    expect(loadConfig({ PUSH_SERVICE_ORIGINS: 'https://fcm.googleapis.com, http://127.0.0.1:9999' }).pushServiceOrigins).toEqual([
      'https://fcm.googleapis.com',
      'http://127.0.0.1:9999',
    ]);
    expect(() => loadConfig({ VAPID_SUBJECT: 'http://podtable.example' })).toThrow(/VAPID_SUBJECT must be an https: or mailto: URL/);
    expect(() => loadConfig({ PUSH_SERVICE_ORIGINS: 'https://push.example/path' })).toThrow(/PUSH_SERVICE_ORIGINS must list origins/);
  });

  it('reads every variable; APP_URL defaults to the port and loses a trailing slash', () => {
    const config = loadConfig(
      {
        PORT: '9000',
        HOST: '0.0.0.0',
        DATA_DIR: '/var/lib/podtable',
        DATABASE_URL: 'postgres://db/podtable',
        SMTP_URL: 'smtp://mail:587',
        APP_URL: 'https://podtable.example/',
        STATIC_DIR: 'build',
        LOG_LEVEL: 'DEBUG',
        TRUST_PROXY: 'true',
        REDIS_URL: 'redis://cache:6379',
        RATE_LIMIT_SCALE: '50',
        REDIS_PREFIX: 'pt-staging:',
        DB_POOL_SIZE: '25',
        DB_QUEUE_TIMEOUT_MS: '1500',
        DRAIN_WINDOW_MS: '0',
        LIVE_TICKET_SECRET: 's'.repeat(32),
        METRICS_TOKEN: 'scrape-me',
      },
      '/srv',
    );
    expect(config).toMatchObject({
      port: 9000,
      host: '0.0.0.0',
      dataDir: '/var/lib/podtable',
      databaseUrl: 'postgres://db/podtable',
      smtpUrl: 'smtp://mail:587',
      appUrl: 'https://podtable.example',
      staticDir: '/srv/build',
      logLevel: 'debug',
      trustProxy: true,
      redisUrl: 'redis://cache:6379',
      rateLimitScale: 50,
      redisPrefix: 'pt-staging:',
      dbPoolSize: 25,
      dbQueueTimeoutMs: 1500,
      drainWindowMs: 0,
      liveTicketSecret: 's'.repeat(32),
      metricsToken: 'scrape-me',
    });
    expect(loadConfig({ PORT: '9001' }).appUrl).toBe('http://localhost:9001');
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT must be a port number'],
    [{ PORT: '70000' }, 'PORT must be a port number'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL must be one of'],
    [{ APP_URL: 'podtable.example' }, 'APP_URL must be an absolute URL'],
    [{ RATE_LIMIT_SCALE: '0.5' }, 'RATE_LIMIT_SCALE must be a number from 1 to 10000'],
    [{ REDIS_URL: 'cache:6379' }, 'REDIS_URL must be a redis:// or rediss:// URL'],
    [{ DB_POOL_SIZE: '0' }, 'DB_POOL_SIZE must be a whole number from 1 to 1000'],
    [{ DB_QUEUE_TIMEOUT_MS: 'soon' }, 'DB_QUEUE_TIMEOUT_MS must be a whole number'],
    [{ DRAIN_WINDOW_MS: '-1' }, 'DRAIN_WINDOW_MS must be a whole number'],
    [{ LIVE_TICKET_SECRET: 'short' }, 'LIVE_TICKET_SECRET must be at least 32 characters'],
  ])('refuses %j with a message naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});
