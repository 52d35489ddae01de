import { type AssetRepository } from '../ports/asset-repository.ts';
import { type ProductRepository } from '../ports/product-repository.ts';
import { type Asset } from '../../domain/asset.ts';
import { notFound } from '../../domain/errors.ts';

export type ListAssets = (productId: string) => Promise<Asset[]>;

/** A product's assets in group order, each with its download status. */
export function makeListAssets({ products, assets }: { products: ProductRepository; assets: AssetRepository }): ListAssets {
  return async (productId) => {
    if (!(await products.findById(productId))) throw notFound('PRODUCT_NOT_FOUND', '商品不存在');
    return assets.listByProduct(productId);
  };
}
