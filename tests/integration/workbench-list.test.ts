import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newProduct, type Stage } from '../../src/domain/catalog/product.ts';
import { type Platform } from '../../src/domain/common/platform.ts';
import { testDatabases } from '../helpers/databases.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { addStoredImage } from './catalog-helpers.ts';

type Item = { id: string; name: string; price: number | null; thumbnail_url: string | null; source_platform: string | null };

for (const database of testDatabases()) {
  describe(`GET /api/products: thumbnails, filters, sorts and stage counts (${database.name})`, () => {
    let t: TestApp;
    const ids: string[] = [];
    beforeAll(async () => {
      t = await startTestApp({ database });
      const { products, assets } = t.container.cradle;
      const plan: { stage: Stage; platform: Platform; name: string; price: number | null }[] = [
        { stage: 'collected', platform: '1688', name: 'b 杯子 one', price: 300 },
        { stage: 'collected', platform: 'taobao', name: 'a 杯子 two', price: null },
        { stage: 'editing', platform: '1688', name: 'd lamp', price: 100 },
        { stage: 'ready', platform: 'taobao', name: 'c 杯子 three', price: 200 },
        { stage: 'archived', platform: 'taobao', name: 'e 杯子 old', price: 50 },
      ];
      for (const [i, entry] of plan.entries()) {
        const id = crypto.randomUUID();
        ids.push(id);
        const created = new Date(Date.UTC(2026, 9, 10 - i)).toISOString();
        const product = newProduct({ id, stage: entry.stage, source_platform: entry.platform, name: entry.name, offer_id: `W-${i}` }, created);
        await products.insert({ ...product, price: entry.price, updated_at: new Date(Date.UTC(2026, 10, 1 + i)).toISOString() });
      }
      // Product 0: a failed main image first, then two stored main images (idx 2 is the thumbnail, not idx 5).
      const second = await addStoredImage(t, ids[0]!, 5);
      const first = await addStoredImage(t, ids[0]!, 2);
      await addStoredImage(t, ids[1]!, 0, 'detail');
      await assets.insertMany([
        { ...first, asset_id: crypto.randomUUID(), index: 0, dedupe_key: 'failed-0', status: 'failed', stored_url: '', error: '下载失败' },
      ]);
      expect(second.stored_url).not.toBe(first.stored_url);
      thumbnail = first.stored_url;
    });
    afterAll(() => t?.close());
    let thumbnail = '';

    const list = async (query: string) => {
      const response = await t.app.inject({ method: 'GET', url: `/api/products${query}`, headers: t.auth });
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as { total: number; items: Item[]; stage_counts: Record<Stage, number> };
    };
    const names = (body: { items: Item[] }) => body.items.map((item) => item.name);

    it('gives each item its first stored main image, else null', async () => {
      const body = await list('');
      const byId = new Map(body.items.map((item) => [item.id, item]));
      expect(byId.get(ids[0]!)!.thumbnail_url).toBe(thumbnail);
      expect(byId.get(ids[1]!)!.thumbnail_url).toBeNull();
      expect(byId.get(ids[2]!)!.thumbnail_url).toBeNull();
    });

    it('counts every stage, archived included, for the current q and filters without stage', async () => {
      expect((await list('')).stage_counts).toEqual({ collected: 2, editing: 1, ready: 1, published: 0, archived: 1 });
      expect((await list('?stage=ready')).stage_counts).toEqual({ collected: 2, editing: 1, ready: 1, published: 0, archived: 1 });
      expect((await list('?q=杯子')).stage_counts).toEqual({ collected: 2, editing: 0, ready: 1, published: 0, archived: 1 });
      expect((await list('?q=杯子&platform=taobao&stage=archived')).stage_counts).toEqual({ collected: 1, editing: 0, ready: 1, published: 0, archived: 1 });
      expect((await list('?has_failed_assets=true')).stage_counts).toEqual({ collected: 1, editing: 0, ready: 0, published: 0, archived: 0 });
    });

    it('filters by platform, failed images and update date', async () => {
      expect(names(await list('?platform=taobao'))).toEqual(['c 杯子 three', 'a 杯子 two']);
      expect(names(await list('?platform=taobao&stage=archived'))).toEqual(['e 杯子 old']);
      expect((await list('?platform=manual')).total).toBe(0);
      const failed = await list('?has_failed_assets=true');
      expect([failed.total, names(failed)]).toEqual([1, ['b 杯子 one']]);
      expect(names(await list('?has_failed_assets=false'))).toEqual(['c 杯子 three', 'd lamp', 'a 杯子 two']);
      expect(names(await list('?updated_from=2026-11-02&updated_to=2026-11-03'))).toEqual(['d lamp', 'a 杯子 two']);
      expect(names(await list('?updated_to=2026-11-01T00:00:00.000Z'))).toEqual(['b 杯子 one']);
      expect(names(await list('?updated_from=2026-11-02T00:00:00Z&q=杯子'))).toEqual(['c 杯子 three', 'a 杯子 two']);
    });

    it('sorts by update, creation, price or name, either way; default newest update first', async () => {
      expect(names(await list(''))).toEqual(['c 杯子 three', 'd lamp', 'a 杯子 two', 'b 杯子 one']);
      expect(names(await list('?sort=updated_at'))).toEqual(['b 杯子 one', 'a 杯子 two', 'd lamp', 'c 杯子 three']);
      expect(names(await list('?sort=created_at'))).toEqual(['c 杯子 three', 'd lamp', 'a 杯子 two', 'b 杯子 one']);
      expect(names(await list('?sort=-created_at'))).toEqual(['b 杯子 one', 'a 杯子 two', 'd lamp', 'c 杯子 three']);
      expect(names(await list('?sort=price'))).toEqual(['a 杯子 two', 'd lamp', 'c 杯子 three', 'b 杯子 one']);
      expect(names(await list('?sort=-price'))).toEqual(['b 杯子 one', 'c 杯子 three', 'd lamp', 'a 杯子 two']);
      expect(names(await list('?sort=name'))).toEqual(['a 杯子 two', 'b 杯子 one', 'c 杯子 three', 'd lamp']);
      expect(names(await list('?sort=-name&q=杯子&page_size=2'))).toEqual(['c 杯子 three', 'b 杯子 one']);
      expect((await list('?sort=-name&q=杯子&page_size=2')).total).toBe(3);
    });

    it('refuses unknown filters and bad dates with 422', async () => {
      for (const query of ['?platform=amazon', '?sort=price_desc', '?has_failed_assets=maybe', '?updated_from=yesterday', '?updated_to=2026-02-30']) {
        const response = await t.app.inject({ method: 'GET', url: `/api/products${query}`, headers: t.auth });
        expect(response.statusCode, query).toBe(422);
      }
    });
  });
}
