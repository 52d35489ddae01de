import { type Clock } from '../ports/clock.ts';
import { type Marketplace } from '../ports/marketplace.ts';
import { type ShopRepository } from '../ports/shop-repository.ts';
import { type ShopTestOutcome, recordShopTest } from '../../domain/shops/shop.ts';
import { type ShopAccess } from '../shop-access.ts';

export type TestShopDeps = { readonly shops: ShopRepository; readonly shopAccess: ShopAccess; readonly marketplace: Marketplace; readonly clock: Clock };
export type TestShop = (shopId: string) => Promise<ShopTestOutcome>;

/**
 * Asks the marketplace whether the key works (the free roles method). Accepted → `active`, rejected →
 * `invalid`; when the marketplace cannot be reached the error propagates and the shop stays as it was.
 */
export function makeTestShop({ shops, shopAccess, marketplace, clock }: TestShopDeps): TestShop {
  return async (shopId) => {
    const shop = await shopAccess.find(shopId);
    const outcome = await marketplace.testCredentials(shopAccess.credentialsOf(shop));
    await shops.update(recordShopTest(shop, outcome, clock.now().toISOString()));
    return outcome;
  };
}
