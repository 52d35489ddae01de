import { describe, expect, it } from 'vitest';
import { makeCollectMaterials } from '../../../src/application/use-cases/collect-materials.ts';
import { MAX_ASSETS_PER_PRODUCT } from '../../../src/domain/media/asset.ts';
import { type Material, type MaterialImage } from '../../../src/domain/intake/material.ts';
import { catalogKit, type CatalogKit } from './catalog-kit.ts';

const image = (n: number, groupKey: MaterialImage['groupKey'] = 'main'): MaterialImage => ({
  groupKey,
  groupName: groupKey,
  variantName: null,
  url: `https://cbu01.alicdn.com/img/${n}.jpg`,
  index: n,
  type: 'img',
  dedupeKey: `https://cbu01.alicdn.com/img/${n}.jpg`,
});
const material = (images: MaterialImage[], overrides: Partial<Material> = {}): Material => ({
  source: { platform: '1688', itemId: '42', url: 'https://detail.1688.com/offer/42.html', collectedAt: 1 },
  texts: [{ kind: 'title', content: '北欧马克杯' }],
  images,
  ...overrides,
});
const collectWith = (kit: CatalogKit) =>
  makeCollectMaterials({ unitOfWork: kit.unitOfWork, clock: kit.clock, ids: kit.ids, queueDownloads: kit.queueDownloads });

describe('collect materials', () => {
  it('creates a collected product named after the title, one pending asset per image, and queues them', async () => {
    const kit = catalogKit();
    const answer = await collectWith(kit)({ productId: null, material: material([image(1), image(2), image(1)]) });
    expect(answer).toEqual({ product: { id: kit.ids.nth(1), stage: 'collected' }, assetsQueued: 2 });
    expect(await kit.products.findById(answer.product.id)).toMatchObject({
      stage: 'collected',
      name: '北欧马克杯',
      source_platform: '1688',
      source_item_id: '42',
    });
    const assets = await kit.assets.listByProduct(answer.product.id);
    expect(assets.map((a) => [a.status, a.source_url])).toEqual([
      ['pending', 'https://cbu01.alicdn.com/img/1.jpg'],
      ['pending', 'https://cbu01.alicdn.com/img/2.jpg'],
    ]);
    expect(kit.queued).toEqual(assets.map((a) => a.asset_id));
  });

  it('appends a second page: a new source once, only images it does not have, name and stage kept', async () => {
    const kit = catalogKit();
    const collect = collectWith(kit);
    const { product } = await collect({ productId: null, material: material([image(1)]) });
    await kit.updateProduct({ id: product.id, changes: { name: 'Кружка' } });
    const other = material([image(1), image(3, 'detail')], {
      source: { platform: 'taobao', itemId: '7', url: 'https://item.taobao.com/item.htm?id=7', collectedAt: 2 },
      texts: [{ kind: 'title', content: '另一个' }],
    });
    expect(await collect({ productId: product.id, material: other })).toEqual({ product: { id: product.id, stage: 'editing' }, assetsQueued: 1 });
    await collect({ productId: product.id, material: other });
    const stored = await kit.products.findById(product.id);
    expect(stored).toMatchObject({ name: 'Кружка', stage: 'editing', version: 4 });
    expect(stored!.sources.map((s) => s.platform)).toEqual(['1688', 'taobao']);
    expect((await kit.assets.listByProduct(product.id)).map((a) => a.group_key)).toEqual(['main', 'detail']);
    expect(kit.queued).toHaveLength(2);
  });

  it('refuses to append to an archived (409) or unknown product (404), storing and queueing nothing', async () => {
    const kit = catalogKit();
    const archived = await kit.given({ stage: 'archived', name: 'Архив' });
    const collect = collectWith(kit);
    await expect(collect({ productId: archived.id, material: material([image(1)]) })).rejects.toMatchObject({ code: 'PRODUCT_ARCHIVED' });
    await expect(collect({ productId: kit.ids.nth(99), material: material([image(1)]) })).rejects.toMatchObject({ code: 'PRODUCT_NOT_FOUND' });
    expect(await kit.products.findById(archived.id)).toMatchObject({ version: 1, sources: [] });
    expect(await kit.assets.countByProduct(archived.id)).toBe(0);
    expect(kit.queued).toEqual([]);
  });

  it(`refuses more than ${MAX_ASSETS_PER_PRODUCT} images per product (409), new or appended, and keeps nothing of it`, async () => {
    const kit = catalogKit();
    const collect = collectWith(kit);
    const many = (from: number, count: number) => Array.from({ length: count }, (_, i) => image(from + i, 'detail'));
    await expect(collect({ productId: null, material: material(many(0, MAX_ASSETS_PER_PRODUCT + 1)) })).rejects.toMatchObject({ code: 'TOO_MANY_ASSETS' });
    expect((await kit.products.list({ page: 1, pageSize: 5 })).total).toBe(0);
    const { product } = await collect({ productId: null, material: material(many(0, MAX_ASSETS_PER_PRODUCT - 1)) });
    await expect(collect({ productId: product.id, material: material(many(1_000, 2)) })).rejects.toMatchObject({ code: 'TOO_MANY_ASSETS' });
    expect(await kit.products.findById(product.id)).toMatchObject({ version: 1 });
    expect(await kit.assets.countByProduct(product.id)).toBe(MAX_ASSETS_PER_PRODUCT - 1);
    expect(await collect({ productId: product.id, material: material(many(1_000, 1)) })).toMatchObject({ assetsQueued: 1 });
  });

  it('makes variants of the page’s SKUs and rolls the whole collect back when their offer ids are taken', async () => {
    const kit = catalogKit();
    const collect = collectWith(kit);
    const skus = [
      { skuId: 's1', label: '红色' },
      { skuId: 's2', label: '蓝色' },
    ];
    const { product } = await collect({ productId: null, material: material([image(1)], { skus }) });
    const made = await kit.products.findById(product.id);
    expect(made!.variants.map((v) => [v.label_zh, v.sku_id, v.enabled])).toEqual([
      ['红色', 's1', true],
      ['蓝色', 's2', true],
    ]);
    await kit.updateProduct({ id: product.id, changes: { offer_id: 'CUP' } });
    // A third colour follows the product's offer id as CUP-3, which another product holds: the collect is refused whole.
    await kit.given({ name: 'Другой', offer_id: 'CUP-3' });
    const before = await kit.products.findById(product.id);
    expect(before!.variants.map((v) => v.offer_id)).toEqual(['CUP-1', 'CUP-2']);
    const third = material([image(1), image(5, 'detail')], { skus: [...skus, { skuId: 's3', label: '绿色' }] });
    await expect(collect({ productId: product.id, material: third })).rejects.toMatchObject({ code: 'OFFER_ID_TAKEN' });
    expect(await kit.products.findById(product.id)).toEqual(before);
    expect(await kit.assets.countByProduct(product.id)).toBe(1);
    expect(kit.queued).toHaveLength(1);
  });
});
