import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PRICING_POLICY } from '../../src/domain/pricing/pricing.ts';
import { loadPricingPolicy } from '../../src/infrastructure/modules/catalog.ts';

const file = (content: string): string => {
  const name = path.join(mkdtempSync(path.join(tmpdir(), 'lws-policy-')), 'policy.json');
  writeFileSync(name, content);
  return name;
};

describe('PRICING_POLICY_FILE', () => {
  it('uses the built-in table without a file', () => {
    expect(loadPricingPolicy({ pricingPolicyFile: undefined })).toBe(DEFAULT_PRICING_POLICY);
  });

  it('reads a valid file', () => {
    const custom = { ...DEFAULT_PRICING_POLICY, version: 'custom', defaults: { ...DEFAULT_PRICING_POLICY.defaults, markup_percent: 40 } };
    expect(loadPricingPolicy({ pricingPolicyFile: file(JSON.stringify(custom)) })).toEqual(custom);
  });

  it('stops the start with every problem named', () => {
    const broken = {
      ...DEFAULT_PRICING_POLICY,
      tiers: [{ ...DEFAULT_PRICING_POLICY.tiers[0], weight_bands: [{ max_weight_g: 500, base_cny: -1, per_gram_cny: 0.1 }] }],
    };
    expect(() => loadPricingPolicy({ pricingPolicyFile: file(JSON.stringify(broken)) })).toThrowError(
      /PRICING_POLICY_FILE .* \/tiers\/0\/weight_bands\/0\/base_cny/,
    );
    expect(() => loadPricingPolicy({ pricingPolicyFile: file('{not json') })).toThrowError(/PRICING_POLICY_FILE/);
  });
});
