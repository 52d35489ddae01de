import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeKyselyCategoryCache } from '../../src/adapters/persistence/kysely-category-cache.ts';
import { makeKyselyPublishTaskRepository } from '../../src/adapters/persistence/kysely-publish-task-repository.ts';
import { type CategoryCache } from '../../src/application/ports/category-cache.ts';
import { type PublishTaskRepository } from '../../src/application/ports/publish-task-repository.ts';
import { type PublishTask, newPublishTask } from '../../src/domain/publish-task.ts';
import { type TestDatabaseHandle, testDatabases } from '../helpers/databases.ts';

const at = (minute: number): string => new Date(Date.UTC(2026, 10, 21, 10, minute)).toISOString();
const taskNo = (n: number, fields: Partial<PublishTask> = {}): PublishTask => ({
  ...newPublishTask({ task_id: String(1_723_000_000 + n), product_id: 'p1', shop_id: 's1', offer_id: `OFFER-${n}` }, at(n)),
  ...fields,
});

for (const database of testDatabases()) {
  // The ShopRepository contract is in shop-repository.test.ts.
  describe(`marketplace repositories on ${database.name}`, () => {
    let handle: TestDatabaseHandle;
    let tasks: PublishTaskRepository;
    let cache: CategoryCache;

    beforeAll(async () => {
      handle = await database.open();
      tasks = makeKyselyPublishTaskRepository(handle.db);
      cache = makeKyselyCategoryCache(handle.db);
    });
    afterAll(async () => handle.dispose());

    describe('PublishTaskRepository', () => {
      it('stores and reads a task with its errors', async () => {
        const task = taskNo(1, {
          status: 'failed',
          next_poll_at: null,
          errors: [{ code: 'c', message: 'm', level: 'error', state: 's', description: 'Заполните', field: 'attribute', attribute_id: 85, attribute_name: 'Бренд' }],
        });
        await tasks.insert(task);
        expect(await tasks.findById(task.id)).toEqual(task);
        expect(await tasks.findById('999')).toBeUndefined();
      });

      it('lists due pending tasks soonest first and knows the next poll', async () => {
        const db = handle.db;
        await db.deleteFrom('publish_tasks').execute();
        expect(await tasks.nextPollAt()).toBeUndefined();
        await tasks.insert(taskNo(21, { next_poll_at: at(40) }));
        await tasks.insert(taskNo(22, { next_poll_at: at(30) }));
        await tasks.insert(taskNo(23, { next_poll_at: at(50) }));
        await tasks.insert(taskNo(24, { status: 'imported', next_poll_at: null }));
        expect(await tasks.nextPollAt()).toBe(at(30));
        expect((await tasks.listDue(at(45), 10)).map((t) => t.task_id)).toEqual(['1723000022', '1723000021']);
        expect((await tasks.listDue(at(45), 1)).map((t) => t.task_id)).toEqual(['1723000022']);
        const polled = { ...(await tasks.findById('1723000022'))!, status: 'imported' as const, next_poll_at: null, marketplace_product_id: '880000001' };
        await tasks.update(polled);
        expect(await tasks.findById('1723000022')).toEqual(polled);
        expect(await tasks.nextPollAt()).toBe(at(40));
      });

      it('answers whether a shop or product has a pending task, and pages history newest first', async () => {
        await handle.db.deleteFrom('publish_tasks').execute();
        await tasks.insert(taskNo(31, { status: 'imported', next_poll_at: null, product_id: 'p9', shop_id: 's9' }));
        expect(await tasks.hasPendingForShop('s9')).toBe(false);
        expect(await tasks.hasPendingForProduct('p9')).toBe(false);
        await tasks.insert(taskNo(32, { product_id: 'p9', shop_id: 's9' }));
        expect(await tasks.hasPendingForShop('s9')).toBe(true);
        expect(await tasks.hasPendingForProduct('p9')).toBe(true);
        expect(await tasks.hasPendingForShop('other')).toBe(false);
        const history = await tasks.listByProduct('p9', { page: 1, pageSize: 1 });
        expect(history.total).toBe(2);
        expect(history.items.map((t) => t.task_id)).toEqual(['1723000032']);
      });
    });

    describe('CategoryCache', () => {
      it('stores JSON under a key and replaces it', async () => {
        expect(await cache.get('tree:RU')).toBeUndefined();
        await cache.put('tree:RU', [{ category_name: 'Дом', children: [] }], at(1));
        expect(await cache.get('tree:RU')).toEqual({ value: [{ category_name: 'Дом', children: [] }], fetched_at: at(1) });
        await cache.put('tree:RU', [], at(2));
        expect(await cache.get('tree:RU')).toEqual({ value: [], fetched_at: at(2) });
      });
    });
  });
}
