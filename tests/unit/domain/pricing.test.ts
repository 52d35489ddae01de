import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isDomainError } from '../../../src/domain/common/errors.ts';
import { parsePricingPolicy } from '../../../src/domain/pricing/pricing-policy.ts';
import { DEFAULT_PRICING_POLICY as policy, type PricingInputs, quote } from '../../../src/domain/pricing/pricing.ts';

const base = { fx_rate: 11.5, markup_percent: 30, reserve_discount_percent: 50, tier: 'auto' } as const;

describe('quote: the worked examples of docs/decisions.md, Pricing', () => {
  it('cost 20 CNY, 300 g → low, logistics 13.5, price 593, old price 1186', () => {
    const result = quote({ ...base, cost_cny: 20, weight_g: 300 }, policy);
    expect(result).toMatchObject({ price: 593, old_price: 1186, currency_code: 'RUB' });
    expect(result.breakdown).toMatchObject({
      tier: 'low',
      weight_band: 1,
      logistics_cny: 13.5,
      net_ratio: 0.845,
      commission_percent: 15.5,
      price_rub: 593,
      old_price_rub: 1186,
    });
    expect(result.breakdown.landed_rub).toBeCloseTo(385.25, 6);
    expect(result.breakdown.profit_rub).toBe(115.84); // 593 × 0.845 − 385.25 = 115.835, half up
  });

  it('cost 150 CNY, 1200 g → high, logistics 58, price 3962, old price 7924', () => {
    const result = quote({ ...base, cost_cny: 150, weight_g: 1200 }, policy);
    expect(result).toMatchObject({ price: 3962, old_price: 7924 });
    expect(result.breakdown).toMatchObject({ tier: 'high', weight_band: 1, logistics_cny: 58, net_ratio: 0.785 });
  });
});

describe('quote: rules', () => {
  it('uses the defaults (markup 30, reserve 50, auto) when inputs leave them out', () => {
    expect(quote({ cost_cny: 20, weight_g: 300, fx_rate: 11.5 }, policy).price).toBe(593);
  });

  it('has no old price when the reserve discount is 0', () => {
    expect(quote({ ...base, reserve_discount_percent: 0, cost_cny: 20, weight_g: 300 }, policy).old_price).toBeNull();
  });

  it('answers CNY as round2(price_rub / fx)', () => {
    const result = quote({ ...base, cost_cny: 20, weight_g: 300, currency_code: 'CNY' }, policy);
    expect(result).toMatchObject({ price: 51.57, old_price: 103.13, currency_code: 'CNY' });
    expect(result.breakdown.price_rub).toBe(593);
  });

  it('raises a price below the chosen band to its lower bound', () => {
    // Light and cheap enough to overflow `low` only slightly: high's own price stays above 1501 anyway,
    // so force the clamp with a policy whose high band starts far above.
    const custom = { ...policy, tiers: policy.tiers.map((t) => (t.tier === 'high' ? { ...t, min_price_rub: 5000 } : t)) };
    const result = quote({ ...base, cost_cny: 150, weight_g: 1200 }, custom);
    expect(result.breakdown).toMatchObject({ tier: 'high', price_rub: 5000 });
  });

  it('computes a forced tier without clamping', () => {
    expect(quote({ ...base, tier: 'high', cost_cny: 20, weight_g: 300 }, policy).breakdown).toMatchObject({ tier: 'high', price_rub: 886 });
  });

  it('refuses a weight above the last band with 422 PRICING_WEIGHT_OUT_OF_RANGE', () => {
    const run = () => quote({ ...base, cost_cny: 20, weight_g: 30_001 }, policy);
    expect(run).toThrowError(expect.objectContaining({ kind: 'invalid', code: 'PRICING_WEIGHT_OUT_OF_RANGE' }));
  });

  it('refuses out-of-range inputs with every problem listed', () => {
    try {
      quote({ cost_cny: -1, weight_g: 0, fx_rate: 11.5, markup_percent: 2000, reserve_discount_percent: 96 }, policy);
      expect.unreachable();
    } catch (error) {
      expect(isDomainError(error) && error.problems.map((p) => p.path)).toEqual(['/cost_cny', '/weight_g', '/markup_percent', '/reserve_discount_percent']);
    }
  });

  it('the default policy passes its own validation and a broken one does not', () => {
    expect(parsePricingPolicy(JSON.parse(JSON.stringify(policy)))).toEqual(policy);
    expect(() => parsePricingPolicy({ ...policy, tiers: [{ ...policy.tiers[0], net_ratio: 2 }] })).toThrowError(/PRICING_POLICY_INVALID/);
  });
});

const inputs = fc.record({
  cost_cny: fc.double({ min: 0, max: 20_000, noNaN: true }),
  weight_g: fc.double({ min: 1, max: 30_000, noNaN: true }),
  fx_rate: fc.double({ min: 5, max: 25, noNaN: true }),
  markup_percent: fc.integer({ min: 0, max: 1000 }),
  reserve_discount_percent: fc.integer({ min: 0, max: 95 }),
});

describe('quote: properties over the default policy', () => {
  it('auto picks a tier whose price band contains the price', () => {
    fc.assert(
      fc.property(inputs, (i) => {
        const { breakdown } = quote(i, policy);
        const tier = policy.tiers.find((t) => t.tier === breakdown.tier)!;
        expect(breakdown.price_rub).toBeGreaterThanOrEqual(tier.min_price_rub);
        if (tier.max_price_rub !== null) expect(breakdown.price_rub).toBeLessThanOrEqual(tier.max_price_rub);
      }),
    );
  });

  it('profit at the computed price reaches the markup target', () => {
    fc.assert(
      fc.property(inputs, (i) => {
        const { breakdown } = quote(i, policy);
        expect(breakdown.profit_rub).toBeGreaterThanOrEqual(breakdown.landed_rub * (i.markup_percent / 100) - 0.01);
      }),
    );
  });

  it('price never falls when cost or weight grows', () => {
    fc.assert(
      fc.property(inputs, fc.double({ min: 0, max: 1000, noNaN: true }), fc.double({ min: 0, max: 5000, noNaN: true }), (i, moreCost, moreWeight) => {
        const price = (x: PricingInputs) => quote(x, policy).breakdown.price_rub;
        expect(price({ ...i, cost_cny: i.cost_cny + moreCost })).toBeGreaterThanOrEqual(price(i));
        const heavier = Math.min(30_000, i.weight_g + moreWeight);
        expect(price({ ...i, weight_g: heavier })).toBeGreaterThanOrEqual(price(i));
      }),
    );
  });

  it('old price is absent at reserve 0 and never below the price otherwise', () => {
    fc.assert(
      fc.property(inputs, (i) => {
        const { breakdown } = quote(i, policy);
        if (i.reserve_discount_percent === 0) expect(breakdown.old_price_rub).toBeNull();
        else expect(breakdown.old_price_rub).toBeGreaterThanOrEqual(breakdown.price_rub);
      }),
    );
  });

  it('prices are whole roubles', () => {
    fc.assert(fc.property(inputs, (i) => Number.isInteger(quote(i, policy).price)));
  });
});
