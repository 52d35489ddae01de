import { type AssetRepository } from '../ports/asset-repository.ts';
import { type ProductRepository } from '../ports/product-repository.ts';
import { loadProduct } from '../product-access.ts';

export type ListFingerprints = (productId: string) => Promise<string[]>;

/** The dedupe keys a product already has, so the extension sends only new images. */
export function makeListFingerprints({ products, assets }: { products: ProductRepository; assets: AssetRepository }): ListFingerprints {
  return async (productId) => {
    await loadProduct(products, productId);
    return assets.dedupeKeys(productId);
  };
}
