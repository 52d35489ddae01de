import type { CategoryAttribute } from '../api/marketplace-types.ts';
import type { ProductDetail } from '../api/types.ts';
import type { EditorContext } from '../editor/context.ts';
import { h, mount } from '../lib/dom.ts';
import { formatCny, formatRub, hasChinese } from '../lib/format.ts';
import { COLOUR_NAME_ATTRIBUTE_ID } from '../../../src/domain/publish-variants.ts';
import type { PricingPolicy } from '../../../src/domain/pricing.ts';
import { derivedOfferId, type Variant } from '../../../src/domain/variant.ts';
import type { VariantEdit } from '../../../src/domain/variant-edits.ts';
import { quoteVariant } from '../../../src/domain/variant-pricing.ts';
import { type ValueQuery, attributeValues } from './lookups.ts';
import { variantPictureCell } from './variant-picture.ts';
import { showVariantProblems } from './variant-problems.ts';
import { valueSearch } from './value-search.ts';
import { showVariantStatus } from './variant-status.ts';

/** The category's aspect attributes and how to look their values up (null until a shop and a category are chosen). */
export type AspectSource = { readonly query: Omit<ValueQuery, 'attributeId'>; readonly attributes: readonly CategoryAttribute[] } | null;

/** The aspects a seller picks per variant: plain `is_aspect` attributes, except the colour name the service fills. */
export const aspectAttributes = (attributes: readonly CategoryAttribute[]): CategoryAttribute[] =>
  attributes.filter((attribute) => attribute.is_aspect && attribute.attribute_complex_id === 0 && attribute.id !== COLOUR_NAME_ATTRIBUTE_ID);

/** Records one change of one variant: the PATCH lists every variant to keep (DECISIONS §10), so the rest ride along by id. */
function editVariant(ctx: EditorContext, id: string, change: VariantEdit): void {
  const pending = ctx.saveState().pending.variants as VariantEdit[] | undefined;
  const base = pending ?? ctx.saved().variants.map((variant) => ({ id: variant.id }));
  ctx.edit(
    'variants',
    base.map((edit) => (edit.id === id ? { ...edit, ...change } : edit)),
  );
}

/** What a row shows of a variant (the API's shape, without the computation behind the price). */
type VariantRow = Pick<
  Variant,
  'id' | 'seq' | 'label_zh' | 'label_ru' | 'offer_id' | 'offer_id_pinned' | 'enabled' | 'cost_cny' | 'stock' | 'aspects' | 'props' | 'status' | 'image_asset_id'
>;

const numberOrNull = (text: string): number | null => (text.trim() === '' || !Number.isFinite(Number(text)) ? null : Number(text));

function input(path: string, value: string, onInput: (text: string) => void, attrs: Record<string, string> = {}): HTMLElement {
  const element = h('input', { type: 'text', autocomplete: 'off', ...attrs });
  element.value = value;
  element.addEventListener('input', () => onInput(element.value));
  return h('td', { 'data-path': path }, element);
}

/**
 * The variant table of the publish tab: each colour or size with its own Russian label, offer id, cost, stock,
 * aspect values (from the marketplace's dictionary, by search) and switch; its price is recomputed by the bundled
 * pricing as the seller types. Rows are drawn once per set of variants so typing keeps the focus.
 */
export function variantTable(
  ctx: EditorContext,
  aspects: AspectSource,
  reference: { policy: PricingPolicy; rate: number },
  /** The variants whose publish record is being looked up on the marketplace (from the history). */
  settling: () => ReadonlySet<string> = () => new Set(),
): { element: HTMLElement; stop: () => void; refresh: () => void } {
  const host = h('div', { id: 'variant-table', class: 'variant-table' });
  const priceCells = new Map<string, HTMLElement>();
  const statusCells = new Map<string, HTMLElement>();
  const summary = h('p', { class: 'muted small', id: 'variant-summary' });
  const problemsBox = h('div', { id: 'variant-problems', class: 'variant-problems', role: 'alert', hidden: true });
  let drawnIds = '';

  const update = (): void => {
    const product = ctx.preview();
    const rate = typeof product.pricing.fx_rate === 'number' ? product.pricing.fx_rate : reference.rate;
    const money = (value: number | null) => (product.currency_code === 'CNY' ? formatCny(value) : formatRub(value));
    let lowest: number | null = null;
    product.variants.forEach((variant, index) => {
      host.querySelector(`tr[data-variant="${variant.id}"]`)?.classList.toggle('disabled', !variant.enabled);
      const status = statusCells.get(variant.id);
      if (status) showVariantStatus(status, variant.status, settling().has(variant.id));
      const cell = priceCells.get(variant.id);
      if (!cell) return;
      try {
        const quote = quoteVariant(product, variant, index, rate, reference.policy);
        cell.textContent = quote ? money(quote.price) : '缺成本或重量';
        cell.dataset.value = quote ? String(quote.price) : '';
        if (quote && variant.enabled && (lowest === null || quote.price < lowest)) lowest = quote.price;
      } catch (error) {
        cell.textContent = error instanceof Error ? '无法定价' : '';
      }
    });
    const enabled = product.variants.filter((variant) => variant.enabled).length;
    summary.textContent = `启用 ${enabled} / ${product.variants.length} 个款式，各自作为一个平台商品发布，以型号名称（9048）合并到同一张卡片${lowest === null ? '' : `；商品售价取最低的 ${money(lowest)}`}`;
    showVariantProblems(ctx, host, problemsBox);
  };

  const row = (variant: VariantRow, index: number, product: ProductDetail): HTMLElement => {
    const at = (field: string) => `variants/${index}/${field}`;
    const price = h('td', { class: 'num variant-price', 'data-path': at('price') });
    priceCells.set(variant.id, price);
    const status = h('td');
    showVariantStatus(status, variant.status, settling().has(variant.id));
    statusCells.set(variant.id, status);
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
    return h(
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
      input(
        at('cost_cny'),
        variant.cost_cny === null ? '' : String(variant.cost_cny),
        (text) => editVariant(ctx, variant.id, { cost_cny: numberOrNull(text) }),
        { inputmode: 'decimal', placeholder: '同商品', 'aria-label': `${variant.label_zh} 采购成本` },
      ),
      price,
      input(at('stock'), variant.stock === null ? '' : String(variant.stock), (text) => editVariant(ctx, variant.id, { stock: numberOrNull(text) }), {
        inputmode: 'numeric',
        'aria-label': `${variant.label_zh} 库存`,
      }),
      ...aspectCells,
      h('td', { 'data-path': at('enabled') }, enabled),
      status,
    );
  };

  const draw = (): void => {
    const product = ctx.preview();
    drawnIds = product.variants.map((variant) => variant.id).join();
    priceCells.clear();
    statusCells.clear();
    const aspectHeads = (aspects?.attributes ?? []).map((attribute) =>
      h('th', null, `${attribute.name}`, attribute.is_required ? h('span', { class: 'required-mark' }, ' *') : null),
    );
    mount(
      host,
      summary,
      problemsBox,
      aspects ? null : h('p', { class: 'muted small' }, '选择店铺和类目后，可以为每个款式选择颜色、尺码等规格值。'),
      h(
        'div',
        { class: 'table-scroll' },
        h(
          'table',
          { class: 'list' },
          h(
            'thead',
            null,
            h(
              'tr',
              null,
              h('th', null, '图片'),
              h('th', null, '款式'),
              h('th', null, '俄文名称'),
              h('th', null, '货号'),
              h('th', null, '采购成本（元）'),
              h('th', null, '售价'),
              h('th', null, '库存'),
              ...aspectHeads,
              h('th', null, '启用'),
              h('th', null, '状态'),
            ),
          ),
          h(
            'tbody',
            null,
            product.variants.map((variant, index) => row(variant, index, product)),
          ),
        ),
      ),
    );
    update();
  };

  draw();
  const stop = ctx.subscribe(() =>
    ctx
      .preview()
      .variants.map((variant) => variant.id)
      .join() === drawnIds
      ? update()
      : draw(),
  );
  return { element: host, stop, refresh: update };
}
