import { toImportItem } from '../../src/adapters/marketplace/ozon-import-item.ts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { packByProduct, type Outgoing } from '../../src/application/publishing/publish-batches.ts';
import { type PublishInput, preparePublish } from '../../src/domain/publishing/publish.ts';
import { type AttributeRule, dictionaryKey } from '../../src/domain/publishing/publish-category-checks.ts';
import { newWaitingRecord } from '../../src/domain/publishing/publish-task.ts';
import { type Variant } from '../../src/domain/variants/variant.ts';
import { PUBLIC_BASE, publishableVariants } from '../helpers/publishable-product.ts';

const rule = (id: number, name: string, fields: Partial<AttributeRule> = {}): AttributeRule => ({
  id,
  name,
  is_required: false,
  is_collection: false,
  dictionary_id: 0,
  attribute_complex_id: 0,
  max_value_count: 0,
  ...fields,
});
const RULES = [
  rule(85, '品牌', { is_required: true, dictionary_id: 28732849 }),
  rule(9048, '型号名称', { is_required: true }),
  rule(10096, '商品颜色', { is_required: true, is_collection: true, dictionary_id: 10096, is_aspect: true }),
  rule(10097, '颜色名称'),
];
const KNOWN = new Set([dictionaryKey(85, 126745801), ...[61573, 61574, 61576].map((id) => dictionaryKey(10096, id))]);

function prepare(change: (variants: Variant[]) => Variant[] = (v) => v, extra: Partial<PublishInput> = {}) {
  const { product, variantImage } = publishableVariants();
  const changed = { ...product, variants: change([...product.variants]) };
  return preparePublish({
    product: changed,
    currency: 'RUB',
    imageUrls: [product.primary_image!, `${PUBLIC_BASE}/media/p/sku-1.jpg`, `${PUBLIC_BASE}/media/p/2.jpg`],
    variantImage,
    category: { rules: RULES, knownValues: KNOWN },
    ...extra,
  });
}
const problemsOf = (prepared: ReturnType<typeof prepare>) => (prepared.ok ? [] : prepared.problems);

describe('publishing variants (docs/decisions.md, Variants)', () => {
  it('makes one item per enabled variant with one model name, its own offer, price, picture, 10097 and aspects', () => {
    const prepared = prepare((variants) => variants.map((v, i) => (i === 2 ? { ...v, enabled: false } : v)));
    if (!prepared.ok) throw new Error(JSON.stringify(prepared.problems));
    const { product } = publishableVariants();
    expect(prepared.items.map((entry) => [entry.variant_id, entry.item.offer_id, toImportItem(entry.item).price, toImportItem(entry.item).old_price])).toEqual(
      product.variants.slice(0, 2).map((v) => [v.id, v.offer_id, String(v.price), String(v.old_price)]),
    );
    for (const [index, item] of prepared.items.map((entry) => toImportItem(entry.item)).entries()) {
      const attribute = (id: number) => item.attributes.filter((a) => a.id === id).map((a) => a.values);
      expect(attribute(9048)).toEqual([[{ value: 'BOX-001' }]]);
      expect(attribute(10097)).toEqual([[{ value: product.variants[index]!.label_ru }]]);
      expect(attribute(10096)).toEqual([[...product.variants[index]!.aspects['10096']!]]);
      expect(attribute(85)).toEqual([[{ dictionary_value_id: 126745801, value: 'Нет бренда' }]]);
      expect(attribute(4191)).toHaveLength(1);
      expect(item.primary_image).toBe(`${PUBLIC_BASE}/media/p/sku-${index + 1}.jpg`);
      // The shared pictures follow, without any variant's SKU picture.
      expect(item.images).toEqual([`${PUBLIC_BASE}/media/p/main.jpg`, `${PUBLIC_BASE}/media/p/2.jpg`]);
    }
    expect(Number(prepared.items[0]!.item.price)).toBeLessThan(Number(prepared.items[1]!.item.price));
  });

  it('keeps the seller’s 9048 on every item and a variant’s own weight and barcode', () => {
    const { product, variantImage } = publishableVariants({
      attributes: { '85': [{ dictionary_value_id: 126745801, value: 'Нет бренда' }], '9048': 'Коробка Лето' },
    });
    const variants = product.variants.map((v, i) => (i === 0 ? { ...v, weight_g: 450.4, barcode: 'OZN123' } : v));
    const prepared = preparePublish({ product: { ...product, variants }, currency: 'RUB', imageUrls: [product.primary_image!], variantImage });
    if (!prepared.ok) throw new Error(JSON.stringify(prepared.problems));
    expect(prepared.items.map(({ item }) => toImportItem(item).attributes.find((a) => a.id === 9048)!.values)).toEqual(
      Array(3).fill([{ value: 'Коробка Лето' }]),
    );
    expect(prepared.items[0]!.item).toMatchObject({ weight: 450, weight_unit: 'g', barcode: 'OZN123' });
    expect(prepared.items[1]!.item).toMatchObject({ weight: 300 });
    expect(prepared.items[1]!.item).not.toHaveProperty('barcode');
  });

  it('refuses what the seller has not chosen, naming each variant; never picks a value for them', () => {
    const prepared = prepare((variants): Variant[] => [
      { ...variants[0]!, label_ru: null },
      { ...variants[1]!, aspects: {} },
      { ...variants[2]!, aspects: { '10096': [{ value: 'серый' }] }, image_asset_id: null },
    ]);
    expect(problemsOf(prepared)).toEqual([
      { path: 'variants/0/label_ru', message: '款式「红色」（BOX-001-1）缺少俄文名称（发送为「颜色名称」10097）' },
      { path: 'variants/1/aspects/10096', message: '款式「蓝色」（BOX-001-2）的「商品颜色」（10096）未选择，请从平台字典中选择' },
      { path: 'variants/2/image_asset_id', message: '款式「灰色」（BOX-001-3）没有自己的图片（需要一张已保存的 SKU 图）' },
      { path: 'variants/2/aspects/10096/0', message: '款式「灰色」（BOX-001-3）的「商品颜色」（10096）必须从平台字典中选择' },
    ]);
  });

  it('refuses twin colours (naming both), a value outside the dictionary, an aspect set on the product, and no enabled variant', () => {
    const twins = prepare((variants) => variants.map((v, i) => (i === 2 ? { ...v, aspects: variants[0]!.aspects } : v)));
    expect(problemsOf(twins)).toEqual([
      { path: 'variants/2/aspects', message: '「红色」（BOX-001-1）与「灰色」（BOX-001-3）的规格值完全相同，平台无法区分，请改选或停用其中一个' },
    ]);
    const unknown = prepare((variants) => variants.map((v, i) => (i === 0 ? { ...v, aspects: { '10096': [{ dictionary_value_id: 99, value: 'x' }] } } : v)));
    expect(problemsOf(unknown).map((p) => p.path)).toEqual(['variants/0/aspects/10096/0']);
    const { product, variantImage } = publishableVariants();
    const onProduct = preparePublish({
      product: { ...product, attributes: { ...product.attributes, '10096': [{ dictionary_value_id: 61573, value: 'красный' }] } },
      currency: 'RUB',
      imageUrls: [product.primary_image!],
      variantImage,
      category: { rules: RULES, knownValues: KNOWN },
    });
    expect(problemsOf(onProduct).map((p) => p.path)).toEqual(['attributes/10096']);
    expect(problemsOf(prepare((variants) => variants.map((v) => ({ ...v, enabled: false }))))).toEqual([
      { path: 'variants', message: '所有款式都已停用，至少启用一个款式' },
    ]);
  });
});

describe('packing cards into import requests', () => {
  const entry = (productId: string, n: number): Outgoing => ({
    record: newWaitingRecord({ id: `${productId}-${n}`, product_id: productId, shop_id: 's', offer_id: `${productId}-${n}` }, 'a', 'a'),
    item: {} as Outgoing['item'],
    operation: 'import',
    isNewCard: true,
  });

  it('keeps each product’s cards in one request of at most 100, splitting only a product of more than 100 (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 230 }), { minLength: 1, maxLength: 12 }), (sizes) => {
        const entries = sizes.flatMap((size, p) => Array.from({ length: size }, (_, n) => entry(`p${p}`, n)));
        const batches = packByProduct(entries, 100);
        expect(batches.every((batch) => batch.length >= 1 && batch.length <= 100)).toBe(true);
        expect(batches.flat().map((e) => e.record.id)).toEqual(entries.map((e) => e.record.id));
        sizes.forEach((size, p) => {
          const holding = batches.filter((batch) => batch.some((e) => e.record.product_id === `p${p}`)).length;
          expect(holding).toBe(Math.ceil(size / 100));
        });
      }),
      { numRuns: 25 },
    );
  });
});
