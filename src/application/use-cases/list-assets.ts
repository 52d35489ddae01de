import { type AssetRepository } from '../ports/asset-repository.ts';
import { type ProductRepository } from '../ports/product-repository.ts';
import { type Asset } from '../../domain/media/asset.ts';
import { loadProduct } from '../product-access.ts';

export type ListAssets = (input: { productId: string; page: number; pageSize: number }) => Promise<{ total: number; items: Asset[] }>;

/** One page of a product's assets in group order, each with its download status, and how many it has. */
export function makeListAssets({ products, assets }: { products: ProductRepository; assets: AssetRepository }): ListAssets {
  return async ({ productId, page, pageSize }) => {
    await loadProduct(products, productId);
    const [total, items] = await Promise.all([
      assets.countByProduct(productId),
      assets.listByProduct(productId, { offset: (page - 1) * pageSize, limit: pageSize }),
    ]);
    return { total, items };
  };
}
