import { type JsonObject } from '../common/json.ts';
import { mergeGroup } from '../common/merge-patch.ts';
import { PRODUCT_GROUPS, type Product, type ProductGroup } from './product.ts';
import { EDITABLE_FIELDS, type EditableField } from './product-fields.ts';
import { type VariantEdit } from '../variants/variant-edits.ts';

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
