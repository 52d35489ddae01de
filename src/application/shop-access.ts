import { type MarketplaceCredentials } from './ports/marketplace.ts';
import { type SecretBox } from './ports/secret-box.ts';
import { type ShopRepository } from './ports/shop-repository.ts';
import { DomainError, invalid, notFound } from '../domain/common/errors.ts';
import { type Shop } from '../domain/shops/shop.ts';

/** The context a shop's key is sealed under, so a sealed key copied to another row does not open. */
export const shopKeyContext = (shopId: string): string => `shop:${shopId}`;

/** The one answer for a shop id that names no shop. */
export const shopNotFound = (): DomainError => notFound('SHOP_NOT_FOUND', '店铺不存在');

export type ShopAccessDeps = { readonly shops: ShopRepository; readonly secretBox: SecretBox };

export type ShopAccess = {
  /** The shop, or 404 `SHOP_NOT_FOUND`. */
  find(shopId: string): Promise<Shop>;
  /** The given shop, or when none is given the single active one (docs/decisions.md, Shops and categories), else 422 `SHOP_REQUIRED`. */
  resolve(shopId: string | undefined): Promise<Shop>;
  /** The shop's decrypted credentials, for one marketplace call. */
  credentialsOf(shop: Shop): MarketplaceCredentials;
};

export function makeShopAccess({ shops, secretBox }: ShopAccessDeps): ShopAccess {
  const find = async (shopId: string): Promise<Shop> => {
    const shop = await shops.findById(shopId);
    if (!shop) throw shopNotFound();
    return shop;
  };
  return {
    find,
    async resolve(shopId) {
      if (shopId) return find(shopId);
      const active = await shops.listByStatus('active', 2);
      if (active.length === 1) return active[0]!;
      throw invalid(
        'SHOP_REQUIRED',
        active.length === 0 ? '没有已验证的店铺，请先绑定并测试店铺，或传入 shop_id' : '有多个已验证的店铺，请传入 shop_id 指定使用哪一个',
        [{ path: 'shop_id', message: '需要指定店铺' }],
      );
    },
    credentialsOf(shop) {
      try {
        return { clientId: shop.client_id, apiKey: secretBox.open(shop.api_key_sealed, shopKeyContext(shop.id)) };
      } catch (error) {
        if (error instanceof DomainError)
          throw new DomainError('conflict', 'SHOP_KEY_UNREADABLE', '店铺 API Key 无法解密（SECRET_KEY 可能已更换），请重新填写 API Key');
        throw error;
      }
    },
  };
}
