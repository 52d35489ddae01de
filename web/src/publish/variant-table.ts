import type { CategoryAttribute } from '../api/marketplace-types.ts';
import type { ProductDetail } from '../api/types.ts';
import type { EditorContext } from '../editor/context.ts';
import { h, mount } from '../lib/dom.ts';
import { formatCny, formatRub } from '../lib/format.ts';
import { COLOUR_NAME_ATTRIBUTE_ID } from '../../../src/domain/publishing/publish-variants.ts';
import type { PricingPolicy } from '../../../src/domain/pricing/pricing.ts';
import { quoteVariant } from '../../../src/domain/variants/variant-pricing.ts';
import type { AspectSource } from './lookups.ts';
import { showVariantProblems } from './variant-problems.ts';
import { type VariantRow, variantRow } from './variant-row.ts';
import { showVariantStatus } from './variant-status.ts';

/** The aspects a seller picks per variant: plain `is_aspect` attributes, except the colour name the service fills. */
export const aspectAttributes = (attributes: readonly CategoryAttribute[]): CategoryAttribute[] =>
  attributes.filter((attribute) => attribute.is_aspect && attribute.attribute_complex_id === 0 && attribute.id !== COLOUR_NAME_ATTRIBUTE_ID);

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
    const drawn = variantRow(ctx, aspects, variant, index, product, settling().has(variant.id));
    priceCells.set(variant.id, drawn.price);
    statusCells.set(variant.id, drawn.status);
    return drawn.element;
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
              h('th', null, '采集库存'),
              h('th', { title: '发往平台仓库的数量；留空用店铺默认库存（不超过采集库存）' }, '销售库存'),
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
