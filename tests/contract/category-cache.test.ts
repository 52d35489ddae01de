import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeKyselyCategoryCache } from '../../src/adapters/persistence/kysely-category-cache.ts';
import { type CategoryCache } from '../../src/application/ports/category-cache.ts';
import { type TestDatabaseHandle, testDatabases } from '../helpers/databases.ts';

const at = (minute: number): string => new Date(Date.UTC(2026, 10, 21, 10, minute)).toISOString();

// The ShopRepository contract is in shop-repository.test.ts, the PublishTaskRepository's in publish-task-repository.test.ts.
describe.each(testDatabases())('CategoryCache on $name', (database) => {
  let handle: TestDatabaseHandle;
  let cache: CategoryCache;

  beforeAll(async () => {
    handle = await database.open();
    cache = makeKyselyCategoryCache(handle.db);
  });
  afterAll(async () => handle.dispose());

  it('stores JSON under a key and replaces it', async () => {
    expect(await cache.get('tree:RU')).toBeUndefined();
    await cache.put('tree:RU', [{ category_name: 'Дом', children: [] }], at(1));
    expect(await cache.get('tree:RU')).toEqual({ value: [{ category_name: 'Дом', children: [] }], fetched_at: at(1) });
    await cache.put('tree:RU', [], at(2));
    expect(await cache.get('tree:RU')).toEqual({ value: [], fetched_at: at(2) });
  });
});
