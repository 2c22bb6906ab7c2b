/**
 * The shipped deploy/haproxy.cfg, adapted to run on this machine: its frontend bound to a
 * loopback port, its three `server appN appN:8080` lines pointed at local ports, and its global
 * maxconn set (the shipped one asks for more file descriptors than a test machine allows).
 * Every other line — header rules, /metrics refusal, timeouts, health checks, log format — is
 * the shipped one, so what the proxy-trust test and the scale test run is what deploys.
 * Throws when a substitution does not find what it expects: the shipped file changed shape.
 */
import { readFileSync } from 'node:fs';

const SHIPPED_HAPROXY_CONFIG = 'deploy/haproxy.cfg';
/** The shipped backend has exactly this many servers. */
export const SHIPPED_SERVER_COUNT = 3;

export interface LocalHaproxyOptions {
  /** Loopback port of the shipped frontend. */
  port: number;
  /** One local port per shipped server (SHIPPED_SERVER_COUNT of them; repeat a port to send several to one process). */
  serverPorts: readonly number[];
  maxconn: number;
}

function substitute(text: string, pattern: RegExp, replacement: (index: number) => string, expected: number): string {
  const found = [...text.matchAll(new RegExp(pattern.source, pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`))].length;
  if (found !== expected) throw new Error(`${SHIPPED_HAPROXY_CONFIG}: expected ${expected} match(es) of ${pattern}, found ${found}`);
  let index = 0;
  return text.replace(pattern, (_match, prefix: string) => `${prefix}${replacement(index++)}`);
}

export function localHaproxyConfig(options: LocalHaproxyOptions, shipped: string = readFileSync(SHIPPED_HAPROXY_CONFIG, 'utf8')): string {
  if (options.serverPorts.length !== SHIPPED_SERVER_COUNT) throw new Error(`the shipped backend has ${SHIPPED_SERVER_COUNT} servers, got ${options.serverPorts.length} ports`);
  let text = substitute(shipped, /^(\s*bind )\S*:8080$/gm, () => `127.0.0.1:${options.port}`, 1);
  text = substitute(text, /^(\s*server app\d+ )app\d+:8080$/gm, (i) => `127.0.0.1:${options.serverPorts[i]}`, SHIPPED_SERVER_COUNT);
  text = substitute(text, /^(global\n(?:.*\n)*?\s*maxconn )\d+$/m, () => String(options.maxconn), 1);
  return text;
}
