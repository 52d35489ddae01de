import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parsePricingPolicy } from '../../../src/domain/pricing/pricing-policy.ts';
import { DEFAULT_PRICING_POLICY } from '../../../src/domain/pricing/pricing.ts';
import {
  minPriceProblems,
  minPriceRub,
  oldPriceGapHolds as gapOk,
  oldPriceProblems,
  priceRuleProblems,
  requiredGapRub,
} from '../../../src/domain/pricing/price-rules.ts';

/** Prices in whole kopecks over the marketplace's range (1 ₽ to 1 000 000 ₽), as roubles. */
const priceRub = fc.integer({ min: 100, max: 100_000_000 }).map((kopecks) => kopecks / 100);

describe('the marketplace price rules (docs/decisions.md, Price rules)', () => {
  it('an old price 3 % above a 5 000 ₽ price is refused with a Chinese sentence; 6 % passes', () => {
    expect(oldPriceProblems(5000, 5150)).toEqual([{ field: 'old_price', message: '售价在 400–10 000 ₽ 之间时，划线价须比售价高 5% 以上（现在只高 3%）' }]);
    expect(oldPriceProblems(5000, 5300)).toEqual([]);
  });

  it('the gap is more than 20 ₽ under 400 ₽, more than 5 % from 400 to 10 000 ₽, more than 500 ₽ above (boundaries exact)', () => {
    expect(oldPriceProblems(399, 419)[0]?.message).toBe('售价低于 400 ₽ 时，划线价须比售价高 20 ₽ 以上（现在只高 20 ₽）');
    expect(oldPriceProblems(399, 419.01)).toEqual([]);
    expect(oldPriceProblems(400, 420)).toHaveLength(1); // 5 % of 400 is 20: not more than it
    expect(oldPriceProblems(400, 420.01)).toEqual([]);
    expect(oldPriceProblems(1000, 1050)).toHaveLength(1);
    expect(oldPriceProblems(10_000, 10_500)).toHaveLength(1);
    expect(oldPriceProblems(10_000, 10_500.01)).toEqual([]);
    expect(oldPriceProblems(10_001, 10_501)[0]?.message).toBe('售价高于 10 000 ₽ 时，划线价须比售价高 500 ₽ 以上（现在只高 500 ₽）');
    expect(oldPriceProblems(10_001, 10_501.01)).toEqual([]);
  });

  it('no old price (null or 0) breaks no rule; one at or below the price is its own sentence', () => {
    expect(oldPriceProblems(100, null)).toEqual([]);
    expect(oldPriceProblems(100, 0)).toEqual([]);
    expect(oldPriceProblems(100, 100)).toEqual([{ field: 'old_price', message: '划线价必须高于售价（或不填划线价）' }]);
  });

  it('a discount of 90 % or more is refused, 89.99 % passes', () => {
    expect(oldPriceProblems(100, 1000)).toEqual([{ field: 'old_price', message: '折扣不能达到 90% 或以上（现在 90%），请降低划线价或减小预留折扣' }]);
    expect(oldPriceProblems(100.01, 1000)).toEqual([]);
  });

  it('min_price must be at least half the price and below it', () => {
    expect(minPriceProblems(1000, 500)).toEqual([]);
    expect(minPriceProblems(1000, 499.99)[0]).toEqual({ field: 'min_price', message: '最低价不能低于售价的 50%（最低价 499.99 ₽，售价 1 000 ₽）' });
    expect(minPriceProblems(1000, 1000)[0]).toEqual({ field: 'min_price', message: '最低价必须低于售价（最低价 1 000 ₽，售价 1 000 ₽）' });
    expect(minPriceProblems(1000, null)).toEqual([]);
    expect(minPriceRub(593, null)).toBeNull();
    expect(minPriceRub(593, 80)).toBe(475); // 474.4 rounded up
  });

  it('property: an accepted old price is above the price by the band’s gap and the discount is under 90 %', () => {
    fc.assert(
      fc.property(priceRub, fc.integer({ min: 0, max: 2_000_000_000 }), (price, extraKopecks) => {
        const old = Math.round(price * 100 + extraKopecks) / 100;
        const accepted = oldPriceProblems(price, old).length === 0;
        const gap = old - price;
        const expected = gap > requiredGapRub(price) + 1e-9 && (old - price) / old < 0.9 - 1e-12;
        // Exactly on a boundary the kopeck comparison decides; away from it both agree.
        const onEdge = Math.abs(gap - requiredGapRub(price)) < 1e-6 || Math.abs((old - price) / old - 0.9) < 1e-9;
        return onEdge || accepted === expected;
      }),
      { numRuns: 2000 },
    );
  });

  it('property: the gap rule is monotonic (raising the old price never breaks it) and never needs more than 500 ₽', () => {
    fc.assert(
      fc.property(priceRub, fc.integer({ min: 0, max: 100_000 }), fc.integer({ min: 1, max: 100_000 }), (price, a, more) => {
        const old = price + a / 100;
        if (gapOk(price, old) && !gapOk(price, old + more / 100)) return false;
        return requiredGapRub(price) <= 500 && gapOk(price, price + 500.01);
      }),
      { numRuns: 2000 },
    );
  });

  it('property: the policy’s minimum price (50 % up to under 100 %) passes its own rule for prices of 2 ₽ and more', () => {
    fc.assert(
      fc.property(fc.integer({ min: 200, max: 100_000_000 }), fc.integer({ min: 5000, max: 9900 }), (kopecks, hundredths) => {
        const price = Math.ceil(kopecks / 100); // computed prices are whole roubles
        const min = minPriceRub(price, hundredths / 100)!;
        const problems = priceRuleProblems({ price_rub: price, old_price_rub: null, min_price_rub: min });
        return min >= price ? problems.length === 1 && problems[0]!.field === 'min_price' : problems.length === 0;
      }),
      { numRuns: 2000 },
    );
  });

  it('the policy file takes min_price_percent from 50 to under 100, null or absent (off)', () => {
    const withPercent = (value: unknown) => () =>
      parsePricingPolicy({ ...DEFAULT_PRICING_POLICY, defaults: { ...DEFAULT_PRICING_POLICY.defaults, min_price_percent: value } });
    expect(withPercent(80)().defaults.min_price_percent).toBe(80);
    expect(withPercent(null)().defaults.min_price_percent).toBeNull();
    expect(DEFAULT_PRICING_POLICY.defaults.min_price_percent).toBeUndefined();
    for (const bad of [49.9, 100, '80'])
      expect(withPercent(bad)).toThrow(expect.objectContaining({ problems: [expect.objectContaining({ path: '/defaults/min_price_percent' })] }));
  });
});
