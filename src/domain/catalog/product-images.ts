import { ASSET_GROUPS, type Asset } from '../media/asset.ts';
import { type Product } from './product.ts';
import { isVideoAsset } from '../media/video-format.ts';

/** At most this many images are derived from assets (the marketplace's limit). */
export const MAX_DERIVED_IMAGES = 15;

/** Stored URLs of stored assets in group order main, sku, detail, upload, generated, then by index; never videos (docs/decisions.md, Videos). */
export function storedImageUrls(assets: readonly (Pick<Asset, 'group_key' | 'index' | 'status' | 'stored_url'> & { readonly type?: string })[]): string[] {
  return assets
    .filter((asset) => asset.status === 'stored' && asset.stored_url !== '' && !(asset.type !== undefined && isVideoAsset({ type: asset.type })))
    .map((asset, position) => ({ asset, position }))
    .sort(
      (a, b) => ASSET_GROUPS.indexOf(a.asset.group_key) - ASSET_GROUPS.indexOf(b.asset.group_key) || a.asset.index - b.asset.index || a.position - b.position,
    )
    .map(({ asset }) => asset.stored_url);
}

/**
 * The product's images as clients see them (docs/decisions.md, Products and stages): the explicit choice when set, otherwise derived
 * from stored assets (`images` holds up to 15 URLs, the first one is also `primary_image`).
 */
export function effectiveImages(
  product: Pick<Product, 'primary_image' | 'images'>,
  storedUrls: readonly string[],
): { primary_image: string | null; images: string[] } {
  const images = product.images ? [...product.images] : storedUrls.slice(0, MAX_DERIVED_IMAGES);
  return { primary_image: product.primary_image ?? images[0] ?? null, images };
}
