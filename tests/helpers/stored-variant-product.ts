import { randomUUID } from 'node:crypto';
import { type AssetRepository } from '../../src/application/ports/asset-repository.ts';
import { type ProductRepository } from '../../src/application/ports/product-repository.ts';
import { pendingAsset, storedAsset } from '../../src/domain/media/asset.ts';
import { type Product } from '../../src/domain/catalog/product.ts';
import { type Variant } from '../../src/domain/variants/variant.ts';
import { PUBLIC_BASE, publishableVariants } from './publishable-product.ts';

/**
 * A ready product with three priced colours (offers `{offerId}-1..3`), each with its stored public SKU picture,
 * straight into storage: what a seller has once the variants pass the publish checks.
 */
export async function storedVariantProduct(
  repositories: { readonly products: ProductRepository; readonly assets: AssetRepository },
  offerId: string,
  change: (variant: Variant, index: number) => Variant = (variant) => variant,
): Promise<{ product: Product; variants: (Variant & { offer_id: string; image_asset_id: string })[] }> {
  const { product } = publishableVariants({ id: randomUUID(), offer_id: offerId, stage: 'ready' });
  const variants = product.variants.map((variant, index) => ({ ...variant, offer_id: `${offerId}-${index + 1}`, image_asset_id: randomUUID() }));
  await repositories.products.insert({ ...product, variants: variants.map(change) });
  const now = new Date().toISOString();
  await repositories.assets.insertMany(
    variants.map((variant, index) => {
      const origin = {
        asset_id: variant.image_asset_id,
        product_id: product.id,
        group_key: 'sku' as const,
        group_name: 'SKU',
        variant_name: variant.label_zh,
        type: 'img',
        index,
        dedupe_key: variant.id,
        source_url: '',
        referer: '',
      };
      return storedAsset(
        pendingAsset(origin, now),
        { url: `${PUBLIC_BASE}/media/p/${offerId}-${index}.jpg`, contentType: 'image/jpeg', bytes: 1, width: 750, height: 1000, sha256: variant.id },
        now,
      );
    }),
  );
  return { product, variants };
}
