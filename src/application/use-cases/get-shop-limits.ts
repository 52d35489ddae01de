import { type Marketplace } from '../ports/marketplace.ts';
import { type ShopLimits } from '../../domain/shops/shop-limits.ts';
import { type ShopAccess } from '../shop-access.ts';

export type GetShopLimitsDeps = { readonly shopAccess: ShopAccess; readonly marketplace: Marketplace };
export type GetShopLimits = (shopId: string) => Promise<ShopLimits>;

/** The shop's quotas as the marketplace reports them now (not cached: they move with every publish). */
export function makeGetShopLimits({ shopAccess, marketplace }: GetShopLimitsDeps): GetShopLimits {
  return async (shopId) => {
    const shop = await shopAccess.find(shopId);
    return marketplace.productLimits(shopAccess.credentialsOf(shop));
  };
}
