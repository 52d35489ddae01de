import { describe, expect, it } from 'vitest';
import { newProduct, type Product } from '../../src/domain/catalog/product.ts';
import { readyProblems } from '../../src/domain/catalog/ready-checks.ts';
import { DEFAULT_PRICING_POLICY, type PricingPolicy } from '../../src/domain/pricing/pricing.ts';
import { applyQuote, pricingInputsOf, quoteProduct } from '../../src/domain/pricing/product-pricing.ts';
import { preparePublish } from '../../src/domain/publishing/publish.ts';
import { chooseOperation, priceOf } from '../../src/domain/publishing/publish-update.ts';
import { toPriceItem } from '../../src/adapters/marketplace/ozon-import-item.ts';
import { cardOf, itemOf } from '../helpers/prepare-publish.ts';
import { publishableProduct, publishableVariants } from '../helpers/publishable-product.ts';

/** The publishable product priced at `price` ₽ with `old` as its crossed-out price (as the breakdown stores them). */
const priced = (price: number, old: number | null): Product =>
  publishableProduct({ price, old_price: old, pricing: { cost_cny: 20, weight_g: 300, result: { price_rub: price, old_price_rub: old, fx_rate: 11.5 } } });
const problemsOf = (product: Product, minPricePercent: number | null = null, currency: 'RUB' | 'CNY' = 'RUB') => {
  const prepared = preparePublish({ product, currency, imageUrls: [product.primary_image!], minPricePercent });
  return prepared.ok ? [] : prepared.problems;
};

describe('price rules in the publish checks (docs/decisions.md, Price rules)', () => {
  it('an old price 3 % above a 5 000 ₽ price is one Chinese problem at old_price, whatever the shop currency', () => {
    const expected = [{ path: 'old_price', message: '售价在 400–10 000 ₽ 之间时，划线价须比售价高 5% 以上（现在只高 3%）' }];
    expect(problemsOf(priced(5000, 5150))).toEqual(expected);
    // Compared in roubles: the yuan amounts sent do not change the rule.
    expect(problemsOf(priced(5000, 5150), null, 'CNY')).toEqual(expected);
    expect(problemsOf(priced(5000, 5300))).toEqual([]);
  });

  it('a 90 % discount and an old price at the price are refused; no old price is fine', () => {
    expect(problemsOf(priced(100, 1000)).map((problem) => problem.message)).toEqual(['折扣不能达到 90% 或以上（现在 90%），请降低划线价或减小预留折扣']);
    expect(problemsOf(priced(593, 593)).map((problem) => problem.path)).toEqual(['old_price']);
    expect(problemsOf(priced(593, null))).toEqual([]);
  });

  it('each enabled variant is checked on its own price, named in the message', () => {
    const { product, variantImage } = publishableVariants();
    const broken = {
      ...product,
      variants: product.variants.map((variant, index) =>
        index === 1
          ? { ...variant, old_price: variant.price! + 10, breakdown: { ...variant.breakdown!, old_price_rub: variant.breakdown!.price_rub + 10 } }
          : variant,
      ),
    };
    const prepared = preparePublish({ product: broken, currency: 'RUB', imageUrls: [product.primary_image!], variantImage });
    expect(prepared.ok ? [] : prepared.problems).toEqual([
      { path: 'variants/1/old_price', message: expect.stringMatching(/^款式「蓝色」（BOX-001-2）：售价.*划线价须比售价高/) },
    ]);
  });

  it('with the policy’s min_price_percent the card carries min_price (rounded up, in the shop currency) and its price update sends it', () => {
    /** The `/v1/product/import/prices` item of the card made of these overrides. */
    const sentPrice = (overrides: Parameters<typeof cardOf>[0] = {}) => toPriceItem(priceOf(cardOf(overrides)));
    expect(cardOf().min_price).toBeUndefined();
    expect(sentPrice()).not.toHaveProperty('min_price');
    const card = cardOf({ minPricePercent: 80 });
    expect(sentPrice({ minPricePercent: 80 }).min_price).toBe('475'); // 80 % of 593 = 474.4
    expect(sentPrice({ minPricePercent: 80 })).toMatchObject({ price: '593', old_price: '1186', min_price: '475' });
    expect(sentPrice({ minPricePercent: 80, currency: 'CNY' }).min_price).toBe('41.3'); // 475 / 11.5
    expect(itemOf({ minPricePercent: 80 })).not.toHaveProperty('min_price'); // the import has no such field
    // Only the minimum price changed: a price update, not a full import.
    expect(chooseOperation(cardOf(), card)).toBe('prices');
  });

  it('a minimum price that rounds up to the price itself is refused at min_price', () => {
    expect(problemsOf(priced(1, null), 99)).toEqual([{ path: 'min_price', message: '最低价必须低于售价（最低价 1 ₽，售价 1 ₽）' }]);
  });
});

describe('price rules in the ready checks', () => {
  const policy: PricingPolicy = DEFAULT_PRICING_POLICY;
  const computed = (pricing: Record<string, number>): Product => {
    const product = newProduct(
      {
        id: '00000000-0000-4000-8000-000000000001',
        stage: 'editing',
        source_platform: null,
        name: 'Органайзер',
        description: 'Прочный органайзер.',
        offer_id: 'ORG-001',
        weight: 300,
        depth: 100,
        width: 80,
        height: 30,
        pricing,
      },
      '2026-11-21T10:00:00.000Z',
    );
    return applyQuote(product, quoteProduct(pricingInputsOf(product)!, 11.5, policy));
  };
  const context = { policy, offerIdTaken: false, storedImageCount: 1 };

  it('a reserve discount too small for the gap, or of 90 % and more, keeps the product from ready', () => {
    expect(readyProblems(computed({ cost_cny: 20 }), context)).toEqual([]);
    // 593 ₽ with 3 % reserve: old price 612, 19 ₽ (3.2 %) above.
    expect(readyProblems(computed({ cost_cny: 20, reserve_discount_percent: 3 }), context)).toEqual([
      { path: '/old_price', message: '售价在 400–10 000 ₽ 之间时，划线价须比售价高 5% 以上（现在只高 3.2%）' },
    ]);
    expect(readyProblems(computed({ cost_cny: 20, reserve_discount_percent: 92 }), context).map((problem) => problem.path)).toEqual(['/old_price']);
    expect(readyProblems(computed({ cost_cny: 20, reserve_discount_percent: 0 }), context)).toEqual([]);
  });
});
