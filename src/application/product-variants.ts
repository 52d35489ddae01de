import { conflict, invalid } from '../domain/common/errors.ts';
import { type Product } from '../domain/catalog/product.ts';
import { withOfferIds } from '../domain/variants/variant.ts';
import { editedImageIds, type VariantEdit } from '../domain/variants/variant-edits.ts';
import { assertVariantRules, offerIdProblems } from '../domain/variants/variant-rules.ts';
import { type AssetRepository } from './ports/asset-repository.ts';
import { type ProductRepository } from './ports/product-repository.ts';

/**
 * The product's variants made ready for a write (docs/decisions.md, Variants): offer ids follow the product's where the seller
 * set none, the variant rules hold, and no offer id is used by another product (409 `OFFER_ID_TAKEN`).
 */
export async function settleVariants(products: Pick<ProductRepository, 'offersTaken'>, product: Product): Promise<Product> {
  if (product.variants.length === 0) return product;
  const variants = withOfferIds(product.offer_id, product.variants);
  assertVariantRules(variants);
  const taken = await products.offersTaken(
    variants.flatMap((variant) => (variant.offer_id ? [variant.offer_id] : [])),
    product.id,
  );
  if (taken.length > 0) {
    const problems = offerIdProblems(variants, taken, '已被其他商品使用');
    // Offer ids that follow the product's are changed there, not in the variant table.
    const fix = problems.every((problem) => problem.path === '/offer_id') ? `请换一个商品货号（款式货号按 ${product.offer_id}-序号 生成）` : '请换一个货号';
    throw conflict('OFFER_ID_TAKEN', `款式货号 ${taken.join('、')} 已被其他商品使用，${fix}`, problems);
  }
  return { ...product, variants };
}

/** A variant's picture must be one of the product's own images (422 naming each one that is not). */
export async function assertOwnImages(assets: Pick<AssetRepository, 'findById'>, productId: string, edits: readonly VariantEdit[]): Promise<void> {
  const problems = [];
  for (const { index, assetId } of editedImageIds(edits)) {
    const asset = await assets.findById(assetId);
    if (!asset || asset.product_id !== productId) problems.push({ path: `/variants/${index}/image_asset_id`, message: '款式图片必须是本商品的图片' });
  }
  if (problems.length > 0) throw invalid('VALIDATION_FAILED', '请求参数不合法，请检查标出的字段', problems);
}
