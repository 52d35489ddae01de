import { describe, expect, it } from 'vitest';
import { makeQuotePrice } from '../../../src/application/use-cases/quote-price.ts';
import { quote } from '../../../src/domain/pricing/pricing.ts';
import { newVariant } from '../../../src/domain/variants/variant.ts';
import { priceProduct } from '../../../src/domain/variants/variant-pricing.ts';
import { catalogKit, readyableFields } from './catalog-kit.ts';

describe('reprice product', () => {
  it('prices at the current rate, or at the product’s own rate override without asking for the current one', async () => {
    const kit = catalogKit();
    const product = await kit.given({ ...readyableFields, pricing: { cost_cny: 20, weight_g: 300 } });
    const atCurrent = await kit.repriceProduct(product);
    expect([atCurrent.fx_rate, atCurrent.price]).toEqual([12, priceProduct(product, 12, kit.policy).price]);
    const calls = kit.fx.calls;
    const overridden = await kit.repriceProduct({ ...product, pricing: { ...product.pricing, fx_rate: 10 } });
    expect(overridden.fx_rate).toBe(10);
    expect(overridden.price).toBeLessThan(atCurrent.price!);
    expect(kit.fx.calls).toBe(calls);
  });

  it('clears the price when inputs are missing, without reading the rate', async () => {
    const kit = catalogKit();
    const product = await kit.given({ name: 'Без себестоимости', price: 500, old_price: 1000, pricing: { result: { price_rub: 500 } } });
    const cleared = await kit.repriceProduct(product);
    expect([cleared.price, cleared.old_price, cleared.pricing]).toEqual([null, null, {}]);
    expect(kit.fx.calls).toBe(0);
  });

  it('takes the lowest enabled variant’s price for the product', async () => {
    const kit = catalogKit();
    const variants = [
      newVariant({ id: 'v1', seq: 1, label_zh: '大', cost_cny: 40 }),
      newVariant({ id: 'v2', seq: 2, label_zh: '小', cost_cny: 10, enabled: false }),
      newVariant({ id: 'v3', seq: 3, label_zh: '中', cost_cny: 30 }),
    ];
    const product = await kit.given({ ...readyableFields, pricing: { cost_cny: 20, weight_g: 300 }, variants });
    const priced = await kit.repriceProduct(product);
    const [large, small, middle] = priced.variants;
    expect(small!.price).toBeLessThan(middle!.price!);
    expect(middle!.price).toBeLessThan(large!.price!);
    expect(priced.price).toBe(middle!.price);
  });
});

describe('quote price', () => {
  it('quotes at the current rate, or at the override without reading the rate, storing nothing', async () => {
    const kit = catalogKit();
    const quotePrice = makeQuotePrice(kit);
    const inputs = { cost_cny: 20, weight_g: 300 };
    expect(await quotePrice(inputs)).toEqual(quote({ ...inputs, fx_rate: 12 }, kit.policy));
    const calls = kit.fx.calls;
    const overridden = await quotePrice({ ...inputs, fx_rate: 10, markup_percent: 50 });
    expect(overridden).toEqual(quote({ ...inputs, fx_rate: 10, markup_percent: 50 }, kit.policy));
    expect(overridden.breakdown.fx_rate).toBe(10);
    expect(kit.fx.calls).toBe(calls);
    expect((await kit.products.list({ page: 1, pageSize: 1 })).total).toBe(0);
  });
});
