import { type Clock } from '../ports/clock.ts';
import { type Ids } from '../ports/ids.ts';
import { type SecretBox } from '../ports/secret-box.ts';
import { type ShopRepository } from '../ports/shop-repository.ts';
import { type Shop, type ShopCurrency, lastFourOf, newShop } from '../../domain/shops/shop.ts';
import { shopKeyContext } from '../shop-access.ts';

export type CreateShopDeps = { readonly shops: ShopRepository; readonly secretBox: SecretBox; readonly clock: Clock; readonly ids: Ids };
export type CreateShopInput = { readonly name: string; readonly client_id: string; readonly api_key: string; readonly currency_code: ShopCurrency };
export type CreateShop = (input: CreateShopInput) => Promise<Shop>;

/** Binds a shop: the key is sealed to the new shop's id before anything is stored; the shop starts `unverified`. */
export function makeCreateShop({ shops, secretBox, clock, ids }: CreateShopDeps): CreateShop {
  return async (input) => {
    const id = ids.uuid();
    const shop = newShop(
      {
        id,
        name: input.name.trim(),
        client_id: input.client_id,
        api_key_sealed: secretBox.seal(input.api_key, shopKeyContext(id)),
        api_key_last4: lastFourOf(input.api_key),
        currency_code: input.currency_code,
      },
      clock.now().toISOString(),
    );
    await shops.insert(shop);
    return shop;
  };
}
