import { describe, expect, it } from 'vitest';
import { priceProduct } from '../../../src/domain/variants/variant-pricing.ts';
import { catalogKit, readyableFields } from './catalog-kit.ts';

describe('update product', () => {
  it('replaces fields, merges groups, moves a collected product to editing, and writes a new version at the clock', async () => {
    const kit = catalogKit();
    const product = await kit.given({ stage: 'collected', attributes: { '85': 'Нет бренда', '4191': 'old' } });
    kit.clock.advance(60_000);
    const view = await kit.updateProduct({ id: product.id, ifMatch: 1, changes: { name: 'Полка', attributes: { '4191': null, '9048': 'BOX' } } });
    expect(view).toMatchObject({ stage: 'editing', version: 2, name: 'Полка', updated_at: kit.clock.iso() });
    expect(await kit.products.findById(product.id)).toMatchObject({
      stage: 'editing',
      version: 2,
      name: 'Полка',
      attributes: { '85': 'Нет бренда', '9048': 'BOX' },
    });
    expect((await kit.products.findById(product.id))!.attributes).not.toHaveProperty('4191');
  });

  it('refuses a stale If-Match with 412 and leaves the product as it was', async () => {
    const kit = catalogKit();
    const product = await kit.given({ name: 'Было' });
    await kit.updateProduct({ id: product.id, changes: { name: 'Стало' } });
    await expect(kit.updateProduct({ id: product.id, ifMatch: 1, changes: { name: 'Поздно' } })).rejects.toMatchObject({
      code: 'VERSION_MISMATCH',
      kind: 'precondition_failed',
    });
    expect(await kit.products.findById(product.id)).toMatchObject({ name: 'Стало', version: 2 });
  });

  it('refuses archived products (409), blank names (422) and unknown ids (404)', async () => {
    const kit = catalogKit();
    const archived = await kit.given({ stage: 'archived', name: 'Архив' });
    const live = await kit.given({ name: 'Живой' });
    await expect(kit.updateProduct({ id: archived.id, changes: { name: 'Нельзя' } })).rejects.toMatchObject({ code: 'PRODUCT_ARCHIVED' });
    await expect(kit.updateProduct({ id: live.id, changes: { name: ' ' } })).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      problems: [{ path: '/name' }],
    });
    await expect(kit.updateProduct({ id: kit.ids.nth(99), changes: { name: 'Нет' } })).rejects.toMatchObject({ code: 'PRODUCT_NOT_FOUND' });
    expect([(await kit.products.findById(archived.id))?.name, (await kit.products.findById(live.id))?.name]).toEqual(['Архив', 'Живой']);
  });

  it('reprices when a pricing input changes, and otherwise keeps the computed price whatever the client sends', async () => {
    const kit = catalogKit();
    const product = await kit.given({ ...readyableFields });
    const priced = await kit.updateProduct({ id: product.id, changes: { pricing: { markup_percent: 50 } } });
    const expected = priceProduct({ ...product, pricing: { cost_cny: 20, markup_percent: 50, weight_g: 300 } }, 12, kit.policy);
    expect([priced.price, priced.old_price, priced.fx_rate]).toEqual([expected.price, expected.old_price, 12]);
    kit.fx.rate = 14;
    const calls = kit.fx.calls;
    await kit.updateProduct({ id: product.id, changes: { name: 'Другое имя', pricing: { result: { price_rub: 1 } } } });
    const after = await kit.products.findById(product.id);
    expect([after!.price, after!.fx_rate, (after!.pricing.result as { price_rub: number }).price_rub]).toEqual([expected.price, 12, expected.price]);
    expect(kit.fx.calls).toBe(calls);
  });

  it('sends a ready product back to editing when a checked field changes, not for an unchecked one', async () => {
    const kit = catalogKit();
    const ready = await kit.givenPriced({ stage: 'ready' });
    await kit.updateProduct({ id: ready.id, changes: { barcode: '4601234567890' } });
    expect((await kit.products.findById(ready.id))?.stage).toBe('ready');
    await kit.updateProduct({ id: ready.id, changes: { weight: 350 } });
    expect(await kit.products.findById(ready.id)).toMatchObject({ stage: 'editing', weight: 350, pricing: { weight_g: 350 } });
  });

  it('refuses a variant picture that is not the product’s own (422) and an offer id another product holds (409)', async () => {
    const kit = catalogKit();
    const product = await kit.given({ ...readyableFields });
    const other = await kit.given({ name: 'Чужой', offer_id: 'TAKEN' });
    const foreign = await kit.givenImage(other.id);
    const own = await kit.givenImage(product.id);
    await expect(kit.updateProduct({ id: product.id, changes: { variants: [{ label_zh: '红色', image_asset_id: foreign.asset_id }] } })).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      problems: [{ path: '/variants/0/image_asset_id' }],
    });
    await expect(kit.updateProduct({ id: product.id, changes: { variants: [{ label_zh: '红色', offer_id: 'TAKEN' }] } })).rejects.toMatchObject({
      code: 'OFFER_ID_TAKEN',
    });
    expect((await kit.products.findById(product.id))?.variants).toEqual([]);
    const view = await kit.updateProduct({ id: product.id, changes: { variants: [{ label_zh: '红色', image_asset_id: own.asset_id }, { label_zh: '蓝色' }] } });
    expect(view.variants.map((variant) => [variant.label_zh, variant.offer_id, variant.image_asset_id])).toEqual([
      ['红色', 'BOX-1-1', own.asset_id],
      ['蓝色', 'BOX-1-2', null],
    ]);
    expect((await kit.products.findById(product.id))?.variants).toHaveLength(2);
  });
});
