import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Asset, pendingAsset } from '../../src/domain/asset.ts';
import { newProduct, type Product } from '../../src/domain/product.ts';
import { makeKyselyAssetRepository } from '../../src/adapters/persistence/kysely-asset-repository.ts';
import { makeKyselyDatabaseHealth } from '../../src/adapters/persistence/kysely-database-health.ts';
import { makeKyselyProductRepository } from '../../src/adapters/persistence/kysely-product-repository.ts';
import { makeKyselyUnitOfWork } from '../../src/adapters/persistence/kysely-unit-of-work.ts';
import { testDatabases, type TestDatabaseHandle } from '../helpers/databases.ts';

let sequence = 0;
const uuid = (): string => `00000000-0000-4000-8000-${String((sequence += 1)).padStart(12, '0')}`;
const at = (minute: number): string => new Date(Date.UTC(2026, 10, 21, 12, minute)).toISOString();

function product(overrides: Partial<Product> = {}): Product {
  return newProduct({ id: uuid(), stage: 'collected', source_platform: '1688', ...overrides }, overrides.created_at ?? at(0));
}

function asset(productId: string, overrides: Partial<Asset> = {}): Asset {
  const origin = {
    asset_id: uuid(),
    product_id: productId,
    group_key: 'main' as const,
    group_name: '主图',
    variant_name: null,
    type: 'img',
    index: 0,
    dedupe_key: `k-${sequence}`,
    source_url: 'https://img.alicdn.com/a.jpg',
    referer: 'https://detail.1688.com',
  };
  return { ...pendingAsset(origin, at(0)), ...overrides };
}

for (const database of testDatabases()) {
  describe(`persistence contract on ${database.name}`, () => {
    let handle: TestDatabaseHandle;
    beforeEach(async () => {
      handle = await database.open();
    });
    afterEach(() => handle.dispose());

    const products = () => makeKyselyProductRepository(handle.db);
    const assets = () => makeKyselyAssetRepository(handle.db);

    it('round-trips every product field, groups and sources included', async () => {
      const stored = product({
        name: 'Кружка «Север»',
        price: 593,
        old_price: 1186,
        weight: 300,
        depth: 100.5,
        description_category_id: 17_028_922_123,
        images: ['/media/a.jpg', '/media/b.jpg'],
        sources: [{ platform: '1688', item_id: '6543', url: 'https://detail.1688.com/offer/6543.html' }],
        raw: { texts: [{ kind: 'title', content: '北欧马克杯' }], nested: { deep: [1, null, true] } },
        pricing: { cost_cny: 20, result: { price_rub: 593 } },
        attributes: { '85': { values: [{ value: 'Нет бренда' }] } },
      });
      await products().insert(stored);
      // Outside a request nobody is named as its author (DECISIONS §11 attribution comes from the request).
      expect(await products().findById(stored.id)).toEqual({ ...stored, created_by: null, updated_by: null });
      expect(await products().findById(uuid())).toBeUndefined();
    });

    it('updates only when the expected version matches (optimistic concurrency)', async () => {
      const stored = product();
      await products().insert(stored);
      const renamed = { ...stored, name: 'Новое имя', version: 2, updated_at: at(5) };
      expect(await products().update(renamed, 1)).toBe(true);
      expect(await products().update({ ...renamed, name: 'Поздно', version: 3 }, 1)).toBe(false);
      expect((await products().findById(stored.id))?.name).toBe('Новое имя');
    });

    it('lists newest-updated first, pages, filters by stage, hides archived, and searches names, ids and sources', async () => {
      const older = product({ name: 'Older mug', updated_at: at(1) });
      const newer = product({ name: 'Newer lamp', offer_id: 'LAMP-1', updated_at: at(2) });
      const archived = product({ name: 'Old archived', stage: 'archived', updated_at: at(3) });
      const sourced = product({ name: 'Sourced', sources: [{ platform: 'taobao', item_id: '998877', url: 'https://item.taobao.com/item.htm?id=998877' }], updated_at: at(0) });
      for (const p of [older, newer, archived, sourced]) await products().insert(p);

      const all = await products().list({ page: 1, pageSize: 2 });
      expect(all.total).toBe(3);
      expect(all.items.map((i) => i.id)).toEqual([newer.id, older.id]);
      expect((await products().list({ page: 2, pageSize: 2 })).items.map((i) => i.id)).toEqual([sourced.id]);
      expect((await products().list({ page: 1, pageSize: 20, stage: 'archived' })).items.map((i) => i.id)).toEqual([archived.id]);
      expect((await products().list({ page: 1, pageSize: 20, q: 'lamp-1' })).items.map((i) => i.id)).toEqual([newer.id]);
      expect((await products().list({ page: 1, pageSize: 20, q: '998877' })).items.map((i) => i.id)).toEqual([sourced.id]);
      expect((await products().list({ page: 1, pageSize: 20, q: '100%_' })).total).toBe(0);
    });

    it('counts assets per group and failed downloads in list items', async () => {
      const p = product();
      await products().insert(p);
      await assets().insertMany([
        asset(p.id, { group_key: 'main' }),
        asset(p.id, { group_key: 'main', status: 'failed' }),
        asset(p.id, { group_key: 'sku' }),
        asset(p.id, { group_key: 'generated', status: 'stored' }),
      ]);
      const [item] = (await products().list({ page: 1, pageSize: 20 })).items;
      expect(item?.asset_count).toEqual({ main: 2, sku: 1, detail: 0 });
      expect(item?.failed_assets).toBe(1);
    });

    it('finds non-archived products by source platform and item id', async () => {
      const source = { platform: '1688' as const, item_id: '42', url: 'https://detail.1688.com/offer/42.html' };
      const live = product({ sources: [source] });
      const gone = product({ sources: [source], stage: 'archived' });
      await products().insert(live);
      await products().insert(gone);
      expect(await products().idsBySource('1688', '42')).toEqual([live.id]);
      expect(await products().idsBySource('taobao', '42')).toEqual([]);
    });

    it('keeps assets in group order, knows dedupe keys, finds by status and updates', async () => {
      const p = product();
      await products().insert(p);
      const detail = asset(p.id, { group_key: 'detail', index: 0, dedupe_key: 'd0' });
      const main1 = asset(p.id, { group_key: 'main', index: 1, dedupe_key: 'm1' });
      const main0 = asset(p.id, { group_key: 'main', index: 0, dedupe_key: 'm0', status: 'downloading', created_at: at(1) });
      const upload = asset(p.id, { group_key: 'upload', index: 0, dedupe_key: '', status: 'stored' });
      await assets().insertMany([detail, upload, main1, main0]);
      expect((await assets().listByProduct(p.id)).map((a) => a.asset_id)).toEqual([main0.asset_id, main1.asset_id, detail.asset_id, upload.asset_id]);
      expect((await assets().dedupeKeys(p.id)).sort()).toEqual(['d0', 'm0', 'm1']);
      expect((await assets().listByStatus(['pending', 'downloading'], 10)).map((a) => a.asset_id)).toEqual([detail.asset_id, main1.asset_id, main0.asset_id]);

      const stored = { ...main0, status: 'stored' as const, stored_url: '/media/x.jpg', bytes: 1234, width: 800, height: 800, sha256: 'ab', attempts: 1, updated_at: at(9) };
      await assets().update(stored);
      expect(await assets().findById(main0.asset_id)).toEqual(stored);
    });

    it('inserts large batches of assets (beyond one statement) in one go', async () => {
      const p = product();
      await products().insert(p);
      await assets().insertMany(Array.from({ length: 450 }, (_, i) => asset(p.id, { index: i, dedupe_key: `bulk-${i}` })));
      expect((await assets().listByProduct(p.id)).length).toBe(450);
    });

    it('commits a unit of work as a whole, and rolls it back as a whole when it throws', async () => {
      const unit = makeKyselyUnitOfWork(handle.db);
      const kept = product();
      await unit.run(async (tx) => {
        await tx.products.insert(kept);
        await tx.assets.insertMany([asset(kept.id)]);
      });
      const lost = product();
      await expect(
        unit.run(async (tx) => {
          await tx.products.insert(lost);
          await tx.assets.insertMany([asset(lost.id)]);
          throw new Error('boom');
        }),
      ).rejects.toThrow('boom');
      expect(await products().findById(kept.id)).toBeDefined();
      expect((await assets().listByProduct(kept.id)).length).toBe(1);
      expect(await products().findById(lost.id)).toBeUndefined();
      expect(await assets().listByProduct(lost.id)).toEqual([]);
    });

    it('deletes a product with its assets and sources', async () => {
      const p = product({ sources: [{ platform: '1688', item_id: '7', url: 'u' }] });
      await products().insert(p);
      await assets().insertMany([asset(p.id)]);
      await products().delete(p.id);
      expect(await products().findById(p.id)).toBeUndefined();
      expect(await assets().listByProduct(p.id)).toEqual([]);
      expect(await products().idsBySource('1688', '7')).toEqual([]);
    });

    it('pings the database', async () => {
      const health = makeKyselyDatabaseHealth(handle.db);
      expect(await health.ping()).toBe(true);
    });
  });
}
