import { type ShopRepository } from '../../src/application/ports/shop-repository.ts';
import { type Shop } from '../../src/domain/shops/shop.ts';
import { copy } from './catalog-state.ts';

const newestUpdatedFirst = (a: Shop, b: Shop): number => b.updated_at.localeCompare(a.updated_at) || (a.id < b.id ? 1 : -1);
const oldestFirst = (a: Shop, b: Shop): number => a.created_at.localeCompare(b.created_at) || (a.id < b.id ? -1 : 1);

/** The ShopRepository in memory; passes tests/contract/shop-repository.test.ts. */
export function makeInMemoryShopRepository(table = new Map<string, Shop>()): ShopRepository {
  return {
    async insert(shop) {
      if (table.has(shop.id)) throw new Error(`duplicate shop id ${shop.id}`);
      table.set(shop.id, copy(shop));
    },
    async findById(id) {
      const shop = table.get(id);
      return shop ? copy(shop) : undefined;
    },
    async list({ page, pageSize }) {
      const all = [...table.values()].sort(newestUpdatedFirst);
      return { total: all.length, items: copy(all.slice((page - 1) * pageSize, page * pageSize)) };
    },
    async listByStatus(status, limit) {
      return copy(
        [...table.values()]
          .filter((shop) => shop.status === status)
          .sort(oldestFirst)
          .slice(0, limit),
      );
    },
    async update(shop) {
      const stored = table.get(shop.id);
      if (!stored) return false;
      table.set(shop.id, { ...copy(shop), created_at: stored.created_at });
      return true;
    },
    async delete(id) {
      table.delete(id);
    },
  };
}
