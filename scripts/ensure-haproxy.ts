/**
 * The scale test runs Debian's HAProxy in front of the server processes, and
 * tests/server/proxy-trust.test.ts runs the shipped deploy/haproxy.cfg in it (`npm test` calls
 * this before the server suites). When it is missing:
 * as root, `apt-get update && apt-get install -y haproxy`; otherwise say exactly what to
 * install and fail (like ensure-chromium.ts). Nothing is downloaded from anywhere else.
 */
import { existsSync } from 'node:fs';
import { aptInstall } from './apt-install';

export const HAPROXY_PATH = process.env.HAPROXY_PATH ?? '/usr/sbin/haproxy';

export function ensureHaproxy(): string {
  if (existsSync(HAPROXY_PATH)) return HAPROXY_PATH;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot || process.env.HAPROXY_PATH) {
    console.error(`HAProxy is missing at ${HAPROXY_PATH}. Install Debian's package as root:\n  apt-get update && apt-get install -y haproxy\n(or set HAPROXY_PATH).`);
    process.exit(1);
  }
  console.log("HAProxy is missing: installing Debian's haproxy package…");
  aptInstall(['haproxy'], ['--no-install-recommends']);
  if (!existsSync(HAPROXY_PATH)) {
    console.error(`apt-get finished but ${HAPROXY_PATH} still does not exist.`);
    process.exit(1);
  }
  return HAPROXY_PATH;
}

if (import.meta.url === `file://${process.argv[1]}`) ensureHaproxy();
