import { describe, expect, it } from 'vitest';
import { makeFindCollected } from '../../../src/application/use-cases/find-collected.ts';
import { makeGetProduct } from '../../../src/application/use-cases/get-product.ts';
import { makeListAssets } from '../../../src/application/use-cases/list-assets.ts';
import { makeListFingerprints } from '../../../src/application/use-cases/list-fingerprints.ts';
import { makeListProducts } from '../../../src/application/use-cases/list-products.ts';
import { catalogKit } from './catalog-kit.ts';

describe('get product', () => {
  it('shows the stored product with its assets, the pictures derived from them, its moves and what keeps it from ready', async () => {
    const kit = catalogKit();
    const product = await kit.givenPriced();
    const [image] = await kit.assets.listByProduct(product.id);
    const view = await makeGetProduct(kit)(product.id);
    expect(view).toMatchObject({
      id: product.id,
      version: 2,
      primary_image: image!.stored_url,
      images: [image!.stored_url],
      allowed_moves: ['ready'],
      ready_problems: [],
    });
    expect(view.assets.map((a) => a.asset_id)).toEqual([image!.asset_id]);
    await expect(makeGetProduct(kit)(kit.ids.nth(99))).rejects.toMatchObject({ code: 'PRODUCT_NOT_FOUND', kind: 'not_found' });
  });
});

describe('list products', () => {
  it('answers a page with stage counts of the same matches, archived only when asked', async () => {
    const kit = catalogKit();
    await kit.given({ name: 'Лампа настольная' });
    await kit.given({ name: 'Лампа', stage: 'ready' });
    await kit.given({ name: 'Лампа старая', stage: 'archived' });
    await kit.given({ name: 'Кружка' });
    const listProducts = makeListProducts(kit);
    const lamps = await listProducts({ q: '  лампа ', page: 1, pageSize: 1 });
    expect(lamps.total).toBe(2);
    expect(lamps.items).toHaveLength(1);
    expect(lamps.stage_counts).toEqual({ collected: 0, editing: 1, ready: 1, published: 0, archived: 1 });
    const archived = await listProducts({ q: 'лампа', stage: 'archived', page: 1, pageSize: 10 });
    expect([archived.total, archived.items.map((i) => i.name)]).toEqual([1, ['Лампа старая']]);
    expect((await listProducts({ page: 1, pageSize: 10 })).total).toBe(3);
  });
});

describe('list assets and fingerprints', () => {
  it('pages a product’s assets in group order with the total, and gives its dedupe keys', async () => {
    const kit = catalogKit();
    const product = await kit.given();
    const detail = await kit.givenImage(product.id, { group_key: 'detail', index: 0 });
    const main = await kit.givenImage(product.id, { group_key: 'main', index: 3, status: 'failed' });
    const page = await makeListAssets(kit)({ productId: product.id, page: 1, pageSize: 1 });
    expect([page.total, page.items.map((a) => a.asset_id)]).toEqual([2, [main.asset_id]]);
    expect((await makeListAssets(kit)({ productId: product.id, page: 2, pageSize: 1 })).items.map((a) => a.asset_id)).toEqual([detail.asset_id]);
    expect((await makeListFingerprints(kit)(product.id)).sort()).toEqual([detail.dedupe_key, main.dedupe_key].sort());
    await expect(makeListAssets(kit)({ productId: kit.ids.nth(99), page: 1, pageSize: 1 })).rejects.toMatchObject({ code: 'PRODUCT_NOT_FOUND' });
    await expect(makeListFingerprints(kit)(kit.ids.nth(99))).rejects.toMatchObject({ code: 'PRODUCT_NOT_FOUND' });
  });
});

describe('find collected', () => {
  it('says whether a platform item is already in a live product, and in which', async () => {
    const kit = catalogKit();
    const source = { platform: '1688' as const, item_id: '42', url: 'https://detail.1688.com/offer/42.html' };
    const live = await kit.given({ sources: [source] });
    await kit.given({ sources: [source], stage: 'archived' });
    const findCollected = makeFindCollected(kit);
    expect(await findCollected({ platform: '1688', itemId: '42' })).toEqual({ collected: true, count: 1, productIds: [live.id] });
    expect(await findCollected({ platform: 'taobao', itemId: '42' })).toEqual({ collected: false, count: 0, productIds: [] });
  });
});
