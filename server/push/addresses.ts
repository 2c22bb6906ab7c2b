/**
 * Where a push may connect: only public unicast addresses. A push endpoint's name is resolved
 * once per connection by `guardedLookup`, which the send's socket uses as its DNS lookup, so
 * the address that was checked is the address connected to: a name that is rebound to an
 * internal address between the subscription and the send (or between two sends) is refused
 * at that connection, not reached.
 *
 * Refused: loopback, RFC 1918 private, link-local (incl. cloud metadata 169.254.169.254),
 * CGNAT 100.64/10, multicast, unspecified, broadcast, reserved and documentation ranges; for
 * IPv6 anything outside global unicast 2000::/3 (so ::1, ::, fc00::/7, fe80::/10, ff00::/8,
 * IPv4-mapped ::ffff:0:0/96 and NAT64 64:ff9b::/96) plus the IETF, documentation and 6to4
 * blocks inside it. A name with any refused address is refused as a whole.
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

export interface ResolvedAddress {
  address: string;
  family: number;
}

/** A name's addresses, as getaddrinfo gives them (the system resolver, /etc/hosts included). */
export type Resolve = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolve: Resolve = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

const refusedV4 = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  refusedV4.addSubnet(network, prefix, 'ipv4');
}

const globalV6 = new BlockList();
globalV6.addSubnet('2000::', 3, 'ipv6');
const refusedV6 = new BlockList();
for (const [network, prefix] of [
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['3fff::', 20],
] as const) {
  refusedV6.addSubnet(network, prefix, 'ipv6');
}

/** true only for a public unicast IPv4 or IPv6 address (a zone id or anything unparsable: false). */
export function isPublicAddress(address: string): boolean {
  switch (isIP(address)) {
    case 4:
      return !refusedV4.check(address, 'ipv4');
    case 6:
      return globalV6.check(address, 'ipv6') && !refusedV6.check(address, 'ipv6');
    default:
      return false;
  }
}

export class AddressRefusedError extends Error {
  readonly code = 'EPUSHADDRESS';
}

/** The name's addresses when every one is public; otherwise throws (AddressRefusedError, or the resolver's error). */
export async function publicAddresses(hostname: string, resolve: Resolve): Promise<ResolvedAddress[]> {
  const addresses = await resolve(hostname);
  if (addresses.length === 0) throw new AddressRefusedError(`${hostname} has no address`);
  const refused = addresses.find((entry) => !isPublicAddress(entry.address));
  if (refused) throw new AddressRefusedError(`${hostname} resolves to ${refused.address}, not a public address`);
  return addresses;
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | ResolvedAddress[], family?: number) => void;

/**
 * A `lookup` for net/tls sockets (http(s).request's `lookup` option): resolves with `resolve`,
 * refuses unless every address is public, and hands the socket exactly the checked addresses.
 */
export function guardedLookup(resolve: Resolve = systemResolve) {
  return (hostname: string, options: { all?: boolean; family?: number | string }, callback: LookupCallback): void => {
    publicAddresses(hostname, resolve).then(
      (addresses) => {
        const family = options.family === 4 || options.family === 'IPv4' ? 4 : options.family === 6 || options.family === 'IPv6' ? 6 : 0;
        const usable = family === 0 ? addresses : addresses.filter((entry) => entry.family === family);
        const first = usable[0];
        if (!first) callback(new AddressRefusedError(`${hostname} has no IPv${family} address`), '', 0);
        else if (options.all) callback(null, usable.map(({ address, family: kind }) => ({ address, family: kind })));
        else callback(null, first.address, first.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 0),
    );
  };
}
