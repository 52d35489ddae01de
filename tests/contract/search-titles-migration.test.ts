import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeKyselyProductRepository } from '../../src/adapters/persistence/kysely-product-repository.ts';
import { up } from '../../src/adapters/persistence/migrations/029-search-collected-titles.ts';
import { newProduct } from '../../src/domain/catalog/product.ts';
import { type TestDatabaseHandle, testDatabases } from '../helpers/databases.ts';

const AT = '2026-11-27T10:00:00.000Z';

for (const database of testDatabases()) {
  describe(`migration 029 (collected titles in the search text) on ${database.name}`, () => {
    let handle: TestDatabaseHandle;
    beforeAll(async () => {
      handle = await database.open();
    });
    afterAll(async () => handle.dispose());

    it('writes the search text again, so a product stored before finds by its Chinese title', async () => {
      const products = makeKyselyProductRepository(handle.db);
      const raw = { texts: [{ kind: 'title', content: '儿童保温杯 316不锈钢' }] };
      await products.insert({ ...newProduct({ id: 'p1', stage: 'editing', source_platform: '1688', name: 'Термокружка', offer_id: 'T-1' }, AT), raw });
      // As an earlier version wrote it: the name and ids only.
      await sql`update products set search_text = ${'термокружка t-1'} where id = 'p1'`.execute(handle.db);
      const found = async () => (await products.list({ q: '保温杯', page: 1, pageSize: 20 })).items.map((item) => item.id);
      expect(await found()).toEqual([]);
      await up(handle.db as unknown as Kysely<unknown>);
      expect(await found()).toEqual(['p1']);
      expect((await products.list({ q: 'термокружка', page: 1, pageSize: 20 })).total).toBe(1);
    });
  });
}
