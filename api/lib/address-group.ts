import { isIP } from 'node:net';

/**
 * The eight 16-bit groups of an IPv6 address (zone id ignored, an IPv4 tail read as two
 * groups), or undefined when the text is not one.
 */
export function ipv6Groups(address: string): number[] | undefined {
  const bare = address.replace(/%.*$/, '');
  if (isIP(bare) !== 6) return undefined;
  const ipv4Tail = bare.match(/(\d+)\.(\d+)\.(\d+)\.(\d+)$/);
  let text = bare;
  if (ipv4Tail) {
    const [a, b, c, d] = ipv4Tail.slice(1).map(Number) as [number, number, number, number];
    text = `${bare.slice(0, ipv4Tail.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const part = (side: string) => (side === '' ? [] : side.split(':').map((h) => parseInt(h, 16)));
  const left = part(head);
  const right = tail === undefined ? [] : part(tail);
  return [...left, ...Array(8 - left.length - right.length).fill(0), ...right];
}

/** The IPv4 address an IPv4-mapped IPv6 address (::ffff:a.b.c.d) stands for. */
function mappedIpv4(groups: readonly number[]): string | undefined {
  if (groups.slice(0, 5).some((group) => group !== 0) || groups[5] !== 0xffff) return undefined;
  const [high = 0, low = 0] = groups.slice(6);
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
}

/**
 * Who a per-address limit counts as one client: an IPv4 address as it is, an IPv6 address by
 * its /64. Providers hand each home, office or phone a /64 at least, and the holder may use
 * any of its 2^64 addresses, so counting whole IPv6 addresses would give one client unlimited
 * allowances. IPv4-mapped IPv6 (::ffff:198.51.100.7) is the IPv4 address it carries.
 */
export function addressGroup(address: string): string {
  const groups = ipv6Groups(address);
  if (!groups) return address;
  const ipv4 = mappedIpv4(groups);
  if (ipv4) return ipv4;
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}

/** Whether an address (or a CIDR's base) is IPv4-mapped IPv6, which proxy rules read as IPv4. */
export const isIpv4Mapped = (address: string): boolean => {
  const groups = ipv6Groups(address);
  return groups !== undefined && mappedIpv4(groups) !== undefined;
};
