import { type AssetRepository } from '../ports/asset-repository.ts';
import { type ProductRepository } from '../ports/product-repository.ts';
import { notFound } from '../../domain/errors.ts';

export type ListFingerprints = (productId: string) => Promise<string[]>;

/** The dedupe keys a product already has, so the extension sends only new images. */
export function makeListFingerprints({ products, assets }: { products: ProductRepository; assets: AssetRepository }): ListFingerprints {
  return async (productId) => {
    if (!(await products.findById(productId))) throw notFound('PRODUCT_NOT_FOUND', '商品不存在');
    return assets.dedupeKeys(productId);
  };
}
