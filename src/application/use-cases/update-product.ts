import { invalid } from '../../domain/common/errors.ts';
import { type Actor, attributed } from '../../domain/accounts/actor.ts';
import { RICH_CONTENT_ATTRIBUTE_ID, richContentProblems } from '../../domain/catalog/rich-content.ts';
import { unifyWeight } from '../../domain/intake/collected-pricing.ts';
import { assertNamed, type Product } from '../../domain/catalog/product.ts';
import { pricingInputsChanged } from '../../domain/pricing/product-pricing.ts';
import { assertEditable, revise, stageAfterEdit } from '../../domain/catalog/product-stage.ts';
import { READY_CHECKED_FIELDS } from '../../domain/catalog/ready-checks.ts';
import { assertPublishMode } from '../../domain/catalog/follow-selling.ts';
import { applyVariantEdits } from '../../domain/variants/variant-edits.ts';
import { variantPricingChanged } from '../../domain/variants/variant-pricing.ts';
import { type AssetRepository } from '../ports/asset-repository.ts';
import { type Clock } from '../ports/clock.ts';
import { type Ids } from '../ports/ids.ts';
import { type ObjectStore } from '../ports/object-store.ts';
import { type ProductRepository } from '../ports/product-repository.ts';
import { assertVersion, loadProduct, saveRevision } from '../product-access.ts';
import { applyChanges, type ProductChanges } from '../../domain/catalog/product-changes.ts';
import { assertOwnImages, settleVariants } from '../product-variants.ts';
import { ownPictures } from '../rich-content-pictures.ts';
import { storedImages } from '../media-addresses.ts';
import { type RepriceProduct } from './reprice-product.ts';
import { type ProductView, type ViewProduct } from '../view-product.ts';

export type UpdateProductDeps = {
  readonly products: ProductRepository;
  readonly assets: AssetRepository;
  readonly objectStore: ObjectStore;
  readonly clock: Clock;
  readonly ids: Ids;
  readonly repriceProduct: RepriceProduct;
  readonly viewProduct: ViewProduct;
  /** Told after a save that changed the product's or a variant's `sale_stock` (the stock feature sends it again). */
  readonly onSaleStockChanged?: (product: Product) => Promise<unknown>;
};

export type UpdateProductInput = {
  readonly id: string;
  /** The `If-Match` version; a stale one is refused with 412. */
  readonly ifMatch?: number | undefined;
  readonly changes: ProductChanges;
  /** Who edits it (docs/decisions.md, Accounts); absent: no one is named its last editor. */
  readonly actor?: Actor | undefined;
};
export type UpdateProduct = (input: UpdateProductInput) => Promise<ProductView>;

/** Keeps the computed price fields as they were: a client never sets them directly. */
const keepComputed = (before: Product, after: Product): Product => {
  const { result: _sent, ...pricing } = after.pricing;
  return {
    ...after,
    price: before.price,
    old_price: before.old_price,
    fx_rate: before.fx_rate,
    pricing: before.pricing.result === undefined ? pricing : { ...pricing, result: before.pricing.result },
  };
};

/** A rich content set by hand (attribute 11254) must be the shape we build, with the product's own pictures (docs/decisions.md, Rich content). */
async function assertRichContent(deps: Pick<UpdateProductDeps, 'assets' | 'objectStore'>, productId: string, changes: ProductChanges): Promise<void> {
  const value = changes.attributes?.[String(RICH_CONTENT_ATTRIBUTE_ID)];
  if (value === undefined || value === null) return;
  const problems = richContentProblems(value, await ownPictures(deps, productId));
  if (problems.length === 0) return;
  // Most messages already begin with the attribute's name; the detail does not say it twice.
  const first = problems[0]!.message;
  throw invalid('RICH_CONTENT_INVALID', first.startsWith('富文本（11254）') ? first : `富文本（11254）不合法：${first}`, problems);
}

/** The variants as the ready checks see them: the quantity for sale is no part of the card. */
const cardOfVariants = (product: Product): string => JSON.stringify(product.variants.map(({ sale_stock: _saleStock, ...variant }) => variant));
const saleStocks = (product: Product): string => JSON.stringify([product.sale_stock, product.variants.map((variant) => variant.sale_stock ?? null)]);

const checkedFieldChanged = (before: Product, after: Product): boolean =>
  READY_CHECKED_FIELDS.some((field) => before[field] !== after[field]) ||
  pricingInputsChanged(before, after) ||
  cardOfVariants(before) !== cardOfVariants(after);

/**
 * PATCH /products/{id} (autosave, docs/decisions.md, Products and stages): fields replace, groups merge, `variants` lists the variants to
 * keep (docs/decisions.md, Variants), the price is recomputed on the server whenever a pricing input changed; a collected product becomes `editing`, a ready one falls back
 * to `editing` when a checked field changed.
 */
export const makeUpdateProduct =
  (deps: UpdateProductDeps): UpdateProduct =>
  async ({ id, ifMatch, changes, actor }) => {
    const current = await loadProduct(deps.products, id);
    assertVersion(current, ifMatch);
    assertEditable(current);
    if (changes.name !== undefined) assertNamed(changes.name);
    let edited = unifyWeight(current, applyChanges(current, changes));
    // Only a copy that still has its marketplace SKU (docs/decisions.md, Follow-selling); an edit leaving one without is refused whole.
    if (changes.publish_mode !== undefined || changes.source_item_id !== undefined) assertPublishMode(edited);
    if (changes.images !== undefined || changes.primary_image !== undefined) edited = storedImages(deps.objectStore, edited);
    if (changes.variants !== undefined) {
      await assertOwnImages(deps.assets, current.id, changes.variants);
      edited = { ...edited, variants: applyVariantEdits(current.variants, changes.variants, () => deps.ids.uuid()) };
    }
    edited = await settleVariants(deps.products, edited);
    await assertRichContent(deps, current.id, changes);
    const repricing = pricingInputsChanged(current, edited) || variantPricingChanged(current, edited);
    const priced = repricing ? await deps.repriceProduct(edited) : keepComputed(current, edited);
    const next = attributed(
      revise(priced, { stage: stageAfterEdit(current.stage, checkedFieldChanged(current, priced)) }, deps.clock.now().toISOString()),
      actor,
    );
    await saveRevision(deps.products, next, current.version);
    if (saleStocks(current) !== saleStocks(next)) await deps.onSaleStockChanged?.(next);
    return deps.viewProduct(next);
  };
