/**
 * HAProxy in front of the server processes, running deploy/haproxy.cfg itself: health checks on
 * /readyz, least-connections balancing (WebSockets are long-lived), a dead or draining server
 * taken out after three failed checks a second apart (a killed one refuses connections at once,
 * and those requests are retried on another server meanwhile), connection failures retried on another server, and
 * WebSocket tunnels kept open for an hour (well over the 30 s heartbeat).
 * Two frontends: `all` (every server) and `one` (the first server only), so the scale test can
 * compare three processes against one at the same load through the same proxy.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { localHaproxyConfig } from '../../scripts/local-haproxy';

export interface Backend {
  name: string;
  port: number;
}

/**
 * The shipped configuration (scripts/local-haproxy.ts) in front of the three processes, plus a
 * frontend `one` that reaches only the first of them.
 */
export function haproxyConfig(options: { allPort: number; onePort: number; backends: Backend[]; maxconn: number }): string {
  const first = options.backends[0]!;
  const shipped = localHaproxyConfig({ port: options.allPort, serverPorts: options.backends.map((b) => b.port), maxconn: options.maxconn });
  return `${shipped}
frontend one
    bind 127.0.0.1:${options.onePort}
    default_backend app_one

backend app_one
    option httpchk GET /readyz
    http-check expect status 200
    server ${first.name} 127.0.0.1:${first.port} check inter 1s fall 3 rise 2 maxconn ${options.maxconn}
`;
}

export function writeAndCheck(haproxy: string, dir: string, config: string): string {
  const file = join(dir, 'haproxy.cfg');
  writeFileSync(file, config);
  const check = spawnSync(haproxy, ['-c', '-q', '-f', file], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`haproxy -c failed:\n${check.stdout}${check.stderr}`);
  return file;
}

export function startHaproxy(haproxy: string, file: string): ChildProcess {
  // -db: stay in the foreground; the scale test ends it.
  const child = spawn(haproxy, ['-db', '-f', file], { stdio: ['ignore', 'ignore', 'pipe'] });
  child.stderr?.on('data', (chunk: Buffer) => {
    const text = chunk.toString();
    if (/ALERT|alert/.test(text)) process.stderr.write(`[haproxy] ${text}`);
  });
  return child;
}
