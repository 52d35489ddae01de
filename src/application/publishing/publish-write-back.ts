import { type ProductRepository } from '../ports/product-repository.ts';
import { type Actor, attributed } from '../../domain/accounts/actor.ts';
import { isDomainError } from '../../domain/common/errors.ts';
import { type Product } from '../../domain/catalog/product.ts';
import { markPublished, revise } from '../../domain/catalog/product-stage.ts';
import { type PublishTask } from '../../domain/publishing/publish-task.ts';
import { applyVariantResults, productMarketplaceId } from '../../domain/variants/variant-results.ts';

const WRITE_BACK_RETRIES = 3;

/**
 * Re-reads the product and writes `change(product)` until no concurrent edit bumped its version in between. A product
 * deleted meanwhile, or a change that has nothing to write (null), is done. False when it kept changing.
 */
async function rewriteProduct(products: ProductRepository, productId: string, change: (product: Product) => Product | null): Promise<boolean> {
  for (let attempt = 0; attempt < WRITE_BACK_RETRIES; attempt++) {
    const product = await products.findById(productId);
    if (!product) return true;
    const next = change(product);
    if (next === null || (await products.update(next, product.version))) return true;
  }
  return false;
}

/** The product `published` with its marketplace id (`ready` or re-published); null when its stage may not move (the seller moved it on). */
function publishedOrNull(product: Product, marketplaceId: string, now: string): Product | null {
  try {
    return markPublished(product, { marketplaceProductId: marketplaceId, publishedAt: now }, now);
  } catch (error) {
    if (!isDomainError(error) || error.kind !== 'conflict') throw error;
    return null;
  }
}

/** An imported single card: the product becomes `published`; one the seller moved on keeps its stage but learns its marketplace id. */
const singleCardResult =
  (marketplaceId: string, now: string) =>
  (product: Product): Product | null =>
    publishedOrNull(product, marketplaceId, now) ??
    (product.marketplace_product_id === marketplaceId ? null : revise(product, { marketplace_product_id: marketplaceId }, now));

/**
 * A product's variant records written onto its variants (status, errors, marketplace id, docs/decisions.md,
 * Variants); once one was imported the product becomes `published` as a single card does.
 */
const variantResults =
  (results: readonly PublishTask[], now: string) =>
  (product: Product): Product => {
    const withResults: Product = { ...product, variants: applyVariantResults(product.variants, results) };
    const marketplaceId = productMarketplaceId(product.marketplace_product_id, results);
    const revised = revise(withResults, { marketplace_product_id: marketplaceId }, now);
    if (marketplaceId === null || !results.some((record) => record.status === 'imported')) return revised;
    return publishedOrNull(withResults, marketplaceId, now) ?? revised;
  };

/** The records of each product with variants, in the order first seen. */
function variantRecordsByProduct(records: readonly PublishTask[]): Map<string, PublishTask[]> {
  const byProduct = new Map<string, PublishTask[]>();
  for (const record of records) {
    if (record.variant_id !== null) byProduct.set(record.product_id, [...(byProduct.get(record.product_id) ?? []), record]);
  }
  return byProduct;
}

/**
 * Writes the final marketplace results among these records onto their products and variants (docs/decisions.md,
 * Publishing and Variants): an imported product card's id and stage, each final variant record's status, errors and
 * id. Callers store the records only afterwards, so a crash in between repeats this idempotent write instead of
 * losing it; a product that keeps changing throws (the records are then written again on the next pass).
 */
export async function writeFinalResults(products: ProductRepository, records: readonly PublishTask[], now: string): Promise<void> {
  for (const record of records) {
    if (record.variant_id !== null || record.status !== 'imported' || !record.marketplace_product_id) continue;
    if (!(await rewriteProduct(products, record.product_id, singleCardResult(record.marketplace_product_id, now))))
      throw new Error(`product ${record.product_id} kept changing during the publish write-back`);
  }
  const final = variantRecordsByProduct(records.filter((record) => record.next_poll_at === null));
  for (const [productId, results] of final) {
    if (!(await rewriteProduct(products, productId, variantResults(results, now))))
      throw new Error(`product ${productId} kept changing during the variant write-back`);
  }
}

/**
 * The statuses of freshly sent or refused variant records (pending, waiting, or final from our checks or a price
 * update) written onto their variants, one product write per product, so the seller sees each variant's state.
 * A product that keeps changing meanwhile is left as it is: the poller writes each variant's final result anyway.
 * The `actor` who published (a request's) becomes the product's last editor; the poller's writes name no one.
 */
export async function writeVariantStatuses(products: ProductRepository, records: readonly PublishTask[], now: string, actor?: Actor): Promise<void> {
  for (const [productId, group] of variantRecordsByProduct(records))
    await rewriteProduct(products, productId, (product) => attributed(variantResults(group, now)(product), actor));
}
