/**
 * TRUST_PROXY: whom the server believes about the client's address (X-Forwarded-For: rate
 * limits, the login brake, security log lines) and scheme (X-Forwarded-Proto: HSTS).
 *
 * - unset / `0` / `false` / `no` / `off`: nobody; the address is the TCP peer's.
 * - a hop count (`1`): the nearest N proxies, whoever they are. Only safe when the app can be
 *   reached solely through those proxies and each proxy *sets* X-Forwarded-For (deploy/
 *   haproxy.cfg does) — a client that reaches the app directly picks its own address.
 * - addresses, CIDRs or the names loopback / linklocal / uniquelocal (`10.0.0.0/8,127.0.0.1`):
 *   forwarded headers are believed only from these peers, hop by hop. The safer form: a
 *   direct client's headers are ignored.
 *
 * `true` / `yes` / `all` (trust every hop) is refused: the leftmost X-Forwarded-For entry is
 * whatever the client wrote, so every per-address limit would be void.
 * Fastify 5 ignores a numeric trustProxy (it fails closed), so a hop count is handed to it as
 * the equivalent trust function.
 */
import { isIP } from 'node:net';

/** false: trust nobody; a number: the nearest N hops; a list: these peers. `true` (every hop) exists for tests that talk to the app directly and is never read from the environment. */
export type TrustProxy = boolean | number | string[];

export class TrustProxyError extends Error {}

const MAX_HOPS = 10;

/** proxy-addr's names for ranges: 127.0.0.1/8 + ::1, 169.254.0.0/16 + fe80::/10, private ranges + fc00::/7. */
const RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

function isAddressOrCidr(entry: string): boolean {
  if (RANGE_NAMES.includes(entry)) return true;
  const [address, bits, extra] = entry.split('/');
  if (extra !== undefined || !address) return false;
  const family = isIP(address);
  if (family === 0) return false;
  if (bits === undefined) return true;
  if (!/^\d{1,3}$/.test(bits)) return false;
  return Number(bits) <= (family === 4 ? 32 : 128);
}

/** Parses TRUST_PROXY; throws TrustProxyError with a message naming the variable. */
export function parseTrustProxy(text: string | undefined): TrustProxy {
  const value = text?.trim() ?? '';
  const lower = value.toLowerCase();
  if (['', '0', 'false', 'no', 'off'].includes(lower)) return false;
  if (['true', 'yes', 'all', 'on', '*'].includes(lower)) {
    throw new TrustProxyError(
      `TRUST_PROXY="${value}" would trust every hop, so any client could choose its own address and void the per-address limits. ` +
        'Set the number of proxies in front of the app (1 behind one HAProxy that the app alone is reachable through) or their addresses/CIDRs (e.g. 10.0.0.0/8,127.0.0.1).',
    );
  }
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops > MAX_HOPS) throw new TrustProxyError(`TRUST_PROXY must be a hop count from 1 to ${MAX_HOPS} or a list of addresses/CIDRs, not "${value}".`);
    return hops;
  }
  const entries = value.split(',').map((entry) => entry.trim()).filter(Boolean);
  for (const entry of entries) {
    if (!isAddressOrCidr(entry)) {
      throw new TrustProxyError(`TRUST_PROXY must be a hop count (e.g. 1) or a comma-separated list of IP addresses/CIDRs (e.g. 10.0.0.0/8,127.0.0.1); "${entry}" is neither.`);
    }
  }
  return entries;
}

/** What Fastify's `trustProxy` option gets for a TrustProxy. */
export function fastifyTrustProxy(trust: TrustProxy): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust === 'number') return (_address: string, hop: number) => hop < trust;
  return trust;
}
