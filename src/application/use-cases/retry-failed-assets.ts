import { type AssetRepository } from '../ports/asset-repository.ts';
import { type Clock } from '../ports/clock.ts';
import { type ProductRepository } from '../ports/product-repository.ts';
import { type QueueDownloads } from './queue-downloads.ts';
import { type Asset } from '../../domain/media/asset.ts';
import { notFound } from '../../domain/common/errors.ts';
import { loadProduct } from '../product-access.ts';

export type RetryFailedAssetsDeps = {
  readonly products: ProductRepository;
  readonly assets: AssetRepository;
  readonly clock: Clock;
  readonly queueDownloads: QueueDownloads;
};

/** `assetId` narrows the retry to that one asset (a failed video's own retry button). */
export type RetryFailedAssets = (productId: string, assetId?: string) => Promise<{ requeued: number }>;

/** Puts a product's failed downloads back to `pending` with a fresh attempt budget and queues them. */
export function makeRetryFailedAssets({ products, assets, clock, queueDownloads }: RetryFailedAssetsDeps): RetryFailedAssets {
  return async (productId, assetId) => {
    await loadProduct(products, productId);
    const now = clock.now().toISOString();
    const candidates = assetId === undefined ? await assets.listByProduct(productId) : [await assets.findById(assetId)];
    if (assetId !== undefined && candidates[0]?.product_id !== productId) throw notFound('ASSET_NOT_FOUND', '图片或视频不存在或已删除');
    const failed = candidates.filter((asset): asset is Asset => asset?.status === 'failed' && Boolean(asset.source_url));
    for (const asset of failed) await assets.update({ ...asset, status: 'pending', error: null, attempts: 0, updated_at: now });
    queueDownloads(failed.map((asset) => asset.asset_id));
    return { requeued: failed.length };
  };
}
