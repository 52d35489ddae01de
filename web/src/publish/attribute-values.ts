import type { CategoryAttribute } from '../api/marketplace-types.ts';
import { DESCRIPTION_ATTRIBUTE_ID } from '../../../src/domain/publishing/publish-attributes.ts';
import { TYPE_ATTRIBUTE_ID } from '../../../src/domain/publishing/publish-category-checks.ts';

/** One stored value of a characteristic (the product's `attributes` group, see src/domain/publishing/publish-attributes.ts). */
export type StoredValue = { readonly dictionary_value_id?: number; readonly value?: string };

/** Reads what the product keeps for an attribute: an array of values, or a bare string/number/object. */
export function storedValues(raw: unknown): StoredValue[] {
  const entries = Array.isArray(raw) ? (raw as unknown[]) : raw === undefined || raw === null ? [] : [raw];
  const values: StoredValue[] = [];
  for (const entry of entries) {
    if (typeof entry === 'string' || typeof entry === 'number') {
      if (String(entry).trim()) values.push({ value: String(entry) });
    } else if (typeof entry === 'object' && entry !== null) {
      const { dictionary_value_id: id, value } = entry as Record<string, unknown>;
      values.push({
        ...(typeof id === 'number' ? { dictionary_value_id: id } : {}),
        ...(typeof value === 'string' || typeof value === 'number' ? { value: String(value) } : {}),
      });
    }
  }
  return values;
}

/** The value to save: null removes the attribute (the group is a JSON Merge Patch). */
export const toStored = (values: readonly StoredValue[]): StoredValue[] | null => (values.length > 0 ? [...values] : null);

/**
 * Required first (the card is refused without them), then the rest in the marketplace's order. The
 * description (4191) and the type (8229) are left out: the service fills them from the description and
 * `type_id`, as the publish checks do.
 */
export function orderAttributes(attributes: readonly CategoryAttribute[]): { required: CategoryAttribute[]; optional: CategoryAttribute[] } {
  const filledByFields = new Set([DESCRIPTION_ATTRIBUTE_ID, TYPE_ATTRIBUTE_ID]);
  const shown = attributes.filter((attribute) => !filledByFields.has(attribute.id) && attribute.attribute_complex_id === 0);
  return { required: shown.filter((attribute) => attribute.is_required), optional: shown.filter((attribute) => !attribute.is_required) };
}

/** How many required attributes have a value (the form's progress line). */
export function filledCount(required: readonly CategoryAttribute[], stored: Readonly<Record<string, unknown>>): number {
  return required.filter((attribute) => storedValues(stored[String(attribute.id)]).length > 0).length;
}
