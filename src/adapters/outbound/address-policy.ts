import ipaddr from 'ipaddr.js';

/** IPv6 global unicast (RFC 4291 §2.4): the rest of the space is special, reserved or unassigned. */
const GLOBAL_UNICAST = ipaddr.IPv6.parse('2000::');

const publicV4 = (address: ipaddr.IPv4): boolean => address.range() === 'unicast';

/** The IPv4 address an NAT64 address carries (RFC 6052 §2.2): the last 32 bits under 64:ff9b::/96, split around the `u` octet under 64:ff9b:1::/48. */
function nat64Carried(address: ipaddr.IPv6): ipaddr.IPv4 {
  const bytes = address.toByteArray();
  const localUse = address.match(ipaddr.IPv6.parse('64:ff9b:1::'), 48);
  return new ipaddr.IPv4(localUse ? [bytes[6]!, bytes[7]!, bytes[9]!, bytes[10]!] : bytes.slice(12, 16));
}

function publicV6(address: ipaddr.IPv6): boolean {
  switch (address.range()) {
    // These reach the IPv4 host they carry, so that host decides.
    case 'ipv4Mapped':
      return publicV4(address.toIPv4Address());
    case 'rfc6052':
      return publicV4(nat64Carried(address));
    // Everything else ipaddr.js names is special: loopback, link-local, unique-local, multicast, documentation,
    // 6to4 and Teredo (tunnels that a site relay may route inward, whatever IPv4 address they carry), …
    case 'unicast':
      // IPv4-compatible (::a.b.c.d, deprecated), IPv4-translated and unassigned space all lie outside 2000::/3.
      return address.match(GLOBAL_UNICAST, 3);
    default:
      return false;
  }
}

/**
 * The IPv6 address in hexadecimal groups only, as the WHATWG URL parser writes it: ipaddr.js 2.5 reads any dotted
 * tail as IPv4-mapped (`::8.8.8.8` as `::ffff:8.8.8.8`), which would judge an IPv4-compatible address by its IPv4.
 */
const hexOnly = (address: string): string => new URL(`http://[${address}]/`).hostname.slice(1, -1);

/**
 * True only for a public unicast IP address. Loopback, private, link-local, carrier-grade NAT, multicast,
 * unspecified, reserved, IPv4-compatible, 6to4 and Teredo addresses are refused; an IPv4-mapped or NAT64 address is
 * judged as the IPv4 address it carries. Anything that does not parse is not public.
 */
export function isPublicAddress(address: string): boolean {
  const bare = address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address;
  // Zone ids (fe80::1%eth0) only occur on link-local addresses, which are refused anyway.
  if (bare.includes('%') || !ipaddr.isValid(bare)) return false;
  try {
    const parsed = ipaddr.parse(bare.includes(':') ? hexOnly(bare) : bare);
    return parsed.kind() === 'ipv4' ? publicV4(parsed as ipaddr.IPv4) : publicV6(parsed as ipaddr.IPv6);
  } catch {
    return false;
  }
}
