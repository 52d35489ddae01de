import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeKyselyProductRepository } from '../../src/adapters/persistence/kysely-product-repository.ts';
import { down, up } from '../../src/adapters/persistence/migrations/032-summary-columns.ts';
import { newProduct } from '../../src/domain/catalog/product.ts';
import { newVariant } from '../../src/domain/variants/variant.ts';
import { type TestDatabaseHandle, testDatabases } from '../helpers/databases.ts';

const AT = '2026-11-27T10:00:00.000Z';

for (const database of testDatabases()) {
  describe(`migration 032 (collected title, card count, source platforms) on ${database.name}`, () => {
    let handle: TestDatabaseHandle;
    beforeAll(async () => {
      handle = await database.open();
    });
    afterAll(async () => handle.dispose());

    it('writes the derived columns of products stored before it, in batches, without moving their version or update time', async () => {
      const products = makeKyselyProductRepository(handle.db);
      const raw = { texts: [{ kind: 'title', content: '儿童保温杯 316不锈钢' }] };
      const variants = ['红色', '蓝色', '绿色'].map((label_zh, seq) => newVariant({ id: `v${seq}`, seq, label_zh }));
      const supply = { platform: '1688' as const, item_id: '6001', url: 'https://detail.1688.com/offer/6001.html' };
      const ozon = { platform: 'ozon' as const, item_id: '1459384721', url: 'https://www.ozon.ru/product/1459384721/' };
      await products.insert({ ...newProduct({ id: 'cup', stage: 'editing', source_platform: '1688', name: 'Термокружка', variants }, AT), raw });
      await products.insert(newProduct({ id: 'copy', stage: 'editing', source_platform: 'ozon', name: 'Копия', sources: [ozon, supply] }, AT));
      // Enough plain products for a second batch (500 a batch).
      for (let i = 0; i < 520; i++)
        await products.insert(newProduct({ id: `p${String(i).padStart(3, '0')}`, stage: 'editing', source_platform: 'taobao', name: `n${i}` }, AT));
      // As rows from before the migration: the added columns at their defaults.
      await sql`update products set collected_title = null, card_count = 1, source_platforms = ''`.execute(handle.db);
      const list = async (platform?: '1688' | 'taobao') =>
        (await products.list({ page: 1, pageSize: 3, platform, sort: { key: 'name', descending: false } })).items.map((item) => ({
          id: item.id,
          collected_title: item.collected_title,
          card_count: item.card_count,
        }));
      expect(await list('1688')).toEqual([]);
      await up(handle.db as unknown as Kysely<unknown>);
      expect(await list('1688')).toEqual([
        { id: 'copy', collected_title: null, card_count: 1 },
        { id: 'cup', collected_title: '儿童保温杯 316不锈钢', card_count: 3 },
      ]);
      expect((await products.list({ page: 1, pageSize: 1, platform: 'taobao' })).total).toBe(520);
      const last = await sql<{ source_platforms: string; version: number; updated_at: string }>`select source_platforms, version, updated_at from products
        where id = 'p519'`.execute(handle.db);
      expect(last.rows[0]).toEqual({ source_platforms: 'taobao', version: 1, updated_at: AT });
    });

    it('goes down and up again', async () => {
      await down(handle.db as unknown as Kysely<unknown>);
      await up(handle.db as unknown as Kysely<unknown>);
      const products = makeKyselyProductRepository(handle.db);
      expect((await products.list({ page: 1, pageSize: 1, platform: '1688' })).total).toBe(2);
    });
  });
}
