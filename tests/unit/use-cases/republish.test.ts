import { describe, expect, it } from 'vitest';
import { toImportItem } from '../../../src/adapters/marketplace/ozon-import-item.ts';
import { type Product } from '../../../src/domain/catalog/product.ts';
import { type PublishKit, PUBLIC_BASE, publishKit } from './publish-kit.ts';

const RESET = '2026-11-26T00:00:00.000Z';
const quotas = (creates: number, updates: number) => ({
  daily_create: { limit: creates, usage: 0, reset_at: RESET },
  daily_update: { limit: updates, usage: 0, reset_at: RESET },
  total: { limit: -1, usage: 0 },
});
const NEW_PRICE = { price_rub: 650, old_price_rub: 1300, fx_rate: 11.5 };
const calls = (kit: PublishKit, method: string) => kit.marketplace.calls.filter((call) => call === method).length;

/** A product published through an active shop: sent, polled, imported as card 880000001; then changed by `change`. */
async function published(change: (product: Product) => Partial<Product>) {
  const kit = publishKit();
  kit.marketplace.plan = { pendingPolls: 0, outcome: 'imported' };
  const shop = await kit.shopIn();
  const given = await kit.givenProduct();
  const first = await kit.publishProduct({ productId: given.id, shopId: shop.id });
  kit.clock.advance(1_000);
  await kit.pollPublishTasks();
  const product = (await kit.products.findById(given.id))!;
  expect(product).toMatchObject({ stage: 'published', marketplace_product_id: '880000001' });
  await kit.products.update({ ...product, ...change(product), version: product.version + 1 }, product.version);
  kit.marketplace.limits = quotas(0, 0);
  return { kit, shop, product, first };
}

describe('publishing a published card again (how it is sent)', () => {
  it('sends a card changed beyond its pictures and price as a full import of the same offer, counted as an update', async () => {
    const { kit, shop, product, first } = await published((before) => ({
      name: 'Коробка для хранения, 5 шт',
      pricing: { ...before.pricing, result: NEW_PRICE },
    }));
    const waiting = await kit.publishProduct({ productId: product.id, shopId: shop.id });
    expect(waiting).toMatchObject({ operation: 'import', status: 'waiting_quota', marketplace_product_id: '880000001', next_poll_at: RESET });
    expect(calls(kit, 'importProducts')).toBe(1);
    await kit.publishTasks.update({ ...waiting, status: 'failed', next_poll_at: null });
    kit.marketplace.limits = quotas(0, 1);
    const record = await kit.publishProduct({ productId: product.id, shopId: shop.id });
    expect(record).toMatchObject({ operation: 'import', status: 'pending', offer_id: first.offer_id });
    expect(kit.sentItems(record.task_id)).toMatchObject([{ offer_id: 'BOX-1', name: 'Коробка для хранения, 5 шт', price: '650' }]);
    kit.clock.advance(1_000);
    await kit.pollPublishTasks();
    expect(await kit.publishTasks.findById(record.id)).toMatchObject({ status: 'imported', marketplace_product_id: '880000001' });
  });

  it('sends the same card again as a full import too (nothing to single out)', async () => {
    const { kit, shop, product } = await published(() => ({}));
    kit.marketplace.limits = quotas(0, 1);
    expect(await kit.publishProduct({ productId: product.id, shopId: shop.id })).toMatchObject({ operation: 'import', status: 'pending' });
  });

  it('sends only new pictures through the pictures method, free of the daily quotas, and polls it like an import', async () => {
    const pictures = {
      primary_image: '/media/products/product-1/p1-b.jpg',
      images: ['/media/products/product-1/p1-b.jpg', '/media/products/product-1/p1-a.jpg'],
    };
    const { kit, shop, product } = await published(() => pictures);
    const record = await kit.publishProduct({ productId: product.id, shopId: shop.id });
    expect(record).toMatchObject({ operation: 'pictures', status: 'pending' });
    expect(kit.marketplace.tasks.get(Number(record.task_id))).toMatchObject({
      kind: 'pictures',
      items: [
        { offer_id: 'BOX-1', primary_image: `${PUBLIC_BASE}/media/products/product-1/p1-b.jpg`, images: [`${PUBLIC_BASE}/media/products/product-1/p1-a.jpg`] },
      ],
    });
    expect(calls(kit, 'importProducts')).toBe(1);
    kit.clock.advance(1_000);
    await kit.pollPublishTasks();
    expect(await kit.publishTasks.findById(record.id)).toMatchObject({ status: 'imported', marketplace_product_id: '880000001' });
  });

  it('sends only a new price through the prices method, answered at once: the record final, nothing to poll', async () => {
    const { kit, shop, product } = await published((before) => ({ pricing: { ...before.pricing, result: NEW_PRICE } }));
    const result = await kit.publishMany({ shopId: shop.id, productIds: [product.id] });
    expect(result).toEqual({ tasks: [], waiting: [], settling: [], refused: [], products: [{ product_id: product.id, existing: false }] });
    expect(kit.marketplace.prices).toEqual([{ offer_id: 'BOX-1', price: '650', old_price: '1300', currency_code: 'RUB', vat: expect.any(String) }]);
    const [record] = (await kit.publishTasks.listByProduct(product.id, { page: 1, pageSize: 1 })).items;
    expect(record).toMatchObject({ operation: 'prices', status: 'imported', task_id: null, next_poll_at: null });
    expect(toImportItem(record!.card!)).toMatchObject({ price: '650' });
    expect(await kit.publishTasks.nextPollAt()).toBeUndefined();
    expect([calls(kit, 'importProducts'), calls(kit, 'importPictures')]).toEqual([1, 0]);
  });

  it('fails a price the marketplace refuses, naming the price', async () => {
    const { kit, shop, product } = await published((before) => ({ pricing: { ...before.pricing, result: NEW_PRICE } }));
    const importPrices = kit.marketplace.importPrices;
    kit.marketplace.importPrices = async (credentials, prices) =>
      (await importPrices(credentials, prices)).map((result) => ({
        ...result,
        updated: false,
        errors: [{ code: 'PRICE_TOO_LOW', message: 'price is too low' }],
      }));
    const record = await kit.publishProduct({ productId: product.id, shopId: shop.id });
    expect(record).toMatchObject({ operation: 'prices', status: 'failed', errors: [{ code: 'PRICE_TOO_LOW', message: 'price is too low', field: 'price' }] });
    expect(await kit.publishTasks.findById(record.id)).toEqual(record);
  });
});
