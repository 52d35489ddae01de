import { type Asset } from '../domain/media/asset.ts';
import { type FieldProblem } from '../domain/common/errors.ts';
import { type PricingPolicy } from '../domain/pricing/pricing.ts';
import { type Product, type Stage } from '../domain/catalog/product.ts';
import { effectiveImages, storedImageUrls } from '../domain/catalog/product-images.ts';
import { allowedMoves } from '../domain/catalog/product-stage.ts';
import { readyProblems } from '../domain/catalog/ready-checks.ts';
import { type AssetRepository } from './ports/asset-repository.ts';
import { type ProductRepository } from './ports/product-repository.ts';
import { isVideoAsset } from '../domain/media/video-format.ts';

/** The detail view of a product: its fields with `primary_image`/`images` resolved, its assets and the moves open to it. */
export type ProductView = Omit<Product, 'primary_image' | 'images'> & {
  readonly primary_image: string | null;
  readonly images: string[];
  readonly assets: Asset[];
  /** The stages `POST /products/{id}/stage` would move it to now. */
  readonly allowed_moves: Stage[];
  /** What keeps a collected or editing product from `ready` (empty otherwise, and when nothing does). */
  readonly ready_problems: FieldProblem[];
};

export type ViewProduct = (product: Product) => Promise<ProductView>;

export type ViewProductDeps = { readonly assets: AssetRepository; readonly products: ProductRepository; readonly pricingPolicy: PricingPolicy };

export const makeViewProduct =
  (deps: ViewProductDeps): ViewProduct =>
  async (product) => {
    const assets = await deps.assets.listByProduct(product.id);
    let problems: FieldProblem[] = [];
    if (product.stage === 'collected' || product.stage === 'editing') {
      const offerIdTaken = product.offer_id ? await deps.products.offerIdTaken(product.offer_id, product.id) : false;
      const storedImageCount = assets.filter((asset) => asset.status === 'stored' && !isVideoAsset(asset)).length;
      problems = readyProblems(product, { policy: deps.pricingPolicy, offerIdTaken, storedImageCount });
    }
    return {
      ...product,
      // Variants stored before sale stock existed have none: the shop's default, as null says.
      variants: product.variants.map((variant) => (variant.sale_stock === undefined ? { ...variant, sale_stock: null } : variant)),
      ...effectiveImages(product, storedImageUrls(assets)),
      assets,
      allowed_moves: allowedMoves(product.stage, problems),
      ready_problems: problems,
    };
  };
