import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeKyselyPublishTaskRepository } from '../../src/adapters/persistence/kysely-publish-task-repository.ts';
import { down, up } from '../../src/adapters/persistence/migrations/011-publishing.ts';
import { down as downVariants, up as upVariants } from '../../src/adapters/persistence/migrations/016-variants.ts';
import { down as downUnanswered, up as upUnanswered } from '../../src/adapters/persistence/migrations/020-unanswered-sends.ts';
import { makeKyselyProductRepository } from '../../src/adapters/persistence/kysely-product-repository.ts';
import { newProduct } from '../../src/domain/catalog/product.ts';
import { newVariant } from '../../src/domain/variants/variant.ts';
import { newPublishTask, newWaitingRecord } from '../../src/domain/publishing/publish-task.ts';
import { type TestDatabaseHandle, testDatabases } from '../helpers/databases.ts';

const AT = '2026-11-21T10:00:00.000Z';

for (const database of testDatabases()) {
  describe(`migration 011 (publish records) on ${database.name}`, () => {
    let handle: TestDatabaseHandle;
    beforeAll(async () => {
      handle = await database.open();
    });
    afterAll(async () => handle.dispose());

    it('down keeps one row per sent task and drops waiting rows; up brings old rows back as records', async () => {
      const db = handle.db as unknown as Kysely<unknown>;
      const repository = makeKyselyPublishTaskRepository(handle.db);
      const shared = { shop_id: 's1', task_id: '1723000100' };
      await repository.insert(
        newPublishTask({ ...shared, id: 'r1', product_id: 'p1', offer_id: 'A' }, AT),
        newPublishTask({ ...shared, id: 'r2', product_id: 'p2', offer_id: 'B' }, AT),
        newPublishTask({ task_id: '1723000200', product_id: 'p3', shop_id: 's1', offer_id: 'C' }, AT),
        newWaitingRecord({ id: 'r4', product_id: 'p4', shop_id: 's1', offer_id: 'D' }, AT, AT),
      );

      // Later migrations step down first, as a real roll-back would.
      await downUnanswered(db);
      await downVariants(db);
      await down(db);
      const old = await sql<{ task_id: string; product_id: string }>`select task_id, product_id from publish_tasks order by task_id`.execute(db);
      expect(old.rows).toEqual([
        { task_id: '1723000100', product_id: 'p1' },
        { task_id: '1723000200', product_id: 'p3' },
      ]);
      await sql`insert into publish_tasks (task_id, product_id, shop_id, offer_id, status, marketplace_product_id, errors, attempts, next_poll_at, created_at, updated_at)
        values ('1723000300', 'p5', 's1', 'E', 'imported', '880000001', '[]', 2, null, ${AT}, ${AT})`.execute(db);

      await up(db);
      await upVariants(db);
      await upUnanswered(db);
      expect(await repository.findById('1723000300')).toMatchObject({
        id: '1723000300',
        task_id: '1723000300',
        operation: 'import',
        status: 'imported',
        marketplace_product_id: '880000001',
        card: null,
        attempts: 2,
      });
      expect((await repository.listByTask('1723000100')).map((record) => record.product_id)).toEqual(['p1']);
      // The rebuilt table takes several products per task again.
      await repository.insert(newPublishTask({ ...shared, id: 'r6', product_id: 'p6', offer_id: 'F' }, AT));
      expect((await repository.listByTask('1723000100')).map((record) => record.product_id).sort()).toEqual(['p1', 'p6']);
    });

    it('016 steps down and up again keeping products; variant offers and variant records work after it', async () => {
      const db = handle.db as unknown as Kysely<unknown>;
      const products = makeKyselyProductRepository(handle.db);
      const variants = [newVariant({ id: 'v1', seq: 1, label_zh: '红', offer_id: 'M-1' })];
      const product = newProduct({ id: 'pm', stage: 'editing', source_platform: '1688', name: 'Mug', offer_id: 'M' }, AT);
      await products.insert(product);
      await downVariants(db);
      await upVariants(db);
      expect((await products.findById('pm'))?.name).toBe('Mug');
      await products.update({ ...product, version: 2, variants }, 1);
      expect(await products.offersTaken(['M-1'], 'other')).toEqual(['M-1']);
      const records = makeKyselyPublishTaskRepository(handle.db);
      await records.insert(newPublishTask({ task_id: '1723000900', product_id: 'pm', variant_id: 'v1', shop_id: 's1', offer_id: 'M-1' }, AT));
      expect((await records.findById('1723000900'))?.variant_id).toBe('v1');
    });
  });
}
