import net from 'node:net';

/**
 * Which IP addresses the server may connect to for a user-given URL (decision 26): only public
 * unicast. Everything a request could use to reach the inside network — loopback, private,
 * link-local (the cloud metadata service at 169.254.169.254), CGNAT, multicast, reserved and
 * documentation ranges, and IPv6 forms that carry one of those IPv4 addresses — is refused.
 */

/** IPv4 ranges that are not public unicast (IANA special-purpose registry). */
const V4_REFUSED: readonly (readonly [string, number])[] = [
  ['0.0.0.0', 8], // "this network", 0.0.0.0 reaches the local host
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, cloud metadata
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation (TEST-NET-1)
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation (TEST-NET-2)
  ['203.0.113.0', 24], // documentation (TEST-NET-3)
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and 255.255.255.255 broadcast
];

/**
 * IPv6 is public only inside 2000::/3 (global unicast): that alone refuses ::, ::1, the
 * IPv4-mapped and -compatible forms (::ffff:0:0/96, ::/96), fc00::/7, fe80::/10, ff00::/8 and
 * 64:ff9b:1::/48. Inside it, these are refused too.
 */
const V6_REFUSED: readonly (readonly [string, number])[] = [
  ['2001::', 23], // IETF protocol assignments: Teredo (2001::/32), benchmarking, ORCHID
  ['2001:db8::', 32], // documentation
  ['3fff::', 20], // documentation (RFC 9637)
];

const globalUnicast = new net.BlockList();
globalUnicast.addSubnet('2000::', 3, 'ipv6');

const refused = new net.BlockList();
for (const [network, prefix] of V4_REFUSED) {
  refused.addSubnet(network, prefix, 'ipv4');
  // 6to4 (2002:AABB:CCDD::/48) carries an IPv4 address in its second and third groups.
  refused.addSubnet(`2002:${v4Groups(network).join(':')}::`, 16 + prefix, 'ipv6');
}
for (const [network, prefix] of V6_REFUSED) refused.addSubnet(network, prefix, 'ipv6');

/**
 * NAT64 (64:ff9b::/96) carries an IPv4 address in its last 32 bits: public only when that
 * address is. It lies outside 2000::/3, so it is allowed by this list, not by globalUnicast.
 */
const nat64 = new net.BlockList();
nat64.addSubnet('64:ff9b::', 96, 'ipv6');
const nat64Refused = new net.BlockList();
for (const [network, prefix] of V4_REFUSED) {
  nat64Refused.addSubnet(`64:ff9b::${v4Groups(network).join(':')}`, 96 + prefix, 'ipv6');
}

function v4Groups(address: string): [string, string] {
  const [a, b, c, d] = address.split('.').map(Number) as [number, number, number, number];
  return [((a << 8) | b).toString(16), ((c << 8) | d).toString(16)];
}

/** True when `address` (an IPv4 or IPv6 literal, no brackets) is a public unicast address. */
export function isPublicAddress(address: string): boolean {
  const family = net.isIP(address);
  try {
    if (family === 4) return !refused.check(address, 'ipv4');
    if (family === 6) {
      if (nat64.check(address, 'ipv6')) return !nat64Refused.check(address, 'ipv6');
      return globalUnicast.check(address, 'ipv6') && !refused.check(address, 'ipv6');
    }
  } catch {
    // An address BlockList cannot read (a zone id, say) is not one we connect to.
  }
  return false;
}
