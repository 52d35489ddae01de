import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeKyselyProductRepository } from '../../src/adapters/persistence/kysely-product-repository.ts';
import { up } from '../../src/adapters/persistence/migrations/030-publish-mode.ts';
import { up as backfillPrices } from '../../src/adapters/persistence/migrations/031-market-price-backfill.ts';
import { newProduct } from '../../src/domain/catalog/product.ts';
import { type TestDatabaseHandle, testDatabases } from '../helpers/databases.ts';

const AT = '2026-11-27T10:00:00.000Z';

for (const database of testDatabases()) {
  describe(`migration 030 (publish_mode) on ${database.name}`, () => {
    let handle: TestDatabaseHandle;
    beforeAll(async () => {
      handle = await database.open();
    });
    afterAll(async () => handle.dispose());

    it('starts products collected from the marketplace page with a positive whole SKU as copies, every other product as a full card', async () => {
      const products = makeKyselyProductRepository(handle.db);
      const made = [
        { id: 'copy', source_platform: 'ozon', source_item_id: '1459384721' },
        { id: 'zero', source_platform: 'ozon', source_item_id: '0123' },
        { id: 'text', source_platform: 'ozon', source_item_id: 'abc1' },
        { id: 'none', source_platform: 'ozon', source_item_id: '' },
        { id: '1688', source_platform: '1688', source_item_id: '6001' },
      ] as const;
      for (const fields of made) await products.insert(newProduct({ ...fields, stage: 'editing', name: fields.id }, AT));
      // As rows from before the migration: every product a full card.
      await sql`update products set publish_mode = 'create'`.execute(handle.db);
      await up(handle.db as never);
      const modes = Object.fromEntries(await Promise.all(made.map(async ({ id }) => [id, (await products.findById(id))?.publish_mode] as const)));
      expect(modes).toEqual({ copy: 'copy', zero: 'create', text: 'create', none: 'create', 1688: 'create' });
    });

    it('keeps the marketplace page price of products collected before, from their price text; version and update time unmoved', async () => {
      const products = makeKyselyProductRepository(handle.db);
      const texts = (price: string) => ({
        texts: [
          { kind: 'title', content: 'Кружка' },
          { kind: 'price', content: price },
        ],
      });
      await products.insert(
        newProduct({ id: 'old-copy', source_platform: 'ozon', source_item_id: '1459384721', stage: 'editing', name: 'a', raw: texts('1\u2009299\u00a0₽') }, AT),
      );
      await products.insert(
        newProduct({ id: 'no-price', source_platform: 'ozon', source_item_id: '1459384722', stage: 'editing', name: 'b', raw: texts('от 599 ₽') }, AT),
      );
      await products.insert(
        newProduct({ id: 'from-1688', source_platform: '1688', source_item_id: '6001', stage: 'editing', name: 'c', raw: texts('1 299 ₽') }, AT),
      );
      await backfillPrices(handle.db as never);
      expect(await products.findById('old-copy')).toMatchObject({ market_price_rub: 1299, version: 1, updated_at: AT });
      expect((await products.findById('no-price'))?.market_price_rub).toBeNull();
      expect((await products.findById('from-1688'))?.market_price_rub).toBeNull();
    });
  });
}
