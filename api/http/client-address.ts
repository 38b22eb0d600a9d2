import { BlockList, isIPv6 } from 'node:net';
import { compile as compileProxyList } from '@fastify/proxy-addr';
import type { Config } from '../config.ts';

/** Loopback, private (RFC 1918, unique local) and link-local ranges: where a reverse proxy sits. */
const NEARBY = new BlockList();
NEARBY.addSubnet('127.0.0.0', 8, 'ipv4');
NEARBY.addSubnet('10.0.0.0', 8, 'ipv4');
NEARBY.addSubnet('172.16.0.0', 12, 'ipv4');
NEARBY.addSubnet('192.168.0.0', 16, 'ipv4');
NEARBY.addSubnet('169.254.0.0', 16, 'ipv4');
NEARBY.addAddress('::1', 'ipv6');
NEARBY.addSubnet('fc00::', 7, 'ipv6');
NEARBY.addSubnet('fe80::', 10, 'ipv6');

const isNearby = (address: string) => NEARBY.check(address, isIPv6(address) ? 'ipv6' : 'ipv4');

type TrustFn = (address: string, hop: number) => boolean;

/**
 * Fastify's `trustProxy` for TRUST_PROXY. The client address is then the one the nearest
 * untrusted hop presented, so whatever a client writes on the left of X-Forwarded-For is never
 * used. A hop count trusts the n nearest hops, but only when the server's own peer is on this
 * machine or a private network: a client connecting straight from the internet cannot claim to
 * be a proxy. (Fastify refuses a bare hop count for that reason.)
 */
export function trustProxyOption(trustProxy: Config['trustProxy']): false | string[] | TrustFn {
  if (typeof trustProxy !== 'number') return trustProxy;
  return (address, hop) => hop < trustProxy && (hop > 0 || isNearby(address));
}

/**
 * Whether a connection's peer is a proxy TRUST_PROXY trusts: the nearest hop of a hop count
 * (on this machine or a private network), or an address on the list.
 */
export function trustedProxyCheck(trustProxy: Config['trustProxy']): (address: string) => boolean {
  if (trustProxy === false) return () => false;
  if (typeof trustProxy === 'number') return isNearby;
  const trusted = compileProxyList(trustProxy);
  return (address) => trusted(address, 0);
}
