import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PRICING_POLICY, quote } from '../../src/domain/pricing/pricing.ts';
import { commissionOf, type MarketPriceInfo } from '../../src/domain/pricing/market-prices.ts';
import { markupForMargin, realMargin } from '../../src/domain/pricing/real-margin.ts';

const policy = DEFAULT_PRICING_POLICY;
const base = {
  cost_cny: 20,
  weight_g: 300,
  markup_percent: undefined,
  reserve_discount_percent: undefined,
  tier: undefined,
  fx_override: undefined,
  currency_code: 'RUB' as const,
};

describe('the real margin (docs/decisions.md, Real margin)', () => {
  it("replaces the tier's commission in the share kept, the other fees unchanged", () => {
    const tier = quote({ cost_cny: 20, weight_g: 300, fx_rate: 11.5 }, policy);
    const real = quote({ cost_cny: 20, weight_g: 300, fx_rate: 11.5, commission_percent: 25 }, policy);
    // low tier: net_ratio 0.845 with 15.5 % commission → 0.845 + (15.5 − 25) / 100 = 0.75
    expect(tier.breakdown).toMatchObject({ net_ratio: 0.845, commission_percent: 15.5, price_rub: 593 });
    expect(real.breakdown).toMatchObject({ net_ratio: 0.75, commission_percent: 25, price_rub: 668 });
    expect(real.breakdown.profit_rub).toBeCloseTo(668 * 0.75 - 385.25, 2);
    expect(() => quote({ cost_cny: 20, weight_g: 300, fx_rate: 11.5, commission_percent: 100 }, policy)).toThrow(
      expect.objectContaining({ code: 'PRICING_INPUT_INVALID' }),
    );
  });

  it('takes the current price as it is: price × share − landed, in roubles (CNY through the planned rate)', () => {
    const planned = quote({ cost_cny: 20, weight_g: 300, fx_rate: 11.5 }, policy).breakdown;
    expect(realMargin(planned, { price: 593, currency_code: 'RUB', commission_percent: 25 })).toEqual({
      price_rub: 593,
      real_profit_rub: 59.5,
      real_margin_percent: 10.03,
    });
    // A commission of 0 is unknown, not free: the tier's stands.
    expect(realMargin(planned, { price: 593, currency_code: 'RUB', commission_percent: 0 })!.real_profit_rub).toBeCloseTo(planned.profit_rub, 2);
    expect(realMargin(planned, { price: 51.57, currency_code: 'CNY', commission_percent: 12 })!.price_rub).toBeCloseTo(593.06, 2);
    expect(realMargin(planned, { price: 0, currency_code: 'RUB', commission_percent: 12 })).toBeUndefined();
  });

  it("uses the shop's scheme: rFBS for an rFBS default warehouse, else FBS; 0 is unknown", () => {
    const info = { sales_percent_fbs: 12, sales_percent_rfbs: 0 } as MarketPriceInfo;
    expect(commissionOf(info, false)).toBe(12);
    expect(commissionOf(info, true)).toBeNull();
  });

  it('finds the markup whose price reaches the asked real margin (within half a point inside a tier) for any commission and cost', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5_000 }),
        fc.integer({ min: 50, max: 20_000 }),
        fc.integer({ min: 5, max: 40 }),
        fc.integer({ min: 0, max: 45 }),
        (cost, weight, commission, margin) => {
          const inputs = { ...base, cost_cny: cost, weight_g: weight };
          const markup = markupForMargin(inputs, 11.5, policy, margin, commission);
          const planned = quote({ ...inputs, fx_rate: 11.5, markup_percent: markup }, policy).breakdown;
          const real = realMargin(planned, { price: planned.price_rub, currency_code: 'RUB', commission_percent: commission })!;
          expect(real.real_margin_percent).toBeGreaterThanOrEqual(margin - 0.01);
          // And the least such markup (to a cent), unless 0 already gives more: a cent less falls short, or keeps the price.
          if (markup >= 0.01) {
            const less = quote({ ...inputs, fx_rate: 11.5, markup_percent: markup - 0.01 }, policy).breakdown;
            const short = realMargin(less, { price: less.price_rub, currency_code: 'RUB', commission_percent: commission })!;
            if (less.price_rub !== planned.price_rub) expect(short.real_margin_percent).toBeLessThan(margin + 0.05); // the price's rouble rounding
          }
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('refuses a margin of 100 % or more, a negative one, and one the commission leaves out of reach, in Chinese', () => {
    for (const margin of [100, 120, -1])
      expect(() => markupForMargin(base, 11.5, policy, margin, 12)).toThrow(expect.objectContaining({ code: 'MARGIN_OUT_OF_RANGE' }));
    expect(() => markupForMargin(base, 11.5, policy, 90, 15)).toThrow(
      expect.objectContaining({ code: 'MARGIN_UNREACHABLE', detail: expect.stringMatching(/无法达到/) }),
    );
  });
});
