import { h } from '../lib/dom.ts';
import { hasChinese } from '../lib/format.ts';
import { PLATFORM_LABELS, label } from '../lib/labels.ts';
import type { CollectedText } from '../api/types.ts';
import type { EditorContext } from './context.ts';
import { field } from './fields.ts';
import { isWebAddress } from '../lib/web-address.ts';

const russianOnly = (value: string): string | null => (hasChinese(value) ? '含有中文字符：上架前需改为俄文（可在「俄文文案」生成并应用）' : null);

/** The collected Chinese texts, read-only, for reference while writing the Russian listing. */
function collected(ctx: EditorContext): HTMLElement | null {
  const texts = (Array.isArray(ctx.saved().raw.texts) ? ctx.saved().raw.texts : []) as unknown as CollectedText[];
  const product = ctx.saved();
  if (texts.length === 0 && !product.source_url) return null;
  return h(
    'details',
    { class: 'collected' },
    h('summary', null, `采集信息（${label(PLATFORM_LABELS, product.source_platform)}）`),
    isWebAddress(product.source_url) ? h('p', null, h('a', { href: product.source_url, target: '_blank', rel: 'noreferrer noopener' }, product.source_url)) : null,
    h(
      'dl',
      null,
      texts.slice(0, 30).map((text) => [h('dt', null, text.kind), h('dd', null, text.content || (text.pairs ?? []).map((pair) => `${pair.key}: ${pair.value}`).join('；'))]),
    ),
  );
}

/** The listing fields the ready check reads: Russian name and description, offer id, dimensions. */
export function productFields(ctx: EditorContext): HTMLElement {
  return h(
    'div',
    { class: 'product-fields' },
    field(ctx, { field: 'name', label: '商品名称（俄文）', warn: russianOnly }),
    field(ctx, { field: 'description', label: '商品描述（俄文）', kind: 'textarea', warn: russianOnly }),
    h(
      'div',
      { class: 'grid-2' },
      field(ctx, { field: 'offer_id', label: '货号 offer_id', hint: '不超过 50 个字符，不能与其他商品重复', warn: (v) => (v.length > 50 ? '超过 50 个字符' : null) }),
      field(ctx, { field: 'barcode', label: '条码' }),
    ),
    h(
      'div',
      { class: 'grid-3' },
      field(ctx, { field: 'depth', label: '长', kind: 'number', unit: 'mm' }),
      field(ctx, { field: 'width', label: '宽', kind: 'number', unit: 'mm' }),
      field(ctx, { field: 'height', label: '高', kind: 'number', unit: 'mm' }),
    ),
    field(ctx, {
      field: 'vat',
      label: '增值税',
      kind: 'select',
      options: [
        { value: '0', text: '不含税 0' },
        { value: '0.1', text: '10%' },
        { value: '0.2', text: '20%' },
      ],
    }),
    collected(ctx),
  );
}
