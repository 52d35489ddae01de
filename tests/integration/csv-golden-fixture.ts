import { type Asset } from '../../src/domain/media/asset.ts';
import { newProduct, type Product } from '../../src/domain/catalog/product.ts';
import { newVariant } from '../../src/domain/variants/variant.ts';
import { type AssetRepository } from '../../src/application/ports/asset-repository.ts';
import { type ProductRepository } from '../../src/application/ports/product-repository.ts';
import { at, id } from './csv-golden-ids.ts';
import { trickyProducts } from './csv-golden-tricky.ts';

/**
 * A catalog whose exports pin every rule of the CSV writers: quoting, formula starts (OWASP list, after
 * whitespace, fullwidth), Chinese/Russian/emoji text, missing values, numbers, explicit and derived images,
 * variants, the pricing group, archived rows left out (the tricky names are in csv-golden-tricky.ts). Fixed ids
 * and times (csv-golden-ids.ts), so the bytes are the same on every run and on both databases; enough plain
 * rows to cross the readers' batch boundaries.
 */

/** A product with three variants (one disabled), its own pictures and weights, as offers.csv splits them. */
function withVariants(n: number): Product {
  const base = newProduct({ id: id(n), stage: 'editing', source_platform: '1688', name: '双色马克杯', offer_id: 'MUG-2', price: 700, weight: 400 }, at(n));
  return {
    ...base,
    attributes: { '9048': 'MUG-MODEL' },
    variants: [
      newVariant({
        id: 'v1',
        seq: 1,
        label_zh: '红色',
        label_ru: 'Красный, яркий',
        offer_id: 'MUG-2-1',
        price: 710,
        old_price: 1420,
        weight_g: 410,
        barcode: '=460',
        image_asset_id: id(9001),
        marketplace_product_id: '77',
      }),
      newVariant({ id: 'v2', seq: 2, label_zh: '蓝色', offer_id: '+MUG-2-2', price: null, image_asset_id: id(9999) }),
      newVariant({ id: 'v3', seq: 3, label_zh: '停用', offer_id: 'MUG-2-3', enabled: false }),
    ],
  };
}

function image(n: number, productId: string, group: Asset['group_key'], index: number, overrides: Partial<Asset> = {}): Asset {
  return {
    asset_id: id(n),
    product_id: productId,
    group_key: group,
    group_name: group,
    variant_name: null,
    type: 'img',
    index,
    dedupe_key: `k-${n}`,
    source_url: `https://cbu01.alicdn.com/img/${n}.jpg`,
    referer: 'https://detail.1688.com',
    stored_url: `/media/products/${productId.slice(-4)}/${group}-${index},${n}.jpg`,
    status: 'stored',
    error: null,
    attempts: 1,
    content_type: 'image/jpeg',
    bytes: 100,
    width: 800,
    height: 800,
    sha256: null,
    created_at: at(0),
    updated_at: at(0),
    ...overrides,
  };
}

/** Stored images in mixed groups and order, more than 15, plus a video, a pending and a failed one (never exported). */
function imagesOf(products: readonly Product[]): Asset[] {
  const [first, , , fourth] = products;
  let n = 8000;
  const many = Array.from({ length: 18 }, (_, i) => image((n += 1), first!.id, (['detail', 'sku', 'main'] as const)[i % 3]!, 17 - i));
  return [
    ...many,
    image((n += 1), first!.id, 'main', 99, { type: 'video' }),
    image((n += 1), first!.id, 'main', 100, { status: 'pending', stored_url: '' }),
    image((n += 1), fourth!.id, 'upload', 0),
    image((n += 1), fourth!.id, 'main', 1, { status: 'failed', stored_url: '' }),
    image(9001, id(5000), 'sku', 0),
    image(9002, id(5000), 'main', 0), // the first variant's picture and a main one
  ];
}

/** Plain rows with a few values varied, enough to cross the readers' batch boundaries. */
const plain = (n: number): Product =>
  newProduct(
    {
      id: id(n),
      stage: n % 11 === 0 ? 'archived' : 'collected',
      source_platform: '1688',
      name: `北欧陶瓷马克杯 ${n} 号`,
      offer_id: `P-${n}`,
      price: n % 2 ? n : null,
      source_item_id: String(n),
      source_url: `https://detail.1688.com/offer/${n}.html`,
    },
    at(100 + Math.floor(n / 2)),
  );

export const PLAIN_ROWS = 1_234;

/** Writes the catalog through the repositories; the exports read it back. */
export async function seedGoldenCatalog(products: ProductRepository, assets: AssetRepository): Promise<void> {
  const made = [...trickyProducts(), withVariants(5000)];
  made.push(newProduct({ id: id(4999), stage: 'archived', source_platform: '1688', name: '=archived, never exported', offer_id: 'ARCH' }, at(1)));
  for (let n = 10_000; n < 10_000 + PLAIN_ROWS; n += 1) made.push(plain(n));
  for (const product of made) await products.insert(product);
  await assets.insertMany(imagesOf(made));
}
