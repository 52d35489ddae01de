import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  collectedCostCny,
  collectedWeightGrams,
  parseCostCny,
  parseWeightGrams,
  prefillPricing,
  unifyWeight,
} from '../../../src/domain/intake/collected-pricing.ts';
import { type JsonValue } from '../../../src/domain/common/json.ts';
import { newProduct } from '../../../src/domain/catalog/product.ts';

const cents = fc.integer({ min: 1, max: 10_000_000 }).map((n) => n / 100);
const yuan = (value: number) => value.toFixed(2);

describe('parseCostCny', () => {
  it('reads the examples of the contract', () => {
    expect(parseCostCny('¥18.50')).toBe(18.5);
    expect(parseCostCny('18.5元')).toBe(18.5);
    expect(parseCostCny('￥15.00-￥25.00')).toBe(15);
    expect(parseCostCny('15~25元')).toBe(15);
    expect(parseCostCny('12.80')).toBe(12.8);
    expect(parseCostCny('起批 2-9件 ¥18.50')).toBe(18.5);
    expect(parseCostCny('价格面议')).toBeUndefined();
    expect(parseCostCny('')).toBeUndefined();
  });

  it('reads any price written with ¥, ￥ or 元', () => {
    fc.assert(
      fc.property(cents, fc.constantFrom('¥', '￥ ', ''), (price, mark) => {
        const text = mark ? `${mark}${yuan(price)}` : `${yuan(price)}元`;
        expect(parseCostCny(text)).toBe(price);
      }),
    );
  });

  it('takes the lowest end of any range', () => {
    fc.assert(
      fc.property(cents, cents, fc.constantFrom('-', '~', '～', ' - '), (a, b, dash) => {
        expect(parseCostCny(`¥${yuan(a)}${dash}${yuan(b)}`)).toBe(Math.min(a, b));
        expect(parseCostCny(`${yuan(a)}${dash}${yuan(b)}`)).toBe(Math.min(a, b));
      }),
    );
  });

  it('never throws and answers only positive finite numbers', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), (text) => {
        const cost = parseCostCny(text);
        expect(cost === undefined || (Number.isFinite(cost) && cost > 0)).toBe(true);
      }),
    );
  });
});

describe('parseWeightGrams', () => {
  it('reads grams and kilograms', () => {
    expect(parseWeightGrams('320g')).toBe(320);
    expect(parseWeightGrams('0.32kg')).toBe(320);
    expect(parseWeightGrams('1.5 公斤')).toBe(1500);
    expect(parseWeightGrams('320克')).toBe(320);
    expect(parseWeightGrams('320')).toBeUndefined();
    expect(parseWeightGrams('32gb')).toBeUndefined();
  });

  it('reads any weight in g or kg as the same grams', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000 }), (grams) => {
        expect(parseWeightGrams(`重量 ${grams}g`)).toBe(grams);
        expect(parseWeightGrams(`${grams / 1000}kg`)).toBe(grams);
      }),
    );
  });

  it('never throws and answers only positive grams', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), (text) => {
        const grams = parseWeightGrams(text);
        expect(grams === undefined || (Number.isFinite(grams) && grams > 0)).toBe(true);
      }),
    );
  });
});

const collected = (texts: unknown[], fields: Record<string, unknown> = {}) =>
  newProduct({ id: 'p1', stage: 'collected', source_platform: '1688', raw: { texts: texts as never }, ...fields }, '2026-11-24T00:00:00.000Z');

describe('prefillPricing', () => {
  const texts: JsonValue[] = [
    { kind: 'price', content: '¥18.50-¥25.00' },
    {
      kind: 'params',
      content: '',
      pairs: [
        { key: '材质', value: '硅胶' },
        { key: '重量', value: '0.32kg' },
      ],
    },
  ];

  it('fills cost and weight from the collected texts and lists them', () => {
    expect(collectedCostCny({ texts })).toBe(18.5);
    expect(collectedWeightGrams({ texts })).toBe(320);
    expect(collectedWeightGrams({ texts: [{ kind: 'desc', content: '产品重量：320g，尺寸 10cm' }] })).toBe(320);
    const product = prefillPricing(collected(texts));
    expect(product.pricing).toEqual({ cost_cny: 18.5, weight_g: 320, prefilled: ['cost_cny', 'weight_g'] });
    expect(product.weight).toBe(320);
  });

  it("keeps the seller's values", () => {
    const product = prefillPricing(collected(texts, { pricing: { cost_cny: 30 }, weight: 500 }));
    expect(product.pricing).toEqual({ cost_cny: 30 });
    expect(product.weight).toBe(500);
  });
});

describe('unifyWeight', () => {
  const base = collected([], { weight: 300, pricing: { weight_g: 300, prefilled: ['cost_cny', 'weight_g'], cost_cny: 10 } });

  it('moves weight_g with weight, and weight with weight_g, in the weight unit', () => {
    expect(unifyWeight(base, { ...base, weight: 330 }).pricing).toEqual({ weight_g: 330, cost_cny: 10, prefilled: ['cost_cny'] });
    expect(unifyWeight(base, { ...base, weight: 0.33, weight_unit: 'kg' }).pricing.weight_g).toBe(330);
    const kg = { ...base, weight_unit: 'kg', weight: 0.3 };
    expect(unifyWeight(kg, { ...kg, pricing: { ...kg.pricing, weight_g: 450 } }).weight).toBe(0.45);
    const cleared = unifyWeight(base, { ...base, pricing: { cost_cny: 12, prefilled: ['cost_cny', 'weight_g'] } });
    expect([cleared.weight, cleared.pricing]).toEqual([null, { cost_cny: 12 }]);
  });

  it('keeps both equal for any edit', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), fc.boolean(), (grams, viaWeight) => {
        const after = viaWeight ? { ...base, weight: grams } : { ...base, pricing: { ...base.pricing, weight_g: grams } };
        const unified = unifyWeight(base, after);
        expect([unified.weight, unified.pricing.weight_g]).toEqual([grams, grams]);
      }),
    );
  });
});
