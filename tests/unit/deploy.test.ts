/**
 * The deploy recipe (deploy/) stays consistent with the server: no Docker engine runs in CI,
 * so what can be checked without one is checked here (the compose file parses and says what
 * the scale-out needs; HAProxy keeps WebSockets open well past the heartbeat). `haproxy -c`
 * runs on the scale test's configuration in `npm run bench:scale`, and the shipped
 * haproxy.cfg itself runs in front of a real server in tests/server/proxy-trust.test.ts.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadConfig } from '../../server/config';

interface Service {
  environment?: Record<string, string>;
  ports?: string[];
  networks?: Record<string, { ipv4_address?: string } | null>;
  ulimits?: { nofile?: { soft: number; hard: number } };
  stop_grace_period?: string;
  build?: { dockerfile: string };
  image?: string;
}

const compose = parse(readFileSync('deploy/compose.yaml', 'utf8'), { merge: true }) as {
  services: Record<string, Service>;
  networks?: { default?: { ipam?: { config?: Array<{ subnet: string; ip_range?: string }> } } };
};
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
      expect(app.environment).toMatchObject({ REDIS_URL: 'redis://redis:6379' });
      expect(app.environment?.DATABASE_URL).toMatch(/^postgres:\/\/.+@postgres:5432\//);
      expect(app.environment?.LIVE_TICKET_SECRET).toContain('LIVE_TICKET_SECRET');
      expect(app.ulimits?.nofile?.soft).toBeGreaterThanOrEqual(65536);
      // SIGKILL must not cut the drain short.
      expect(seconds(app.stop_grace_period!)).toBeGreaterThan(Number(app.environment?.DRAIN_WINDOW_MS) / 1000 + 5);
    }
    expect(Object.keys(compose.services)).toEqual(expect.arrayContaining(['haproxy', 'postgres', 'redis']));
  });

  it('the apps trust forwarded headers from the proxy\'s fixed address only, and only the proxy is published', () => {
    const proxyAddress = compose.services.haproxy?.networks?.default?.ipv4_address;
    expect(proxyAddress).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
    const ipam = compose.networks?.default?.ipam?.config?.[0];
    const octets = (address: string) => address.split('/')[0]!.split('.').map(Number);
    // Inside the subnet (a /24), outside the range other containers are given addresses from (the upper /25).
    expect(octets(ipam!.subnet).slice(0, 3)).toEqual(octets(proxyAddress!).slice(0, 3));
    expect(ipam!.subnet).toMatch(/\/24$/);
    expect(ipam!.ip_range).toMatch(/\.128\/25$/);
    expect(octets(proxyAddress!)[3]).toBeLessThan(128);
    for (const [, app] of apps) {
      expect(app.environment?.TRUST_PROXY).toBe(proxyAddress);
      expect(loadConfig({ TRUST_PROXY: app.environment?.TRUST_PROXY }).trustProxy).toEqual([proxyAddress]);
      expect(app.ports).toBeUndefined();
    }
  });

  it('HAProxy sets (never appends) X-Forwarded-For and -Proto, keeps URLs out of its log and asks for headers within seconds', () => {
    expect(haproxy).not.toMatch(/^\s*option\s+forwardfor/m);
    expect(haproxy).toMatch(/^\s*http-request set-header X-Forwarded-For %\[src\]$/m);
    expect(haproxy).toMatch(/^\s*http-request set-header X-Forwarded-Proto http if !\{ ssl_fc \}$/m);
    expect(haproxy).not.toMatch(/^\s*option\s+httplog/m);
    const logFormat = /^\s*log-format "([^"]+)"$/m.exec(haproxy)?.[1];
    // %r is the request line, %HU/%HP/%HQ the URI, path and query; %hr captured headers.
    expect(logFormat).toBeDefined();
    expect(logFormat).not.toMatch(/%(\{[^}]*\})?(r|HU|HP|HPO|HQ|hr|hrl|CC)\b/);
    expect(seconds(/timeout http-request (\S+)/.exec(haproxy)![1]!)).toBeLessThanOrEqual(15);
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
