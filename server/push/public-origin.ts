/**
 * The shape every push endpoint must have unless PUSH_ALLOW_PRIVATE is set (tests): https on
 * the default port, no userinfo, and a host that is a public-looking DNS name: not an IP
 * literal, not localhost or a .local/.internal/.home.arpa name, not a single label, and no
 * trailing dot (`localhost.` and `x.internal.` would slip past a suffix check). Addresses are
 * checked separately, on resolution (addresses.ts).
 */
import { isIP } from 'node:net';

const PRIVATE_NAME = /(^|\.)(localhost|local|internal|home\.arpa)$/;

/** `url`'s host is usable as a push service's host. A leading `*.` (an allow-list pattern) is ignored. */
export function isPublicHttpsOrigin(url: URL): boolean {
  if (url.protocol !== 'https:' || url.username !== '' || url.password !== '' || url.port !== '') return false;
  const host = url.hostname.toLowerCase().replace(/^\*\./, '');
  if (host.startsWith('[') || isIP(host) !== 0) return false;
  if (host.endsWith('.') || !host.includes('.') || PRIVATE_NAME.test(host)) return false;
  return true;
}
