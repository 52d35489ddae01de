import { type ProductRepository } from './ports/product-repository.ts';
import { isDomainError } from '../domain/errors.ts';
import { type Product } from '../domain/product.ts';
import { markPublished, revise } from '../domain/product-stage.ts';
import { type PublishTask } from '../domain/publish-task.ts';
import { writeVariantResults } from './variant-write-back.ts';

const WRITE_BACK_RETRIES = 3;

/**
 * Writes an import's marketplace id onto the product. `ready` (or re-published) products become `published`;
 * a product the user moved on meanwhile keeps its stage but learns its marketplace id. Retries when a
 * concurrent edit bumped the version; a product deleted meanwhile is skipped.
 */
async function writeBack(products: ProductRepository, task: PublishTask, marketplaceId: string, now: string): Promise<void> {
  for (let attempt = 0; attempt < WRITE_BACK_RETRIES; attempt++) {
    const product = await products.findById(task.product_id);
    if (!product) return;
    let next: Product;
    try {
      next = markPublished(product, { marketplaceProductId: marketplaceId, publishedAt: now }, now);
    } catch (error) {
      if (!isDomainError(error) || error.kind !== 'conflict') throw error;
      if (product.marketplace_product_id === marketplaceId) return;
      next = revise(product, { marketplace_product_id: marketplaceId }, now);
    }
    if (await products.update(next, product.version)) return;
  }
  throw new Error(`product ${task.product_id} kept changing during the publish write-back`);
}

/**
 * Writes the final marketplace results among these records onto their products and variants (docs/decisions.md, Publishing and Variants): an
 * imported product card's id and stage, each final variant record's status, errors and id. Callers store the
 * records only afterwards, so a crash in between repeats this idempotent write instead of losing it.
 */
export async function writeFinalResults(products: ProductRepository, records: readonly PublishTask[], now: string): Promise<void> {
  for (const record of records) {
    if (record.variant_id === null && record.status === 'imported' && record.marketplace_product_id)
      await writeBack(products, record, record.marketplace_product_id, now);
  }
  const finalByProduct = new Map<string, PublishTask[]>();
  for (const record of records) {
    if (record.variant_id !== null && record.next_poll_at === null)
      finalByProduct.set(record.product_id, [...(finalByProduct.get(record.product_id) ?? []), record]);
  }
  for (const [productId, results] of finalByProduct) await writeVariantResults(products, productId, results, now);
}
