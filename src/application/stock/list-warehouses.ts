import { type CategoryCache } from '../ports/category-cache.ts';
import { type Clock } from '../ports/clock.ts';
import { type Marketplace, type Warehouse } from '../ports/marketplace.ts';
import { type ShopAccess } from '../shop-access.ts';
import { invalid } from '../../domain/common/errors.ts';
import { type Shop } from '../../domain/shops/shop.ts';

export type ListWarehousesDeps = {
  readonly shopAccess: ShopAccess;
  readonly marketplace: Marketplace;
  readonly categoryCache: CategoryCache;
  readonly clock: Clock;
  /** How long a fetched list is served without asking again (WAREHOUSES_TTL). */
  readonly ttlMs: number;
};

/** A shop's FBS and rFBS warehouses: from the cache while fresh, else (or with `refresh`) from the marketplace; 502 when it cannot be reached. */
export type ListWarehouses = (shopId: string, options?: { readonly refresh?: boolean }) => Promise<Warehouse[]>;

const cacheKey = (shopId: string): string => `warehouses:${shopId}`;

export function makeListWarehouses({ shopAccess, marketplace, categoryCache, clock, ttlMs }: ListWarehousesDeps): ListWarehouses {
  return async (shopId, options = {}) => {
    const shop = await shopAccess.find(shopId);
    const cached = await categoryCache.get(cacheKey(shop.id));
    const now = clock.now();
    if (cached && !options.refresh && now.getTime() - Date.parse(cached.fetched_at) < ttlMs) return cached.value as Warehouse[];
    const warehouses = await marketplace.warehouses(shopAccess.credentialsOf(shop));
    await categoryCache.put(cacheKey(shop.id), warehouses, now.toISOString());
    return warehouses;
  };
}

/** The shop's warehouse with this id, else 422 naming `path`: stock goes only to a warehouse the shop has. */
export async function shopWarehouse(listWarehouses: ListWarehouses, shop: Shop, warehouseId: number, path: string): Promise<Warehouse> {
  let warehouse = (await listWarehouses(shop.id)).find((candidate) => candidate.warehouse_id === warehouseId);
  // A warehouse made since the list was cached: ask the marketplace once more before refusing.
  warehouse ??= (await listWarehouses(shop.id, { refresh: true })).find((candidate) => candidate.warehouse_id === warehouseId);
  if (warehouse) return warehouse;
  const message = `店铺「${shop.name}」没有编号为 ${warehouseId} 的仓库`;
  throw invalid('WAREHOUSE_NOT_IN_SHOP', message, [{ path, message }]);
}
