import { describe, expect, it } from 'vitest';
import { makeAesGcmSecretBox } from '../../../src/adapters/crypto/aes-gcm-secret-box.ts';
import { makeShopAccess, shopKeyContext } from '../../../src/application/shop-access.ts';
import { type CategoryRules } from '../../../src/application/use-cases/category-rules.ts';
import { makeCheckPublish } from '../../../src/application/publishing/check-publish.ts';
import { makePreparePublication } from '../../../src/application/publishing/prepare-publication.ts';
import { type TypePlacement } from '../../../src/domain/publishing/category-tree.ts';
import { pendingAsset } from '../../../src/domain/media/asset.ts';
import { type Product } from '../../../src/domain/catalog/product.ts';
import { newShop, recordShopTest, type ShopStatus } from '../../../src/domain/shops/shop.ts';
import { makeTestClock } from '../../in-memory/clock-and-ids.ts';
import { makeInMemoryCatalog } from '../../in-memory/in-memory-catalog.ts';
import { makeInMemoryObjectStore } from '../../in-memory/in-memory-object-store.ts';
import { makeInMemoryShopRepository } from '../../in-memory/in-memory-shop-repository.ts';
import { publishableProduct } from '../../helpers/publishable-product.ts';

const SECRET_BOX = makeAesGcmSecretBox('unit-test-secret');
const PUBLIC_BASE = 'https://shop.example.com';

/**
 * The pre-flight on in-memory products, assets, shops and an object store with a public base. The category rules
 * (which read the marketplace through the cache) answer as told: where the pair stands, and no required attributes.
 */
function publishKit() {
  const { products, assets } = makeInMemoryCatalog();
  const shops = makeInMemoryShopRepository();
  const objectStore = makeInMemoryObjectStore(PUBLIC_BASE);
  const clock = makeTestClock();
  const shopAccess = makeShopAccess({ shops, secretBox: SECRET_BOX });
  const category = { placement: 'ok' as TypePlacement };
  const categoryRules: CategoryRules = {
    placement: async () => category.placement,
    attributes: async () => [],
    knownValues: async () => new Set<string>(),
  };
  const preparePublication = makePreparePublication({ assets, objectStore, shopAccess, categoryRules });
  const shopIn = async (status: ShopStatus) => {
    const id = `shop-${status}`;
    const made = newShop(
      { id, name: status, client_id: '1', api_key_sealed: SECRET_BOX.seal('key', shopKeyContext(id)), api_key_last4: 'key', currency_code: 'RUB' },
      clock.iso(),
    );
    const shop =
      status === 'active'
        ? recordShopTest(made, { ok: true, roles: [], expires_at: null }, clock.iso())
        : status === 'invalid'
          ? recordShopTest(made, { ok: false, reason: 'X', detail: '' }, clock.iso())
          : made;
    await shops.insert(shop);
    return shop;
  };
  /** A publishable product whose pictures are its stored assets (none chosen), kept under relative `/media/` URLs. */
  const givenProduct = async (fields: Partial<Product> = {}) => {
    const product = { ...publishableProduct({ primary_image: null, images: null }), ...fields };
    await products.insert(product);
    for (const index of [0, 1]) {
      await objectStore.put(`products/${product.id}/${index}.jpg`, new Uint8Array([1]), 'image/jpeg');
      const origin = {
        asset_id: `a${index}`,
        product_id: product.id,
        group_key: 'main' as const,
        group_name: '主图',
        variant_name: null,
        type: 'img',
        index,
        dedupe_key: `k${index}`,
        source_url: '',
        referer: '',
      };
      await assets.insertMany([{ ...pendingAsset(origin, clock.iso()), status: 'stored', stored_url: `/media/products/${product.id}/${index}.jpg` }]);
    }
    return product;
  };
  return { products, assets, category, shopIn, givenProduct, preparePublication, checkPublish: makeCheckPublish({ products, shopAccess, preparePublication }) };
}

describe('check publish (the pre-flight)', () => {
  it('passes a publishable product, its stored pictures sent under the public base, main first', async () => {
    const kit = publishKit();
    const shop = await kit.shopIn('active');
    const product = await kit.givenProduct();
    expect(await kit.checkPublish({ productId: product.id, shopId: shop.id })).toEqual({ ok: true, errors: [], warnings: [] });
    const prepared = await kit.preparePublication(product, shop);
    const [only] = prepared.ok ? prepared.items : [];
    expect([only?.item.primary_image, only?.item.images]).toEqual([
      `${PUBLIC_BASE}/media/products/${product.id}/0.jpg`,
      [`${PUBLIC_BASE}/media/products/${product.id}/1.jpg`],
    ]);
  });

  it('lists every problem of the product at its field, nothing sent', async () => {
    const kit = publishKit();
    const shop = await kit.shopIn('active');
    const product = await kit.givenProduct({ name: 'Коробка 收纳', description_category_id: null, type_id: null });
    const result = await kit.checkPublish({ productId: product.id, shopId: shop.id });
    expect(result.ok).toBe(false);
    expect(result.errors.map((problem) => problem.path)).toEqual(['name', 'description_category_id', 'type_id']);
  });

  it('refuses a category the marketplace does not know or has closed (422), carrying the other problems too', async () => {
    const kit = publishKit();
    const shop = await kit.shopIn('active');
    const product = await kit.givenProduct({ name: 'Коробка 收纳' });
    kit.category.placement = 'unknown';
    await expect(kit.checkPublish({ productId: product.id, shopId: shop.id })).rejects.toMatchObject({
      code: 'CATEGORY_UNKNOWN',
      problems: [{ path: 'description_category_id' }, { path: 'name' }],
    });
    kit.category.placement = 'disabled';
    await expect(kit.checkPublish({ productId: product.id, shopId: shop.id })).rejects.toMatchObject({
      code: 'CATEGORY_UNKNOWN',
      detail: expect.stringContaining('停用'),
    });
  });

  it('checks only through an active shop, and only a product that exists', async () => {
    const kit = publishKit();
    const product = await kit.givenProduct();
    const unverified = await kit.shopIn('unverified');
    const invalid = await kit.shopIn('invalid');
    await expect(kit.checkPublish({ productId: product.id, shopId: unverified.id })).rejects.toMatchObject({ code: 'SHOP_NOT_ACTIVE' });
    await expect(kit.checkPublish({ productId: product.id, shopId: invalid.id })).rejects.toMatchObject({ code: 'SHOP_INVALID' });
    await expect(kit.checkPublish({ productId: product.id, shopId: 'nope' })).rejects.toMatchObject({ code: 'SHOP_NOT_FOUND' });
    await expect(kit.checkPublish({ productId: 'nope', shopId: unverified.id })).rejects.toMatchObject({ code: 'PRODUCT_NOT_FOUND' });
  });
});
