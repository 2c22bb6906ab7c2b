/**
 * The deploy recipe (deploy/) stays consistent with the server: no Docker engine runs in CI,
 * so what can be checked without one is checked here (the compose file parses and says what
 * the scale-out needs; HAProxy keeps WebSockets open well past the heartbeat). `haproxy -c`
 * runs on the scale test's configuration in `npm run bench:scale`.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

interface Service {
  environment?: Record<string, string>;
  ulimits?: { nofile?: { soft: number; hard: number } };
  stop_grace_period?: string;
  build?: { dockerfile: string };
  image?: string;
}

const compose = parse(readFileSync('deploy/compose.yaml', 'utf8'), { merge: true }) as { services: Record<string, Service> };
const haproxy = readFileSync('deploy/haproxy.cfg', 'utf8');
const dockerfile = readFileSync('deploy/Dockerfile', 'utf8');

const seconds = (value: string) => {
  const match = /^(\d+)(ms|s|m|h)?$/.exec(value.trim());
  if (!match) throw new Error(`not a duration: ${value}`);
  const n = Number(match[1]);
  return { ms: n / 1000, s: n, m: n * 60, h: n * 3600, undefined: n / 1000 }[match[2] ?? 'undefined']!;
};

describe('deploy/compose.yaml', () => {
  const apps = Object.entries(compose.services).filter(([name]) => /^app\d$/.test(name));

  it('runs three app processes from deploy/Dockerfile on PostgreSQL and Redis, behind the proxy', () => {
    expect(apps.map(([name]) => name)).toEqual(['app1', 'app2', 'app3']);
    for (const [, app] of apps) {
      expect(app.build?.dockerfile).toBe('deploy/Dockerfile');
      expect(app.environment).toMatchObject({ REDIS_URL: 'redis://redis:6379', TRUST_PROXY: '1' });
      expect(app.environment?.DATABASE_URL).toMatch(/^postgres:\/\/.+@postgres:5432\//);
      expect(app.environment?.LIVE_TICKET_SECRET).toContain('LIVE_TICKET_SECRET');
      expect(app.ulimits?.nofile?.soft).toBeGreaterThanOrEqual(65536);
      // SIGKILL must not cut the drain short.
      expect(seconds(app.stop_grace_period!)).toBeGreaterThan(Number(app.environment?.DRAIN_WINDOW_MS) / 1000 + 5);
    }
    expect(Object.keys(compose.services)).toEqual(expect.arrayContaining(['haproxy', 'postgres', 'redis']));
  });

  it('HAProxy checks readiness and keeps WebSocket tunnels open far longer than the 30 s heartbeat', () => {
    const timeout = (name: string) => seconds(new RegExp(`timeout ${name} (\\S+)`).exec(haproxy)![1]!);
    expect(timeout('tunnel')).toBeGreaterThan(30);
    expect(timeout('client')).toBeGreaterThan(30);
    expect(timeout('server')).toBeGreaterThan(30);
    expect(haproxy).toContain('option httpchk GET /readyz');
    expect(haproxy).toMatch(/balance leastconn/);
    for (const server of ['app1', 'app2', 'app3']) expect(haproxy).toMatch(new RegExp(`server ${server} ${server}:8080`));
  });

  it('the image is multi-stage and runs as a non-root user', () => {
    expect(dockerfile.match(/^FROM /gm)).toHaveLength(2);
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(dockerfile).toMatch(/^STOPSIGNAL SIGTERM$/m);
  });
});
