import { type Clock } from '../ports/clock.ts';
import { type Marketplace } from '../ports/marketplace.ts';
import { type ShopRepository } from '../ports/shop-repository.ts';
import { type Shop, type ShopTestOutcome, recordShopTest } from '../../domain/shops/shop.ts';
import { type ShopAccess } from '../shop-access.ts';

export type TestShopDeps = {
  readonly shops: ShopRepository;
  readonly shopAccess: ShopAccess;
  readonly marketplace: Marketplace;
  readonly clock: Clock;
  /** Told the shop as the test left it (notifications' `key_expiring` reads its key's expiry). */
  readonly onTested?: (shop: Shop) => Promise<void>;
};
export type TestShop = (shopId: string) => Promise<ShopTestOutcome>;

/**
 * Asks the marketplace whether the key works (the free roles method). Accepted → `active`, rejected →
 * `invalid`; when the marketplace cannot be reached the error propagates and the shop stays as it was.
 */
export function makeTestShop({ shops, shopAccess, marketplace, clock, onTested }: TestShopDeps): TestShop {
  return async (shopId) => {
    const shop = await shopAccess.find(shopId);
    const outcome = await marketplace.testCredentials(shopAccess.credentialsOf(shop));
    const tested = recordShopTest(shop, outcome, clock.now().toISOString());
    await shops.update(tested);
    await onTested?.(tested);
    return outcome;
  };
}
