import { randomUUID } from 'node:crypto';
import { pendingAsset, storedAsset } from '../src/domain/media/asset.ts';
import { DEFAULT_PRICING_POLICY } from '../src/domain/pricing/pricing.ts';
import { newVariant } from '../src/domain/variants/variant.ts';
import { priceProduct } from '../src/domain/variants/variant-pricing.ts';
import { FAKE_CATEGORY_ID, FAKE_TYPE_ID } from '../tests/fakes/ozon-catalog.ts';
import { publishableProduct } from '../tests/helpers/publishable-product.ts';
import { type BenchCategory, benchCategory, type PublishingStack } from './publishing-fixture.ts';

/** What the variants section measures on: a category with a colour aspect, a product of many colours, collected pages. */
export const VARIANTS = 50;
const COLOUR = 10_096;

/** 40 characteristics as in the publishing section, the colour (an aspect, 200 values) among them. */
export const variantsCategory = (): BenchCategory =>
  benchCategory(35, {
    attribute: { id: COLOUR, zh: '商品颜色', ru: 'Цвет товара', type: 'String', is_required: true, is_collection: true, dictionary_id: 10096, is_aspect: true },
    values: Array.from({ length: 200 }, (_, n) => ({ id: 61_000 + n, value: `цвет ${n}`, info: '', picture: '' })),
  });

/** A collected page: 5 main images, and with `skus` 50 SKUs each with its own picture. */
export const collectedPage = (n: number, skus: boolean) => ({
  product: { id: null },
  source: { platform: '1688', itemId: `bench-${n}`, url: `https://detail.1688.com/offer/bench-${n}.html`, collectedAt: Date.now() },
  texts: [
    { kind: 'title', content: '北欧风收纳盒' },
    { kind: 'price', content: '¥18.50' },
  ],
  images: Array.from({ length: 5 }, (_, i) => ({
    groupKey: 'main',
    groupName: '主图',
    variantName: null,
    url: `https://cbu01.alicdn.com/img/${n}-m${i}.jpg`,
    index: i,
    type: 'img',
    dedupeKey: `${n}-m${i}`,
  })),
  ...(skus
    ? {
        skus: Array.from({ length: VARIANTS }, (_, i) => ({
          skuId: `${n}-${i}`,
          label: `颜色 ${i}`,
          priceCny: 18 + i,
          stock: 10,
          imageUrl: `https://cbu01.alicdn.com/img/${n}-s${i}.jpg`,
        })),
      }
    : {}),
});

/**
 * Stores a publishable product with VARIANTS variants straight through the repositories: each its own colour
 * from the dictionary and its own stored SKU picture, priced by the one pricing computation. Answers its id.
 */
export async function insertVariantProduct({ t }: PublishingStack, { filled }: BenchCategory, base: string): Promise<string> {
  const id = randomUUID();
  const now = new Date().toISOString();
  const assets = Array.from({ length: VARIANTS }, (_, i) => {
    const origin = {
      asset_id: randomUUID(),
      product_id: id,
      group_key: 'sku' as const,
      group_name: 'SKU',
      variant_name: `颜色 ${i}`,
      type: 'img',
      index: i,
      dedupe_key: `s${i}`,
      source_url: '',
      referer: '',
    };
    return storedAsset(
      pendingAsset(origin, now),
      { url: `${base}/media/products/${id}/s${i}.jpg`, contentType: 'image/jpeg', bytes: 1, width: 750, height: 1000, sha256: String(i) },
      now,
    );
  });
  const variants = assets.map((asset, i) =>
    newVariant({
      id: randomUUID(),
      seq: i + 1,
      label_zh: `颜色 ${i}`,
      label_ru: `цвет ${i}`,
      offer_id: `BENCH-V-${i + 1}`,
      cost_cny: 18 + i,
      image_asset_id: asset.asset_id,
      aspects: { [String(COLOUR)]: [{ dictionary_value_id: 61_000 + i, value: `цвет ${i}` }] },
    }),
  );
  const product = publishableProduct(
    { id, offer_id: 'BENCH-V', description_category_id: FAKE_CATEGORY_ID, type_id: FAKE_TYPE_ID, attributes: filled as never, variants },
    now,
  );
  await t.container.cradle.products.insert(priceProduct(product, 11.5, DEFAULT_PRICING_POLICY));
  await t.container.cradle.assets.insertMany(assets);
  return id;
}
