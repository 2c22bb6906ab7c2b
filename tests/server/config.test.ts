import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config';
import { fastifyTrustProxy } from '../../server/trust-proxy';

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
      requestTimeoutMs: 60_000,
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
      pushAllowPrivate: false,
    });
  });

  it('push: VAPID_SUBJECT defaults to an https APP_URL, PUSH_SERVICE_ORIGINS is a list of origins, bad values stop the start', () => {
    expect(loadConfig({ APP_URL: 'https://podtable.example' }).vapidSubject).toBe('https://podtable.example');
    expect(loadConfig({ MAIL_FROM: 'Pods <pods@example.org>' }).vapidSubject).toBe('mailto:pods@example.org');
    expect(loadConfig({ PUSH_SERVICE_ORIGINS: 'https://fcm.googleapis.com, http://127.0.0.1:9999', PUSH_ALLOW_PRIVATE: '1' }).pushServiceOrigins).toEqual([
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
        TRUST_PROXY: '1',
        REQUEST_TIMEOUT_MS: '30000',
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
      trustProxy: 1,
      requestTimeoutMs: 30_000,
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

  it('TRUST_PROXY: off by default, a hop count, or a list of addresses/CIDRs', () => {
    for (const off of ['', ' ', '0', 'false', 'no', 'off']) expect(loadConfig({ TRUST_PROXY: off }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: ' 2 ' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1 ,fd00::/8' }).trustProxy).toEqual(['10.0.0.0/8', '127.0.0.1', '::1', 'fd00::/8']);
    expect(loadConfig({ TRUST_PROXY: 'loopback,uniquelocal' }).trustProxy).toEqual(['loopback', 'uniquelocal']);
  });

  it('TRUST_PROXY: a hop count reaches Fastify as a trust function for exactly that many hops (Fastify ignores a bare number)', () => {
    const trust = fastifyTrustProxy(loadConfig({ TRUST_PROXY: '1' }).trustProxy);
    expect(typeof trust).toBe('function');
    const byHop = trust as (address: string, hop: number) => boolean;
    expect(byHop('10.1.2.3', 0)).toBe(true);
    expect(byHop('203.0.113.9', 1)).toBe(false);
    expect(fastifyTrustProxy(loadConfig({ TRUST_PROXY: '10.0.0.0/8' }).trustProxy)).toEqual(['10.0.0.0/8']);
    expect(fastifyTrustProxy(loadConfig({}).trustProxy)).toBe(false);
  });

  it.each(['true', 'TRUE', 'yes', 'all', 'on', '*'])('TRUST_PROXY=%s (trust every hop, spoofable) stops the start', (value) => {
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(ConfigError);
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY="[^"]+" would trust every hop/);
  });

  it.each([
    [{ TRUST_PROXY: 'proxy.internal' }, 'TRUST_PROXY must be a hop count'],
    [{ TRUST_PROXY: '10.0.0.0/33' }, 'TRUST_PROXY must be a hop count'],
    [{ TRUST_PROXY: '10.0.0.1/8/2' }, 'TRUST_PROXY must be a hop count'],
    [{ TRUST_PROXY: '11' }, 'TRUST_PROXY must be a hop count from 1 to 10'],
    [{ TRUST_PROXY: '-1' }, 'TRUST_PROXY must be a hop count'],
    [{ REQUEST_TIMEOUT_MS: '0' }, 'REQUEST_TIMEOUT_MS must be a whole number from 1000 to 600000'],
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
