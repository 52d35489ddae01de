import { type AssetRepository } from '../ports/asset-repository.ts';
import { type Clock } from '../ports/clock.ts';
import { type ProductRepository } from '../ports/product-repository.ts';
import { type QueueDownloads } from './queue-downloads.ts';
import { loadProduct } from '../product-access.ts';

export type RetryFailedAssetsDeps = {
  readonly products: ProductRepository;
  readonly assets: AssetRepository;
  readonly clock: Clock;
  readonly queueDownloads: QueueDownloads;
};

export type RetryFailedAssets = (productId: string) => Promise<{ requeued: number }>;

/** Puts a product's failed downloads back to `pending` with a fresh attempt budget and queues them. */
export function makeRetryFailedAssets({ products, assets, clock, queueDownloads }: RetryFailedAssetsDeps): RetryFailedAssets {
  return async (productId) => {
    await loadProduct(products, productId);
    const now = clock.now().toISOString();
    const failed = (await assets.listByProduct(productId)).filter((asset) => asset.status === 'failed' && asset.source_url);
    for (const asset of failed) await assets.update({ ...asset, status: 'pending', error: null, attempts: 0, updated_at: now });
    queueDownloads(failed.map((asset) => asset.asset_id));
    return { requeued: failed.length };
  };
}
