import { describe, expect, it as base } from 'vitest';
import { makeKyselyShopRepository } from '../../src/adapters/persistence/kysely-shop-repository.ts';
import { type ShopRepository } from '../../src/application/ports/shop-repository.ts';
import { newShop, recordShopTest } from '../../src/domain/shops/shop.ts';
import { testDatabases } from '../helpers/databases.ts';
import { makeInMemoryShopRepository } from '../in-memory/in-memory-shop-repository.ts';

type Adapter = { name: string; open(): Promise<{ shops: ShopRepository; dispose(): Promise<void> }> };
const adapters: Adapter[] = [
  ...testDatabases().map((database) => ({
    name: database.name,
    async open() {
      const handle = await database.open();
      return { shops: makeKyselyShopRepository(handle.db), dispose: () => handle.dispose() };
    },
  })),
  { name: 'in-memory', open: async () => ({ shops: makeInMemoryShopRepository(), dispose: async () => undefined }) },
];

const shopsTest = (adapter: Adapter) =>
  base.extend<{ shops: ShopRepository }>({
    shops: async ({ task: _task }, use) => {
      const opened = await adapter.open();
      try {
        await use(opened.shops);
      } finally {
        await opened.dispose();
      }
    },
  });

const at = (minute: number): string => new Date(Date.UTC(2026, 10, 21, 10, minute)).toISOString();
const shopNo = (n: number, minute = n) =>
  newShop(
    {
      id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
      name: `Shop ${n}`,
      client_id: String(100 + n),
      api_key_sealed: `sealed-${n}`,
      api_key_last4: '0000',
      currency_code: 'RUB',
    },
    at(minute),
  );

/** What every ShopRepository guarantees. */
function testShopRepositoryContract(it: ReturnType<typeof shopsTest>): void {
  it('stores, finds, updates and deletes a shop, roles included', async ({ shops }) => {
    const shop = shopNo(1);
    await shops.insert(shop);
    expect(await shops.findById(shop.id)).toEqual(shop);
    await expect(shops.insert(shop)).rejects.toThrow();
    const tested = recordShopTest(shop, { ok: true, roles: ['Admin', 'Product'], expires_at: '2027-01-01T00:00:00.000Z' }, at(30));
    expect(await shops.update(tested)).toBe(true);
    expect(await shops.findById(shop.id)).toEqual(tested);
    await shops.delete(shop.id);
    await shops.delete(shop.id);
    expect(await shops.findById(shop.id)).toBeUndefined();
    expect(await shops.update(tested)).toBe(false);
  });

  it('pages newest-updated first and finds shops by status, oldest first', async ({ shops }) => {
    for (const n of [11, 12, 13, 14]) await shops.insert(shopNo(n));
    await shops.update(recordShopTest(shopNo(14), { ok: true, roles: [], expires_at: null }, at(58)));
    await shops.update(recordShopTest(shopNo(11), { ok: true, roles: [], expires_at: null }, at(59)));
    const page = await shops.list({ page: 1, pageSize: 2 });
    expect(page.total).toBe(4);
    expect(page.items.map((s) => s.name)).toEqual(['Shop 11', 'Shop 14']);
    expect((await shops.list({ page: 2, pageSize: 2 })).items.map((s) => s.name)).toEqual(['Shop 13', 'Shop 12']);
    expect((await shops.listByStatus('active', 5)).map((s) => s.name)).toEqual(['Shop 11', 'Shop 14']);
    expect((await shops.listByStatus('active', 1)).map((s) => s.name)).toEqual(['Shop 11']);
  });
}

describe.each(adapters)('ShopRepository on $name', (adapter) => {
  testShopRepositoryContract(shopsTest(adapter));
});
