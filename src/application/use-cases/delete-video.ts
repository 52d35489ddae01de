import { type AssetRepository } from '../ports/asset-repository.ts';
import { type ObjectStore } from '../ports/object-store.ts';
import { type ProductRepository } from '../ports/product-repository.ts';
import { loadProduct } from '../product-access.ts';
import { loadVideo } from '../video-access.ts';

export type DeleteVideoDeps = { readonly products: ProductRepository; readonly assets: AssetRepository; readonly objectStore: ObjectStore };
export type DeleteVideo = (input: { readonly productId: string; readonly assetId: string }) => Promise<void>;

/**
 * DELETE /products/{id}/assets/{asset_id}: removes one of the product's videos, its stored file with it (a cover
 * goes with its video). Pictures are not deleted here: the listing's images refer to them by address. A video
 * still downloading is dropped as well; the download finds it gone and removes what it wrote.
 */
export function makeDeleteVideo({ products, assets, objectStore }: DeleteVideoDeps): DeleteVideo {
  return async ({ productId, assetId }) => {
    await loadProduct(products, productId);
    const video = await loadVideo(assets, productId, assetId);
    await assets.delete(video.asset_id);
    const key = video.stored_url ? objectStore.keyFromUrl(video.stored_url) : undefined;
    if (key) await objectStore.delete(key);
  };
}
