import { describe, expect, it } from 'vitest';
import { priceProduct } from '../../../src/domain/variants/variant-pricing.ts';
import { catalogKit } from './catalog-kit.ts';

describe('create product', () => {
  it('stores a hand-made product in editing with no source, priced at the current rate when its inputs are complete', async () => {
    const kit = catalogKit();
    const view = await kit.createProduct({ name: 'Кружка', weight: 300, pricing: { cost_cny: 20 } });
    const stored = await kit.products.findById(view.id);
    expect(stored).toMatchObject({
      id: kit.ids.nth(1),
      stage: 'editing',
      version: 1,
      source_platform: null,
      name: 'Кружка',
      fx_rate: 12,
      created_at: kit.clock.iso(),
    });
    // The weight in grams is kept with the pricing inputs, and the price is the policy's at 12 ₽/¥.
    expect(stored!.pricing).toMatchObject({ cost_cny: 20, weight_g: 300 });
    expect(stored!.price).toBe(priceProduct(stored!, 12, kit.policy).price);
    expect(stored!.price).toBeGreaterThan(0);
    expect(view).toMatchObject({ price: stored!.price, assets: [], allowed_moves: [] });
    expect(view.ready_problems.map((problem) => problem.path)).toEqual(['/description', '/offer_id', '/depth', '/width', '/height', '/images']);
  });

  it('leaves the price empty without a cost, and never reads the rate for it', async () => {
    const kit = catalogKit();
    const view = await kit.createProduct({ name: 'Без цены', price: 999 } as never);
    expect(await kit.products.findById(view.id)).toMatchObject({ price: null, old_price: null, fx_rate: null });
    expect(kit.fx.calls).toBe(0);
  });

  it('refuses a blank name with 422 at /name and stores nothing', async () => {
    const kit = catalogKit();
    await expect(kit.createProduct({ name: '   ' })).rejects.toMatchObject({ code: 'VALIDATION_FAILED', problems: [{ path: '/name' }] });
    await expect(kit.createProduct({})).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    expect((await kit.products.list({ page: 1, pageSize: 10 })).total).toBe(0);
  });

  it('keeps the platform it is told', async () => {
    const kit = catalogKit();
    const view = await kit.createProduct({ name: 'С площадки', source_platform: 'taobao' });
    expect((await kit.products.findById(view.id))?.source_platform).toBe('taobao');
  });
});
