import { describe, expect, it } from 'vitest';
import { toImportItem } from '../../../src/adapters/marketplace/ozon-import-item.ts';
import { PUBLIC_BASE, publishKit } from './publish-kit.ts';

const RESET = '2026-11-26T00:00:00.000Z';
const noCreates = {
  daily_create: { limit: 5, usage: 5, reset_at: RESET },
  daily_update: { limit: -1, usage: 0, reset_at: RESET },
  total: { limit: -1, usage: 0 },
};

describe('publish product', () => {
  it('sends a ready product as one import and stores its record pending with the marketplace task', async () => {
    const kit = publishKit();
    const shop = await kit.shopIn();
    const product = await kit.givenProduct();
    const record = await kit.publishProduct({ productId: product.id, shopId: shop.id });
    expect(record).toMatchObject({ product_id: product.id, shop_id: shop.id, offer_id: 'BOX-1', variant_id: null, operation: 'import', status: 'pending' });
    expect(record.task_id).toMatch(/^\d+$/);
    expect(await kit.publishTasks.findById(record.id)).toEqual(record);
    const [item, ...more] = kit.sentItems(record.task_id);
    expect(more).toEqual([]);
    expect(item).toMatchObject({
      offer_id: 'BOX-1',
      primary_image: `${PUBLIC_BASE}/media/products/product-1/p1-a.jpg`,
      images: [`${PUBLIC_BASE}/media/products/product-1/p1-b.jpg`],
    });
    expect(toImportItem(record.card!)).toEqual(item);
    expect(kit.marketplace.calls).toEqual(['productLimits', 'importProducts']);
    expect(kit.notified).toEqual([[record]]);
  });

  it('keeps a product over the daily create quota waiting for the reset, sending nothing', async () => {
    const kit = publishKit();
    kit.marketplace.limits = noCreates;
    const shop = await kit.shopIn();
    const product = await kit.givenProduct();
    const record = await kit.publishProduct({ productId: product.id, shopId: shop.id });
    expect(record).toMatchObject({ status: 'waiting_quota', task_id: null, next_poll_at: RESET });
    expect(await kit.publishTasks.findById(record.id)).toEqual(record);
    expect(kit.marketplace.calls).toEqual(['productLimits']);
    // Publishing it again says it is queued and when it goes (issue 32 item 8), not that it awaits a result.
    await expect(kit.publishProduct({ productId: product.id, shopId: shop.id })).rejects.toMatchObject({
      kind: 'conflict',
      code: 'PUBLISH_QUEUED',
      detail: expect.stringContaining(`预计 ${RESET.slice(0, 10)} ${RESET.slice(11, 16)} UTC 自动发送`),
    });
  });

  it('refuses a product that fails the pre-flight (422 with its problems): nothing sent, nothing recorded', async () => {
    const kit = publishKit();
    const shop = await kit.shopIn();
    const product = await kit.givenProduct(1, { name: 'Коробка 收纳', weight: null });
    await expect(kit.publishProduct({ productId: product.id, shopId: shop.id })).rejects.toMatchObject({
      kind: 'invalid',
      code: 'PUBLISH_CHECKS_FAILED',
      problems: [{ path: 'name' }, { path: 'weight' }],
    });
    kit.category.placement = 'disabled';
    await expect(kit.publishProduct({ productId: product.id, shopId: shop.id })).rejects.toMatchObject({ kind: 'invalid', code: 'CATEGORY_UNKNOWN' });
    expect(kit.marketplace.calls).toEqual([]);
    expect(await kit.publishTasks.listByProduct(product.id, { page: 1, pageSize: 10 })).toEqual({ total: 0, items: [] });
  });

  it('publishes only a ready or published product, and not while its last send awaits a result', async () => {
    const kit = publishKit();
    const shop = await kit.shopIn();
    const draft = await kit.givenProduct(1, { stage: 'editing' });
    await expect(kit.publishProduct({ productId: draft.id, shopId: shop.id })).rejects.toMatchObject({ kind: 'conflict', code: 'PRODUCT_NOT_READY' });
    const product = await kit.givenProduct(2);
    await kit.publishProduct({ productId: product.id, shopId: shop.id });
    await expect(kit.publishProduct({ productId: product.id, shopId: shop.id })).rejects.toMatchObject({ kind: 'conflict', code: 'PUBLISH_IN_PROGRESS' });
    expect(kit.marketplace.calls.filter((call) => call === 'importProducts')).toHaveLength(1);
    expect((await kit.publishTasks.listByProduct(product.id, { page: 1, pageSize: 10 })).total).toBe(1);
  });

  it('answers 404 for an unknown product or shop and 409 for a shop that has not passed its test', async () => {
    const kit = publishKit();
    const product = await kit.givenProduct();
    const active = await kit.shopIn('active');
    const unverified = await kit.shopIn('unverified');
    const invalid = await kit.shopIn('invalid');
    await expect(kit.publishProduct({ productId: 'nope', shopId: active.id })).rejects.toMatchObject({ kind: 'not_found', code: 'PRODUCT_NOT_FOUND' });
    await expect(kit.publishProduct({ productId: product.id, shopId: 'nope' })).rejects.toMatchObject({ kind: 'not_found', code: 'SHOP_NOT_FOUND' });
    await expect(kit.publishProduct({ productId: product.id, shopId: unverified.id })).rejects.toMatchObject({ kind: 'conflict', code: 'SHOP_NOT_ACTIVE' });
    await expect(kit.publishProduct({ productId: product.id, shopId: invalid.id })).rejects.toMatchObject({ kind: 'conflict', code: 'SHOP_INVALID' });
    expect(kit.marketplace.calls).toEqual([]);
  });

  it('leaves no record when the marketplace is down before anything went out (502)', async () => {
    const kit = publishKit();
    const shop = await kit.shopIn();
    const product = await kit.givenProduct();
    kit.marketplace.down = true;
    await expect(kit.publishProduct({ productId: product.id, shopId: shop.id })).rejects.toMatchObject({
      kind: 'upstream_failed',
      code: 'MARKETPLACE_UNREACHABLE',
    });
    expect(await kit.publishTasks.listByProduct(product.id, { page: 1, pageSize: 10 })).toEqual({ total: 0, items: [] });
    expect(kit.notified).toEqual([]);
    kit.marketplace.down = false;
    expect((await kit.publishProduct({ productId: product.id, shopId: shop.id })).status).toBe('pending');
  });

  it('sends a product with colours as one import, one item per enabled colour, each colour marked pending', async () => {
    const kit = publishKit();
    const shop = await kit.shopIn();
    const product = await kit.givenVariants(1, [true, false, true]);
    const record = await kit.publishProduct({ productId: product.id, shopId: shop.id });
    expect(kit.sentItems(record.task_id).map((item) => item.offer_id)).toEqual(['MUG-1-1', 'MUG-1-3']);
    expect(kit.marketplace.calls).toEqual(['productLimits', 'importProducts']);
    const records = await kit.publishTasks.listByTask(record.task_id!);
    expect(records.map((entry) => [entry.variant_id, entry.offer_id, entry.status])).toEqual([
      [product.variants[0]!.id, 'MUG-1-1', 'pending'],
      [product.variants[2]!.id, 'MUG-1-3', 'pending'],
    ]);
    const stored = await kit.products.findById(product.id);
    expect(stored?.variants.map((variant) => variant.status)).toEqual(['pending', 'draft', 'pending']);
    expect(kit.sentItems(record.task_id)[1]).toMatchObject({
      primary_image: `${PUBLIC_BASE}/media/products/product-1/${product.variants[2]!.image_asset_id}.jpg`,
    });
  });
});
