import type { EditorTab } from '../lib/router.ts';

/** Where the editor shows the field a check names: the tab and the element to focus. */
export type FieldTarget = { readonly tab: EditorTab; readonly selector: string };

/** Fields of the 试算与信息 tab whose input id is `f-<field>`. */
const INFO_FIELDS = new Set(['name', 'description', 'offer_id', 'barcode', 'depth', 'width', 'height', 'vat', 'currency_code']);
/** Checked fields that are computed from an input elsewhere (price from cost, weight from grams). */
const COMPUTED: Readonly<Record<string, string>> = {
  price: '#f-pricing-cost_cny',
  old_price: '#f-pricing-reserve_discount_percent',
  // The policy's minimum price is a share of the price, which the cost makes (docs/decisions.md, Price rules and quotas).
  min_price: '#f-pricing-cost_cny',
  fx_rate: '#f-pricing-fx_rate',
  weight: '#f-weight_g',
  weight_unit: '#f-weight_g',
  dimension_unit: '#f-depth',
};

/**
 * Maps a check's field path (`/name`, `price`, `attributes/85/0`, `images/3`, `description_category_id`) to its
 * field on the page. Server checks write paths with or without the leading slash, and with an index below an
 * attribute; the attribute is the field. Unknown paths open the publish tab.
 */
export function fieldTarget(path: string): FieldTarget {
  const parts = path.replace(/^\/+/, '').split(/[/.]/).filter(Boolean);
  const [head = '', second] = parts;
  if (head === 'attributes' && second === '4191') return { tab: 'pricing', selector: '#f-description' };
  if ((head === 'attributes' || head === 'complex_attributes') && second) return { tab: 'publish', selector: `[data-path="attributes/${second}"]` };
  // A variant's field (`variants/2/label_ru`, `variants/0/aspects/10096/0`): its cell in the variant table.
  if (head === 'variants')
    return {
      tab: 'publish',
      selector:
        second !== undefined && /^\d+$/.test(second)
          ? `[data-path="variants/${second}/${parts[2] === 'aspects' ? `aspects/${parts[3] ?? ''}` : (parts[2] ?? '')}"]`
          : '#variant-table',
    };
  if (head === 'description_category_id' || head === 'type_id' || head === 'category') return { tab: 'publish', selector: '[data-path="category"]' };
  if (INFO_FIELDS.has(head)) return { tab: 'pricing', selector: `#f-${head}` };
  // The trial panel's inputs (`/pricing/cost_cny` → `#f-pricing-cost_cny`); the grams of weight have one input for both.
  if (head === 'pricing' && second) return { tab: 'pricing', selector: second === 'weight_g' ? '#f-weight_g' : `#f-pricing-${second}` };
  const computed = COMPUTED[head];
  if (computed) return { tab: 'pricing', selector: computed };
  if (head === 'images' || head === 'primary_image') return { tab: 'images', selector: '[data-panel="images"]' };
  return { tab: 'publish', selector: '[data-panel="publish"]' };
}
