import type { ProductDetail } from '../api/types.ts';
import type { EditorContext } from '../editor/context.ts';
import { h } from '../lib/dom.ts';
import { hasChinese } from '../lib/format.ts';
import { derivedOfferId, type Variant } from '../../../src/domain/variants/variant.ts';
import type { VariantEdit } from '../../../src/domain/variants/variant-edits.ts';
import { type AspectSource, attributeValues } from './lookups.ts';
import { variantPictureCell } from './variant-picture.ts';
import { valueSearch } from './value-search.ts';
import { showVariantStatus } from './variant-status.ts';

/** Records one change of one variant: the PATCH lists every variant to keep (docs/decisions.md, Variants), so the rest ride along by id. */
function editVariant(ctx: EditorContext, id: string, change: VariantEdit): void {
  const pending = ctx.saveState().pending.variants as VariantEdit[] | undefined;
  const base = pending ?? ctx.saved().variants.map((variant) => ({ id: variant.id }));
  ctx.edit(
    'variants',
    base.map((edit) => (edit.id === id ? { ...edit, ...change } : edit)),
  );
}

/** What a row shows of a variant (the API's shape, without the computation behind the price). */
export type VariantRow = Pick<
  Variant,
  | 'id'
  | 'seq'
  | 'label_zh'
  | 'label_ru'
  | 'offer_id'
  | 'offer_id_pinned'
  | 'enabled'
  | 'cost_cny'
  | 'stock'
  | 'sale_stock'
  | 'aspects'
  | 'props'
  | 'status'
  | 'image_asset_id'
>;

const numberOrNull = (text: string): number | null => (text.trim() === '' || !Number.isFinite(Number(text)) ? null : Number(text));

function input(path: string, value: string, onInput: (text: string) => void, attrs: Record<string, string> = {}): HTMLElement {
  const element = h('input', { type: 'text', autocomplete: 'off', ...attrs });
  element.value = value;
  element.addEventListener('input', () => onInput(element.value));
  return h('td', { 'data-path': path }, element);
}

/** One variant's row, with the cells the table refreshes as the seller types (its price and its publish status). */
export type DrawnVariantRow = { readonly element: HTMLElement; readonly price: HTMLElement; readonly status: HTMLElement };

/**
 * A variant's row: its picture, label, Russian label, offer id, cost, price, stock, one dictionary search per aspect
 * attribute, its switch and its status. Every input edits the variant at once (the autosave sends the whole list).
 */
export function variantRow(
  ctx: EditorContext,
  aspects: AspectSource,
  variant: VariantRow,
  index: number,
  product: ProductDetail,
  /** The variant's publish record is being looked up on the marketplace. */
  settling: boolean,
): DrawnVariantRow {
  const at = (field: string) => `variants/${index}/${field}`;
  const price = h('td', { class: 'num variant-price', 'data-path': at('price') });
  const status = h('td');
  showVariantStatus(status, variant.status, settling);
  const labelWarning = h('span', { class: 'field-message' });
  const ru = input(
    at('label_ru'),
    variant.label_ru ?? '',
    (text) => {
      labelWarning.textContent = hasChinese(text) ? '含有中文' : '';
      editVariant(ctx, variant.id, { label_ru: text.trim() === '' ? null : text });
    },
    { placeholder: '如 красный', 'aria-label': `${variant.label_zh} 俄文名称` },
  );
  ru.append(labelWarning);
  const enabled = h('input', { type: 'checkbox', 'aria-label': `启用 ${variant.label_zh}` });
  enabled.checked = variant.enabled;
  enabled.addEventListener('change', () => editVariant(ctx, variant.id, { enabled: enabled.checked }));
  const aspectCells = (aspects?.attributes ?? []).map((attribute) =>
    h(
      'td',
      { 'data-path': at(`aspects/${attribute.id}`) },
      valueSearch({
        id: `variant-${index}-aspect-${attribute.id}`,
        multiple: false,
        selected: variant.aspects[String(attribute.id)] ?? [],
        onChange: (values) => {
          const current = ctx.preview().variants.find((v) => v.id === variant.id)?.aspects ?? {};
          const picked = values
            .filter((value) => value.value)
            .map((value) => ({ ...(value.dictionary_value_id ? { dictionary_value_id: value.dictionary_value_id } : {}), value: value.value! }));
          editVariant(ctx, variant.id, { aspects: { ...current, [String(attribute.id)]: picked } });
        },
        load: async (q) => {
          const page = await attributeValues(ctx.app, { ...aspects!.query, attributeId: attribute.id }, q.length >= 2 ? q : '', q.length >= 2 ? 30 : 50);
          return {
            values: q && q.length < 2 ? page.values.filter((value) => value.value.toLowerCase().includes(q.toLowerCase())) : page.values,
            more: page.has_next,
          };
        },
      }),
    ),
  );
  const element = h(
    'tr',
    { 'data-variant': variant.id, class: variant.enabled ? '' : 'disabled' },
    variantPictureCell(product, variant, at('image_asset_id'), (assetId) => editVariant(ctx, variant.id, { image_asset_id: assetId })),
    h(
      'td',
      null,
      h('strong', null, variant.label_zh),
      variant.props.length > 0 ? h('div', { class: 'muted small' }, variant.props.map((p) => `${p.name}：${p.value}`).join('；')) : null,
    ),
    ru,
    input(
      at('offer_id'),
      variant.offer_id_pinned ? (variant.offer_id ?? '') : '',
      (text) => editVariant(ctx, variant.id, { offer_id: text.trim() === '' ? null : text }),
      { placeholder: derivedOfferId(product.offer_id, variant.seq) ?? '先填商品货号', 'aria-label': `${variant.label_zh} 货号` },
    ),
    input(at('cost_cny'), variant.cost_cny === null ? '' : String(variant.cost_cny), (text) => editVariant(ctx, variant.id, { cost_cny: numberOrNull(text) }), {
      inputmode: 'decimal',
      placeholder: '同商品',
      'aria-label': `${variant.label_zh} 采购成本`,
    }),
    price,
    input(at('stock'), variant.stock === null ? '' : String(variant.stock), (text) => editVariant(ctx, variant.id, { stock: numberOrNull(text) }), {
      inputmode: 'numeric',
      'aria-label': `${variant.label_zh} 采集库存`,
    }),
    // The quantity for sale (docs/decisions.md, Stock): empty = the shop's default, never above the collected stock.
    input(
      at('sale_stock'),
      variant.sale_stock === null ? '' : String(variant.sale_stock),
      (text) => editVariant(ctx, variant.id, { sale_stock: numberOrNull(text) }),
      {
        inputmode: 'numeric',
        placeholder: '店铺默认',
        'aria-label': `${variant.label_zh} 销售库存`,
      },
    ),
    ...aspectCells,
    h('td', { 'data-path': at('enabled') }, enabled),
    status,
  );
  return { element, price, status };
}
