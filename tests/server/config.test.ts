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
    });
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
    });
    expect(loadConfig({ PORT: '9001' }).appUrl).toBe('http://localhost:9001');
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT must be a port number'],
    [{ PORT: '70000' }, 'PORT must be a port number'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL must be one of'],
    [{ APP_URL: 'podtable.example' }, 'APP_URL must be an absolute URL'],
  ])('refuses %j with a message naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});
