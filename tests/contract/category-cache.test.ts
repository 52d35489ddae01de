import { describe, expect, it } from 'vitest';
import { makeKyselyCategoryCache } from '../../src/adapters/persistence/kysely-category-cache.ts';
import { type CategoryCache } from '../../src/application/ports/category-cache.ts';
import { testDatabases } from '../helpers/databases.ts';
import { makeInMemoryCategoryCache } from '../in-memory/in-memory-category-cache.ts';
import { at } from './catalog-fixtures.ts';

type Adapter = { name: string; open(): Promise<{ cache: CategoryCache; dispose(): Promise<void> }> };
const adapters: Adapter[] = [
  ...testDatabases().map((database) => ({
    name: database.name,
    async open() {
      const handle = await database.open();
      return { cache: makeKyselyCategoryCache(handle.db), dispose: () => handle.dispose() };
    },
  })),
  { name: 'in-memory', open: async () => ({ cache: makeInMemoryCategoryCache(), dispose: async () => undefined }) },
];

// The ShopRepository contract is in shop-repository.test.ts, the PublishTaskRepository's in publish-task-repository.test.ts.
describe.each(adapters)('CategoryCache on $name', (adapter) => {
  it('stores JSON under a key and replaces it', async () => {
    const { cache, dispose } = await adapter.open();
    try {
      expect(await cache.get('tree:RU')).toBeUndefined();
      await cache.put('tree:RU', [{ category_name: 'Дом', children: [] }], at(1));
      expect(await cache.get('tree:RU')).toEqual({ value: [{ category_name: 'Дом', children: [] }], fetched_at: at(1) });
      await cache.put('tree:RU', [], at(2));
      expect(await cache.get('tree:RU')).toEqual({ value: [], fetched_at: at(2) });
      expect(await cache.get('tree:ZH_HANS')).toBeUndefined();
    } finally {
      await dispose();
    }
  });

  it('keeps a copy: changing the value after put or after get changes nothing stored', async () => {
    const { cache, dispose } = await adapter.open();
    try {
      const value = { ids: [1, 2], complete: true };
      await cache.put('dictionary:1:2:85', value, at(3));
      value.ids.push(3);
      const read = (await cache.get('dictionary:1:2:85'))!.value as { ids: number[] };
      read.ids.push(4);
      expect((await cache.get('dictionary:1:2:85'))!.value).toEqual({ ids: [1, 2], complete: true });
    } finally {
      await dispose();
    }
  });
});
