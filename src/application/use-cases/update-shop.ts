import { type Clock } from '../ports/clock.ts';
import { type SecretBox } from '../ports/secret-box.ts';
import { type ShopRepository } from '../ports/shop-repository.ts';
import { invalid } from '../../domain/common/errors.ts';
import { type Shop, type ShopCurrency, changeShop, lastFourOf } from '../../domain/shops/shop.ts';
import { shopKeyContext, shopNotFound } from '../shop-access.ts';
import { type ListWarehouses, shopWarehouse } from '../stock/list-warehouses.ts';

export type UpdateShopDeps = {
  readonly shops: ShopRepository;
  readonly secretBox: SecretBox;
  readonly clock: Clock;
  /** Checks a default warehouse against the shop's own (docs/decisions.md, Stock). */
  readonly listWarehouses: ListWarehouses;
  /** Told when the margin floor changed: the shop's offers are read again at once, flagged and told against the new floor. */
  readonly onMarginFloorChanged?: (shopId: string) => Promise<void>;
};
export type UpdateShopInput = {
  readonly id: string;
  readonly name?: string | undefined;
  readonly currency_code?: ShopCurrency | undefined;
  readonly client_id?: string | undefined;
  readonly api_key?: string | undefined;
  /** One of the shop's warehouses, or null for none. */
  readonly default_warehouse_id?: number | null | undefined;
  readonly default_stock?: number | undefined;
  readonly min_margin_percent?: number | null | undefined;
};
export type UpdateShop = (input: UpdateShopInput) => Promise<Shop>;

/** Renames, changes the currency or the stock defaults, or replaces the credentials (which sends the shop back to `unverified`). */
export function makeUpdateShop({ shops, secretBox, clock, listWarehouses, onMarginFloorChanged }: UpdateShopDeps): UpdateShop {
  return async (input) => {
    const shop = await shops.findById(input.id);
    if (!shop) throw shopNotFound();
    if (input.client_id !== undefined && input.client_id !== shop.client_id && input.api_key === undefined) {
      throw invalid('API_KEY_REQUIRED', '更换 Client-Id 时必须同时填写新的 API Key', [{ path: '/api_key', message: '需要新的 API Key' }]);
    }
    const credentials =
      input.api_key === undefined
        ? undefined
        : {
            client_id: input.client_id ?? shop.client_id,
            api_key_sealed: secretBox.seal(input.api_key, shopKeyContext(shop.id)),
            api_key_last4: lastFourOf(input.api_key),
          };
    const warehouseId = input.default_warehouse_id;
    if (warehouseId !== undefined && warehouseId !== null && warehouseId !== shop.default_warehouse_id)
      await shopWarehouse(listWarehouses, shop, warehouseId, '/default_warehouse_id');
    const next = changeShop(
      shop,
      {
        name: input.name?.trim(),
        currency_code: input.currency_code,
        default_warehouse_id: warehouseId,
        default_stock: input.default_stock,
        min_margin_percent: input.min_margin_percent,
        credentials,
      },
      clock.now().toISOString(),
    );
    if (!(await shops.update(next))) throw shopNotFound();
    if (next.min_margin_percent !== shop.min_margin_percent) await onMarginFloorChanged?.(shop.id);
    return next;
  };
}
