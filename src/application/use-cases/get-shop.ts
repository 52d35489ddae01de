import { type Shop } from '../../domain/shops/shop.ts';
import { type ShopAccess } from '../shop-access.ts';

export type GetShopDeps = { readonly shopAccess: ShopAccess };
export type GetShop = (shopId: string) => Promise<Shop>;

/** One shop, or 404 `SHOP_NOT_FOUND`. */
export const makeGetShop =
  ({ shopAccess }: GetShopDeps): GetShop =>
  (shopId) =>
    shopAccess.find(shopId);
