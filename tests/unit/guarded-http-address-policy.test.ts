import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isPublicAddress } from '../../src/adapters/outbound/address-policy.ts';

describe('isPublicAddress', () => {
  it.each([
    '127.0.0.1',
    '127.255.255.254',
    '10.0.0.1',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '255.255.255.255',
    '224.0.0.1',
    '192.0.2.10',
    '198.18.0.1',
    '::1',
    '::',
    'fe80::1',
    'fc00::1',
    'fd12:3456::1',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
    '::ffff:7f00:1',
    '64:ff9b::7f00:1',
    '2002:7f00:1::',
    '2001:db8::1',
    '[::1]',
    'fe80::1%eth0',
    'localhost',
    '',
    'not-an-ip',
  ])('refuses %s', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(['8.8.8.8', '1.1.1.1', '47.246.2.1', '2606:4700::1111', '::ffff:8.8.8.8', '[2606:4700::1111]'])('accepts %s', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  it('refuses every address in the private, loopback and link-local IPv4 blocks', () => {
    const octet = fc.integer({ min: 0, max: 255 });
    const blocks = fc.oneof(
      fc.tuple(octet, octet, octet).map(([b, c, d]) => `127.${b}.${c}.${d}`),
      fc.tuple(octet, octet, octet).map(([b, c, d]) => `10.${b}.${c}.${d}`),
      fc.tuple(fc.integer({ min: 16, max: 31 }), octet, octet).map(([b, c, d]) => `172.${b}.${c}.${d}`),
      fc.tuple(octet, octet).map(([c, d]) => `192.168.${c}.${d}`),
      fc.tuple(octet, octet).map(([c, d]) => `169.254.${c}.${d}`),
    );
    fc.assert(fc.property(blocks, (address) => !isPublicAddress(address) && !isPublicAddress(`::ffff:${address}`)));
  });
});
