import { describe, expect, it } from 'vitest';
import { catalogKit } from './catalog-kit.ts';

describe('move product stage', () => {
  it('marks an editing product ready when every check passes, as a new version at the clock', async () => {
    const kit = catalogKit();
    const product = await kit.givenPriced();
    expect((await kit.viewProduct(product)).allowed_moves).toEqual(['ready']);
    kit.clock.advance(1_000);
    const view = await kit.moveProductStage({ id: product.id, stage: 'ready' });
    expect(view).toMatchObject({ stage: 'ready', version: 3, allowed_moves: ['editing'], ready_problems: [] });
    expect(await kit.products.findById(product.id)).toMatchObject({ stage: 'ready', version: 3, updated_at: kit.clock.iso() });
  });

  it('refuses ready with 422 listing each failed check: no stored image, an offer id another product holds', async () => {
    const kit = catalogKit();
    const product = await kit.givenPriced();
    await kit.given({ name: 'Другой', offer_id: product.offer_id });
    const [image] = await kit.assets.listByProduct(product.id);
    await kit.assets.update({ ...image!, status: 'failed', stored_url: '' });
    const refusal = kit.moveProductStage({ id: product.id, stage: 'ready' });
    await expect(refusal).rejects.toMatchObject({ code: 'READY_CHECKS_FAILED', problems: [{ path: '/offer_id' }, { path: '/images' }] });
    expect(await kit.products.findById(product.id)).toMatchObject({ stage: 'editing', version: 2 });
  });

  it('sees a price that no longer matches the policy as a failed check', async () => {
    const kit = catalogKit();
    const product = await kit.givenPriced();
    await kit.products.update({ ...product, price: product.price! + 1, version: 3 }, 2);
    await expect(kit.moveProductStage({ id: product.id, stage: 'ready' })).rejects.toMatchObject({ problems: [{ path: '/price' }] });
  });

  it('refuses illegal moves with 409 and an unknown product with 404', async () => {
    const kit = catalogKit();
    const collected = await kit.given({ stage: 'collected', name: 'Собранный' });
    const published = await kit.given({ stage: 'published', name: 'Опубликован' });
    await expect(kit.moveProductStage({ id: collected.id, stage: 'ready' })).rejects.toMatchObject({ code: 'ILLEGAL_STAGE_MOVE' });
    await expect(kit.moveProductStage({ id: published.id, stage: 'archived' })).rejects.toMatchObject({ code: 'ILLEGAL_STAGE_MOVE' });
    await expect(kit.moveProductStage({ id: kit.ids.nth(99), stage: 'editing' })).rejects.toMatchObject({ code: 'PRODUCT_NOT_FOUND' });
    expect((await kit.moveProductStage({ id: collected.id, stage: 'editing' })).stage).toBe('editing');
    expect((await kit.moveProductStage({ id: published.id, stage: 'editing' })).stage).toBe('editing');
  });

  it('restores an archived product to editing', async () => {
    const kit = catalogKit();
    const archived = await kit.given({ stage: 'archived', name: 'Архив' });
    await kit.moveProductStage({ id: archived.id, stage: 'editing' });
    expect(await kit.products.findById(archived.id)).toMatchObject({ stage: 'editing', version: 2 });
  });
});
