import ipaddr from 'ipaddr.js';

/**
 * True only for a public unicast IP address. Loopback, private, link-local, carrier-grade NAT, multicast,
 * unspecified, reserved and every IPv6 transition range (6to4, Teredo, NAT64…) are refused; an IPv4-mapped
 * IPv6 address is judged as the IPv4 address it carries. Anything that does not parse is not public.
 */
export function isPublicAddress(address: string): boolean {
  const bare = address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address;
  // Zone ids (fe80::1%eth0) only occur on link-local addresses, which are refused anyway.
  if (bare.includes('%') || !ipaddr.isValid(bare)) return false;
  try {
    return ipaddr.process(bare).range() === 'unicast';
  } catch {
    return false;
  }
}
