import { type ProductRepository } from './ports/product-repository.ts';
import { isDomainError } from '../domain/errors.ts';
import { type Product } from '../domain/product.ts';
import { markPublished, revise } from '../domain/product-stage.ts';
import { type PublishTask } from '../domain/publish-task.ts';
import { applyVariantResults, productMarketplaceId } from '../domain/variant-results.ts';

const RETRIES = 3;

/**
 * Writes the final results of a product's variant records onto its variants (status, errors, marketplace id,
 * docs/decisions.md, Variants); once one was imported the product becomes `published` as a single card does, a product the
 * seller moved on keeps its stage. Idempotent: a crash before the records are stored repeats it harmlessly.
 * Retries when a concurrent edit bumped the version (then throws, unless `mustWrite` is false); a product deleted
 * meanwhile is skipped.
 */
export async function writeVariantResults(
  products: ProductRepository,
  productId: string,
  results: readonly PublishTask[],
  now: string,
  mustWrite = true,
): Promise<void> {
  for (let attempt = 0; attempt < RETRIES; attempt++) {
    const product = await products.findById(productId);
    if (!product) return;
    const withResults: Product = { ...product, variants: applyVariantResults(product.variants, results) };
    const marketplaceId = productMarketplaceId(product.marketplace_product_id, results);
    let next: Product = revise(withResults, { marketplace_product_id: marketplaceId }, now);
    if (marketplaceId !== null && results.some((record) => record.status === 'imported')) {
      try {
        next = markPublished(withResults, { marketplaceProductId: marketplaceId, publishedAt: now }, now);
      } catch (error) {
        if (!isDomainError(error) || error.kind !== 'conflict') throw error;
      }
    }
    if (await products.update(next, product.version)) return;
  }
  if (mustWrite) throw new Error(`product ${productId} kept changing during the variant write-back`);
}

/**
 * The statuses of freshly sent or refused variant records (pending, waiting, or final from our checks or a price
 * update) written onto their variants, one product write per product, so the seller sees each variant's state.
 */
export async function writeVariantStatuses(products: ProductRepository, records: readonly PublishTask[], now: string): Promise<void> {
  const byProduct = new Map<string, PublishTask[]>();
  for (const record of records) {
    if (record.variant_id !== null) byProduct.set(record.product_id, [...(byProduct.get(record.product_id) ?? []), record]);
  }
  // A product that keeps changing meanwhile is left as it is: the poller writes each variant's final result anyway.
  for (const [productId, group] of byProduct) await writeVariantResults(products, productId, group, now, false);
}
