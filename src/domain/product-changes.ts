import { type JsonObject } from './json.ts';
import { mergeGroup } from './merge-patch.ts';
import { PRODUCT_GROUPS, type Product, type ProductGroup } from './product.ts';
import { type VariantEdit } from './variant-edits.ts';

/** The flat fields a user may set (POST and PATCH); price, old_price and fx_rate are always computed. */
export const EDITABLE_FIELDS = [
  'name',
  'description',
  'offer_id',
  'currency_code',
  'vat',
  'weight',
  'weight_unit',
  'depth',
  'width',
  'height',
  'dimension_unit',
  'barcode',
  'description_category_id',
  'type_id',
  'primary_image',
  'images',
  'source_item_id',
  'source_url',
] as const satisfies readonly (keyof Product)[];
export type EditableField = (typeof EDITABLE_FIELDS)[number];

/** A PATCH body: flat fields replace, groups are JSON Merge Patches, `variants` lists every variant to keep. */
export type ProductChanges = Partial<Pick<Product, EditableField>> &
  Partial<Record<ProductGroup, JsonObject>> & { readonly variants?: readonly VariantEdit[] | undefined };

/** Applies a PATCH body: top-level fields replace, groups merge (RFC 7396). */
export function applyChanges(product: Product, changes: ProductChanges): Product {
  let next: Product = product;
  for (const field of EDITABLE_FIELDS) {
    if (changes[field] !== undefined) next = { ...next, [field]: changes[field] };
  }
  for (const group of PRODUCT_GROUPS) {
    const patch = changes[group];
    if (patch !== undefined) next = { ...next, [group]: mergeGroup(next[group], patch) };
  }
  return next;
}
