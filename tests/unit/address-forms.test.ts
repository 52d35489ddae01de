import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isPublicAddress } from '../../src/adapters/outbound/address-policy.ts';

// Issue 29: `[::127.0.0.1]` (IPv4-compatible) counted as public while `[::ffff:127.0.0.1]` was refused. Every IPv6
// form that carries an IPv4 address is drawn here over IPv4 addresses from the special blocks and anywhere else.

/** The IPv4 blocks that are not public, written out apart from the code under test (IANA special-purpose registry). */
const NOT_PUBLIC_V4: readonly [string, number][] = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.31.196.0', 24], // AS112 and AMT anycast: ipaddr.js names them, and no image host lives there
  ['192.52.193.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['192.175.48.0', 24],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
];
const toInt = (octets: readonly number[]) => octets.reduce((value, octet) => value * 256 + octet, 0);
const v4Public = (octets: readonly number[]) =>
  !NOT_PUBLIC_V4.some(([base, bits]) => Math.floor(toInt(octets) / 2 ** (32 - bits)) === Math.floor(toInt(base.split('.').map(Number)) / 2 ** (32 - bits)));

const octet = fc.integer({ min: 0, max: 255 });
/** An IPv4 address: half from the blocks above (any address inside), half anywhere. */
const v4 = fc.oneof(
  fc.tuple(fc.constantFrom(...NOT_PUBLIC_V4), fc.integer({ min: 0, max: 2 ** 24 - 1 })).map(([[base, bits], offset]) => {
    const value = toInt(base.split('.').map(Number)) + (offset % 2 ** (32 - bits));
    return [value >>> 24, (value >>> 16) & 255, (value >>> 8) & 255, value & 255];
  }),
  fc.tuple(octet, octet, octet, octet),
);
const dotted = (o: readonly number[]) => o.join('.');

/** Spellings of one IPv6 address given as eight groups: compressed, full, zero-padded, upper case, bracketed. */
const spellings = (groups: readonly number[]) => {
  const full = groups.map((group) => group.toString(16)).join(':');
  const padded = groups.map((group) => group.toString(16).padStart(4, '0')).join(':');
  const compressed = full.replace(/(^|:)0(:0)+(:|$)/, '::').replace(/^:::/, '::');
  return [full, padded, compressed, compressed.toUpperCase(), `[${compressed}]`];
};
const groupsOf = (prefix: readonly number[], o: readonly number[]) => [...prefix, (o[0]! << 8) | o[1]!, (o[2]! << 8) | o[3]!];

describe('IPv6 forms that carry an IPv4 address', () => {
  it('judges a plain IPv4 address by the special blocks', () => {
    fc.assert(fc.property(v4, (o) => isPublicAddress(dotted(o)) === v4Public(o)));
  });

  it('judges IPv4-mapped (::ffff:0:0/96) and NAT64 (64:ff9b::/96) addresses as the IPv4 address they carry', () => {
    fc.assert(
      fc.property(v4, (o) =>
        [
          `::ffff:${dotted(o)}`,
          `64:ff9b::${dotted(o)}`,
          ...spellings(groupsOf([0, 0, 0, 0, 0, 0xffff], o)),
          ...spellings(groupsOf([0x64, 0xff9b, 0, 0, 0, 0], o)),
        ].every((form) => isPublicAddress(form) === v4Public(o)),
      ),
    );
  });

  it('judges local-use NAT64 (64:ff9b:1::/48) by the IPv4 address in bits 48–63 and 72–103', () => {
    fc.assert(
      fc.property(v4, (o) =>
        spellings([0x64, 0xff9b, 1, (o[0]! << 8) | o[1]!, o[2]!, o[3]! << 8, 0, 0]).every((form) => isPublicAddress(form) === v4Public(o)),
      ),
    );
  });

  it('refuses IPv4-compatible (::/96), IPv4-translated, 6to4 and Teredo addresses whatever they carry', () => {
    const teredoServer = [0x4136, 0xe378];
    fc.assert(
      fc.property(v4, fc.integer({ min: 0, max: 0xffff }), (o, host) =>
        [
          `::${dotted(o)}`,
          `::ffff:0:${dotted(o)}`,
          ...spellings(groupsOf([0, 0, 0, 0, 0, 0], o)),
          ...spellings([0x2002, (o[0]! << 8) | o[1]!, (o[2]! << 8) | o[3]!, 0, 0, 0, 0, host]),
          // Teredo: server address, flags, obscured port, then the client's IPv4 address with every bit inverted.
          ...spellings([0x2001, 0, ...teredoServer, 0x8000, host, ~((o[0]! << 8) | o[1]!) & 0xffff, ~((o[2]! << 8) | o[3]!) & 0xffff]),
        ].every((form) => !isPublicAddress(form)),
      ),
    );
  });

  it.each([
    ['::127.0.0.1', false],
    ['[::127.0.0.1]', false],
    ['::7f00:1', false],
    ['::8.8.8.8', false],
    ['::ffff:8.8.8.8', true],
    ['64:ff9b::127.0.0.1', false],
    ['64:ff9b::808:808', true],
    ['64:ff9b:1:7f00:0:100::', false],
    ['64:ff9b:1:808:8:800::', true],
    ['2002:808:808::1', false],
    ['2001:0:4136:e378:8000:63bf:f7f7:f7f7', false],
    ['5f00::1', false],
    ['4000::1', false],
    ['2606:4700::1111', true],
    ['2a00:1450:4001:80b::200e', true],
  ])('%s → public %s', (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });
});
