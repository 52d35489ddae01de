import { type Asset } from '../../domain/asset.ts';
import { type Product } from '../../domain/product.ts';
import { effectiveImages, storedImageUrls } from '../../domain/product-images.ts';
import { type AssetRepository } from '../ports/asset-repository.ts';

/** The detail view of a product: its fields with `primary_image`/`images` resolved, plus its assets. */
export type ProductView = Omit<Product, 'primary_image' | 'images'> & {
  readonly primary_image: string | null;
  readonly images: string[];
  readonly assets: Asset[];
};

export type ViewProduct = (product: Product) => Promise<ProductView>;

export const makeViewProduct =
  (deps: { readonly assets: AssetRepository }): ViewProduct =>
  async (product) => {
    const assets = await deps.assets.listByProduct(product.id);
    return { ...product, ...effectiveImages(product, storedImageUrls(assets)), assets };
  };
