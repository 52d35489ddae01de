import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Asset, pendingAsset } from '../../../src/domain/media/asset.ts';
import { isDomainError } from '../../../src/domain/common/errors.ts';
import { type Material } from '../../../src/domain/intake/material.ts';
import { DEFAULT_PRICING_POLICY } from '../../../src/domain/pricing/pricing.ts';
import { newProduct, type Product } from '../../../src/domain/catalog/product.ts';
import { pricingInputsOf, quoteProduct } from '../../../src/domain/pricing/product-pricing.ts';
import { readyProblems } from '../../../src/domain/catalog/ready-checks.ts';
import { newVariant, type Variant, withOfferIds } from '../../../src/domain/variants/variant.ts';
import { applyVariantEdits, type VariantEdit } from '../../../src/domain/variants/variant-edits.ts';
import { collectVariants, withSkuImages } from '../../../src/domain/variants/variant-intake.ts';
import { priceProduct, variantPricingChanged } from '../../../src/domain/variants/variant-pricing.ts';
import { aspectKey, assertVariantRules, offerIdProblems } from '../../../src/domain/variants/variant-rules.ts';

const NOW = '2026-11-25T10:00:00.000Z';
const RED = { '10096': [{ dictionary_value_id: 1, value: 'красный' }] };
const BLUE = { '10096': [{ dictionary_value_id: 2, value: 'синий' }] };
const variant = (seq: number, fields: Partial<Variant> = {}): Variant => newVariant({ id: `v${seq}`, seq, label_zh: `款${seq}`, ...fields });

/** What a rule refused with: kind and code, or 'ok'. */
function outcome(run: () => unknown): string {
  try {
    run();
    return 'ok';
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return `${error.kind}:${error.code}`;
  }
}

const ids = () => {
  let n = 0;
  return () => `new-${++n}`;
};

describe('variant rules (docs/decisions.md, Variants)', () => {
  it('refuses two enabled variants alike in every aspect value, naming both, and lets a disabled one be alike', () => {
    const twins = [variant(1, { aspects: RED, offer_id: 'A-1' }), variant(2, { aspects: RED, offer_id: 'A-2' })];
    expect(outcome(() => assertVariantRules(twins))).toBe('invalid:VARIANT_ASPECTS_DUPLICATE');
    try {
      assertVariantRules(twins);
    } catch (error) {
      expect(isDomainError(error) && error.detail).toContain('「款1」（A-1）与「款2」（A-2）');
    }
    expect(outcome(() => assertVariantRules([twins[0]!, { ...twins[1]!, enabled: false }]))).toBe('ok');
    expect(outcome(() => assertVariantRules([twins[0]!, { ...twins[1]!, aspects: BLUE }]))).toBe('ok');
    // No values chosen yet is not a clash: the seller picks them one at a time.
    expect(outcome(() => assertVariantRules([variant(1), variant(2)]))).toBe('ok');
  });

  it('compares text values without case, and a dictionary entry by its id', () => {
    expect(aspectKey({ '10096': [{ value: 'White' }] })).toBe(aspectKey({ '10096': [{ value: ' white' }] }));
    expect(aspectKey({ '10096': [{ dictionary_value_id: 5, value: 'a' }] })).toBe(aspectKey({ '10096': [{ dictionary_value_id: 5, value: 'b' }] }));
    expect(aspectKey({ '1': [{ value: 'x' }], '2': [{ value: 'y' }] })).toBe(aspectKey({ '2': [{ value: 'y' }], '1': [{ value: 'x' }] }));
    expect(aspectKey({ '10096': [] })).toBe('');
  });

  it('refuses a Chinese Russian label, a Chinese aspect value and repeated offer ids', () => {
    expect(outcome(() => assertVariantRules([variant(1, { label_ru: 'красный 红' })]))).toBe('invalid:VALIDATION_FAILED');
    expect(outcome(() => assertVariantRules([variant(1, { aspects: { '10096': [{ value: '红色' }] } })]))).toBe('invalid:VALIDATION_FAILED');
    expect(outcome(() => assertVariantRules([variant(1, { offer_id: 'X' }), variant(2, { offer_id: 'X' })]))).toBe('conflict:OFFER_ID_TAKEN');
    expect(outcome(() => assertVariantRules(Array.from({ length: 501 }, (_, i) => variant(i + 1))))).toBe('invalid:TOO_MANY_VARIANTS');
  });

  it('names the field each clashing offer id came from: the variant’s own when pinned, else the product’s it follows', () => {
    const variants = [variant(1, { offer_id: 'MUG-1' }), variant(2, { offer_id: 'MY-BLUE', offer_id_pinned: true }), variant(3, { offer_id: 'MUG-3' })];
    expect(offerIdProblems(variants, ['MUG-1', 'MY-BLUE'], '已被其他商品使用')).toEqual([
      { path: '/offer_id', message: '款式「款1」（MUG-1）的货号已被其他商品使用' },
      { path: '/variants/1/offer_id', message: '款式「款2」（MY-BLUE）的货号已被其他商品使用' },
    ]);
    try {
      assertVariantRules([variant(1, { offer_id: 'X', offer_id_pinned: true }), variant(2, { offer_id: 'X', offer_id_pinned: true })]);
      expect.unreachable();
    } catch (error) {
      expect(isDomainError(error) && error.problems.map((problem) => problem.path)).toEqual(['/variants/0/offer_id', '/variants/1/offer_id']);
    }
  });

  it('takes a pinned offer id of up to 50 characters and refuses any longer (property)', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z0-9-]{1,80}$/), (offer) => {
        const result = outcome(() => assertVariantRules([variant(1, { offer_id: offer, offer_id_pinned: true })]));
        expect(result).toBe(offer.length <= 50 ? 'ok' : 'invalid:VALIDATION_FAILED');
      }),
    );
  });

  it('derives offer ids from the product’s as {offer_id}-{seq} until pinned; none without a product offer id', () => {
    const variants = [variant(1), variant(3), variant(2, { offer_id: 'MINE', offer_id_pinned: true })];
    expect(withOfferIds('CUP', variants).map((v) => v.offer_id)).toEqual(['CUP-1', 'CUP-3', 'MINE']);
    expect(withOfferIds('', variants).map((v) => v.offer_id)).toEqual([null, null, 'MINE']);
  });
});

describe('variant edits (PATCH variants)', () => {
  const current = [variant(1, { label_ru: 'красный', cost_cny: 10 }), variant(2, { marketplace_product_id: '777', offer_id: 'P-2', offer_id_pinned: true })];

  it('changes only the carried fields, appends new ones with the next seq, keeps the order given', () => {
    const next = applyVariantEdits(current, [{ id: 'v2' }, { id: 'v1', enabled: false, aspects: BLUE }, { label_zh: ' 绿色 ', cost_cny: 12 }], ids());
    expect(next.map((v) => [v.id, v.seq, v.label_zh, v.enabled])).toEqual([
      ['v2', 2, '款2', true],
      ['v1', 1, '款1', false],
      ['new-1', 3, '绿色', true],
    ]);
    expect(next[1]).toMatchObject({ label_ru: 'красный', cost_cny: 10, aspects: BLUE });
    expect(next[2]).toMatchObject({ cost_cny: 12, status: 'draft', label_ru: null });
  });

  it('refuses unknown or repeated ids, a nameless new variant, and removing or re-numbering a published one', () => {
    expect(outcome(() => applyVariantEdits(current, [{ id: 'nope' }, { id: 'v2' }], ids()))).toBe('invalid:VALIDATION_FAILED');
    expect(outcome(() => applyVariantEdits(current, [{ id: 'v2' }, { id: 'v2' }], ids()))).toBe('invalid:VALIDATION_FAILED');
    expect(outcome(() => applyVariantEdits(current, [{ id: 'v2' }, { label_zh: ' ' }], ids()))).toBe('invalid:VALIDATION_FAILED');
    expect(outcome(() => applyVariantEdits(current, [{ id: 'v1' }], ids()))).toBe('conflict:VARIANT_PUBLISHED');
    expect(outcome(() => applyVariantEdits(current, [{ id: 'v2', offer_id: 'P-9' }], ids()))).toBe('conflict:VARIANT_PUBLISHED');
    // Each names its field, so the page says it beside the variant table.
    const pathsOf = (edits: VariantEdit[]) => {
      try {
        applyVariantEdits(current, edits, ids());
      } catch (error) {
        return isDomainError(error) ? error.problems.map((problem) => problem.path) : [];
      }
      return [];
    };
    expect(pathsOf([{ id: 'v1' }])).toEqual(['/variants']);
    expect(pathsOf([{ id: 'v1' }, { id: 'v2', offer_id: 'P-9' }])).toEqual(['/variants/1/offer_id']);
    expect(outcome(() => applyVariantEdits(current, [{ id: 'v2', offer_id: 'P-2' }], ids()))).toBe('ok');
  });

  it('pins an offer id the seller sets and un-pins it on null', () => {
    const [pinned] = applyVariantEdits([variant(1)], [{ id: 'v1', offer_id: ' OWN-1 ' }], ids());
    expect(pinned).toMatchObject({ offer_id: 'OWN-1', offer_id_pinned: true });
    const [free] = applyVariantEdits([pinned!], [{ id: 'v1', offer_id: null }], ids());
    expect(withOfferIds('CUP', [free!])[0]!.offer_id).toBe('CUP-1');
  });
});

const material = (fields: Partial<Material>): Material => ({
  source: { platform: '1688', itemId: '1', url: 'https://detail.1688.com/offer/1.html', collectedAt: 1 },
  texts: [],
  images: [],
  ...fields,
});
const skuImage = (label: string, index: number) => ({
  groupKey: 'sku' as const,
  groupName: 'SKU',
  variantName: label,
  url: `https://cdn.example/${index}.jpg`,
  index,
  type: 'img',
  dedupeKey: `k${index}`,
});
const assetFor = (id: string, group: 'sku' | 'main', label: string | null, index: number, dedupe = `k${index}`): Asset =>
  pendingAsset(
    {
      asset_id: id,
      product_id: 'p',
      group_key: group,
      group_name: '',
      variant_name: label,
      type: 'img',
      index,
      dedupe_key: dedupe,
      source_url: '',
      referer: '',
    },
    NOW,
  );

describe('variants from collected material', () => {
  const skus = [
    { skuId: 's1', label: '红色', priceCny: 18.5, stock: 3, props: [{ name: '颜色', value: '红色' }] },
    { skuId: 's2', label: '蓝色', imageUrl: 'https://cdn.example/blue.jpg' },
    { skuId: 's3', label: '白色', stock: 0 },
  ];

  it('makes one enabled variant per SKU: cost from priceCny, picture from the sku image of that label, else imageUrl', () => {
    const sent = withSkuImages(material({ skus, images: [skuImage('红色', 0)] }));
    expect(sent.images.map((image) => image.variantName)).toEqual(['红色', '蓝色']);
    const assets = [assetFor('a-red', 'sku', '红色', 0), assetFor('a-blue', 'sku', '蓝色', 10_001, 'https://cdn.example/blue.jpg')];
    const variants = collectVariants([], sent, assets, ids());
    expect(variants.map((v) => [v.seq, v.sku_id, v.label_zh, v.cost_cny, v.stock, v.image_asset_id, v.enabled, v.label_ru])).toEqual([
      [1, 's1', '红色', 18.5, 3, 'a-red', true, null],
      [2, 's2', '蓝色', null, null, 'a-blue', true, null],
      [3, 's3', '白色', null, 0, null, true, null],
    ]);
    expect(variants[0]!.props).toEqual([{ name: '颜色', value: '红色' }]);
  });

  it('falls back to the distinct variant names of sku images; fewer than two make no variants', () => {
    const images = [skuImage('黑', 0), skuImage('黑', 1), skuImage('灰', 2), { ...skuImage('x', 3), groupKey: 'main' as const }];
    expect(collectVariants([], material({ images }), [], ids()).map((v) => v.label_zh)).toEqual(['黑', '灰']);
    expect(collectVariants([], material({ images: [skuImage('黑', 0)] }), [], ids())).toEqual([]);
    expect(collectVariants([], material({ skus: [skus[0]!] }), [], ids())).toEqual([]);
    // One SKU id listed twice is one SKU: no product with a single variant.
    expect(collectVariants([], material({ skus: [skus[0]!, { ...skus[0]!, label: '蓝色' }] }), [], ids())).toEqual([]);
  });

  it('appending adds new labels and keeps every edit of the seller', () => {
    const first = collectVariants([], material({ skus }), [], ids());
    const edited = first.map((v, i) => (i === 0 ? { ...v, label_ru: 'красный', cost_cny: 30, enabled: false, offer_id: 'MY-RED', offer_id_pinned: true } : v));
    const again = collectVariants(
      edited,
      material({
        skus: [
          { skuId: 's1', label: '红色', priceCny: 1 },
          { skuId: 's4', label: '绿色' },
        ],
      }),
      [],
      ids(),
    );
    expect(again.map((v) => [v.seq, v.label_zh])).toEqual([
      [1, '红色'],
      [2, '蓝色'],
      [3, '白色'],
      [4, '绿色'],
    ]);
    expect(again[0]).toEqual(edited[0]);
    // A product with variants takes a single new SKU as one more variant.
    expect(collectVariants(edited, material({ skus: [{ skuId: 's9', label: '紫色' }] }), [], ids())).toHaveLength(4);
  });

  it('refuses growing past 500 variants', () => {
    const many = Array.from({ length: 499 }, (_, i) => variant(i + 1, { sku_id: `s${i}` }));
    expect(
      outcome(() =>
        collectVariants(
          many,
          material({
            skus: [
              { skuId: 'x', label: 'x' },
              { skuId: 'y', label: 'y' },
            ],
          }),
          [],
          ids(),
        ),
      ),
    ).toBe('invalid:TOO_MANY_VARIANTS');
  });
});

const pricedProduct = (variants: Variant[], pricing = { cost_cny: 20 }): Product =>
  newProduct({ id: 'p', stage: 'editing', source_platform: '1688', offer_id: 'CUP', weight: 300, pricing, variants }, NOW);

describe('variant prices (the one pricing computation)', () => {
  const solo = (cost: number, weight: number) =>
    quoteProduct(pricingInputsOf(pricedProduct([], { cost_cny: cost, weight_g: weight } as never))!, 11.5, DEFAULT_PRICING_POLICY);

  it('prices each variant with its own cost and weight (else the product’s); the product takes its lowest enabled variant’s', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            cost: fc.option(fc.integer({ min: 0, max: 5000 }), { nil: null }),
            weight: fc.option(fc.integer({ min: 1, max: 30_000 }), { nil: null }),
            enabled: fc.boolean(),
          }),
          { minLength: 1, maxLength: 8 },
        ),
        (specs) => {
          const variants = specs.map((spec, i) => variant(i + 1, { cost_cny: spec.cost, weight_g: spec.weight, enabled: spec.enabled }));
          const priced = priceProduct(pricedProduct(variants), 11.5, DEFAULT_PRICING_POLICY);
          priced.variants.forEach((v, i) => {
            const expected = solo(specs[i]!.cost ?? 20, specs[i]!.weight ?? 300);
            expect([v.price, v.old_price]).toEqual([expected.price, expected.old_price]);
          });
          const enabledPrices = priced.variants.filter((v) => v.enabled).map((v) => v.price!);
          expect(priced.price).toBe(enabledPrices.length > 0 ? Math.min(...enabledPrices) : solo(20, 300).price);
          expect(
            readyProblems(
              { ...priced, name: 'Cup', description: 'Cup', depth: 1, width: 1, height: 1 },
              { policy: DEFAULT_PRICING_POLICY, offerIdTaken: false, storedImageCount: 1 },
            ).map((p) => p.path),
          ).toEqual(enabledPrices.length > 0 ? [] : ['/variants']);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('the ready check names a variant whose stored price is stale', () => {
    const priced = priceProduct(pricedProduct([variant(1), variant(2, { cost_cny: 50 })]), 11.5, DEFAULT_PRICING_POLICY);
    const stale = {
      ...priced,
      name: 'Cup',
      description: 'Cup',
      depth: 1,
      width: 1,
      height: 1,
      variants: priced.variants.map((v, i) => (i === 1 ? { ...v, price: 1 } : v)),
    };
    expect(readyProblems(stale, { policy: DEFAULT_PRICING_POLICY, offerIdTaken: false, storedImageCount: 1 })).toEqual([
      { path: '/variants/1/price', message: '款式「款2」的价格缺失或与定价策略重新计算的结果不一致，请重新定价' },
    ]);
  });

  it('a variant weight beyond the last band is refused with the variant’s path', () => {
    expect(outcome(() => priceProduct(pricedProduct([variant(1, { weight_g: 40_000 })]), 11.5, DEFAULT_PRICING_POLICY))).toBe(
      'invalid:PRICING_WEIGHT_OUT_OF_RANGE',
    );
  });

  it('knows which edits change prices', () => {
    const base = pricedProduct([variant(1), variant(2)]);
    expect(variantPricingChanged(base, { ...base, variants: [variant(1, { label_ru: 'x', aspects: RED }), variant(2)] })).toBe(false);
    expect(variantPricingChanged(base, { ...base, variants: [variant(1, { enabled: false }), variant(2)] })).toBe(true);
    expect(variantPricingChanged(base, { ...base, variants: [variant(1)] })).toBe(true);
  });
});
