import { type AssetRepository } from '../ports/asset-repository.ts';
import { type ProductRepository } from '../ports/product-repository.ts';
import { conflict } from '../../domain/common/errors.ts';
import { loadProduct } from '../product-access.ts';
import { loadVideo } from '../video-access.ts';

export type SetVideoCoverDeps = { readonly products: ProductRepository; readonly assets: AssetRepository };
export type SetVideoCoverInput = { readonly productId: string; readonly assetId: string | null };
export type SetVideoCover = (input: SetVideoCoverInput) => Promise<{ productId: string; coverAssetId: string | null }>;

/**
 * PUT /products/{id}/video-cover: the stored video the marketplace plays instead of the main photo (complex
 * attribute 100002), or none. One per product; it is sent as the cover and no longer among the videos.
 */
export function makeSetVideoCover({ products, assets }: SetVideoCoverDeps): SetVideoCover {
  return async ({ productId, assetId }) => {
    await loadProduct(products, productId);
    if (assetId !== null) {
      const video = await loadVideo(assets, productId, assetId);
      if (video.status !== 'stored') throw conflict('VIDEO_NOT_STORED', '视频还没有保存成功，不能设为封面');
    }
    await assets.setVideoCover(productId, assetId);
    return { productId, coverAssetId: assetId };
  };
}
