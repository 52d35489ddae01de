import { type AssetRepository } from '../ports/asset-repository.ts';
import { type ObjectStore } from '../ports/object-store.ts';
import { conflict, invalid } from '../../domain/common/errors.ts';
import { type Product } from '../../domain/catalog/product.ts';
import { effectiveImages, storedImageUrls } from '../../domain/catalog/product-images.ts';
import { type PreparedPublish, preparePublish } from '../../domain/publishing/publish.ts';
import { cardAttributes } from '../../domain/publishing/publish-attributes.ts';
import { aspectAttributes } from '../../domain/publishing/publish-variants.ts';
import { type Variant } from '../../domain/variants/variant.ts';
import { type PublishVideo, publishVideosOf } from '../../domain/publishing/publish-videos.ts';
import { dictionaryUses } from '../../domain/publishing/publish-category-checks.ts';
import { type Shop } from '../../domain/shops/shop.ts';
import { type CategoryRules } from '../use-cases/category-rules.ts';
import { type ShopAccess } from '../shop-access.ts';
import { publicUrl, withPublicRichContent } from '../media-addresses.ts';

export type PreparePublicationDeps = {
  readonly assets: AssetRepository;
  readonly objectStore: ObjectStore;
  readonly shopAccess: ShopAccess;
  readonly categoryRules: CategoryRules;
  /** The pricing policy's `defaults.min_price_percent` (docs/decisions.md, Price rules); null or absent: no minimum price. */
  readonly minPricePercent?: number | null;
};
export type Publication = PreparedPublish;
/** The publish checks of one product for one shop; the same code for the pre-flight, one publish and bulk publish. */
export type PreparePublication = (product: Product, shop: Shop) => Promise<Publication>;

type ImageSources = { readonly imageUrls: string[]; readonly variantImage: (variant: Variant) => string | undefined; readonly videos: PublishVideo[] };

/**
 * Our stored URLs made absolute (`/media/…` → the public base), main image first, no duplicates; and each
 * variant's own picture: its SKU asset's stored URL, made absolute the same way.
 */
async function publicImages(product: Product, deps: Pick<PreparePublicationDeps, 'assets' | 'objectStore'>): Promise<ImageSources> {
  // Read even when the seller chose the images: the videos are assets too (docs/decisions.md, Videos).
  const assets = await deps.assets.listByProduct(product.id);
  const { primary_image, images } = effectiveImages(product, product.images ? [] : storedImageUrls(assets));
  const absolute = (url: string): string => publicUrl(deps.objectStore, url);
  const stored = new Map(assets.filter((asset) => asset.status === 'stored' && asset.stored_url).map((asset) => [asset.asset_id, absolute(asset.stored_url)]));
  return {
    imageUrls: [...new Set([primary_image, ...images].filter((url): url is string => Boolean(url)).map(absolute))],
    variantImage: (variant) => (variant.image_asset_id === null ? undefined : stored.get(variant.image_asset_id)),
    videos: publishVideosOf(assets, absolute),
  };
}

/**
 * Runs every publish check (docs/decisions.md, Publishing), reading the category's rules and dictionaries from the marketplace
 * through the cache. A category and type the marketplace does not know is a 422 `CATEGORY_UNKNOWN` carrying
 * the other problems too; the rest come back as a list.
 */
export function makePreparePublication(deps: PreparePublicationDeps): PreparePublication {
  const { shopAccess, categoryRules } = deps;
  return async (stored, shop) => {
    const images = { ...(await publicImages(stored, deps)), minPricePercent: deps.minPricePercent ?? null };
    const product = withPublicRichContent(stored, deps.objectStore);
    const categoryId = product.description_category_id;
    const typeId = product.type_id;
    if (!categoryId || !typeId) return preparePublish({ product, currency: shop.currency_code, ...images });

    const credentials = shopAccess.credentialsOf(shop);
    const scope = { categoryId, typeId };
    const placement = await categoryRules.placement(credentials, scope);
    if (placement !== 'ok') {
      const prepared = preparePublish({ product, currency: shop.currency_code, ...images });
      const message =
        placement === 'unknown'
          ? `平台没有类目 ${categoryId} 下的商品类型 ${typeId}，请重新选择类目`
          : `平台已停用类目 ${categoryId} 下的商品类型 ${typeId}，不能在此创建商品，请重新选择类目`;
      const problems = [{ path: 'description_category_id', message }, ...(prepared.ok ? [] : prepared.problems)];
      throw invalid('CATEGORY_UNKNOWN', message, problems);
    }
    const rules = await categoryRules.attributes(credentials, scope);
    const aspects = product.variants.filter((variant) => variant.enabled).flatMap(aspectAttributes);
    const uses = dictionaryUses([...cardAttributes(product.attributes, []), ...aspects], rules);
    const knownValues = await categoryRules.knownValues(credentials, scope, uses);
    return preparePublish({ product, currency: shop.currency_code, ...images, category: { rules, knownValues } });
  };
}

/** The shop to publish through: it must exist (404) and have passed its last test (409 `SHOP_NOT_ACTIVE`). */
export async function findPublishingShop(shopAccess: ShopAccess, shopId: string): Promise<Shop> {
  const shop = await shopAccess.find(shopId);
  if (shop.status === 'invalid') throw conflict('SHOP_INVALID', '店铺的 API Key 已被平台拒绝，请更新后重新测试');
  if (shop.status !== 'active') throw conflict('SHOP_NOT_ACTIVE', '店铺尚未通过测试，请先在店铺页点击「测试连接」');
  return shop;
}
