import { h } from '../lib/dom.ts';
import { hasChinese } from '../lib/format.ts';
import { collectedInfo } from './collected-info.ts';
import type { EditorContext } from './context.ts';
import { field } from './fields.ts';
import { publishModeField } from './follow-selling.ts';

const russianOnly = (value: string): string | null => (hasChinese(value) ? '含有中文字符：上架前需改为俄文（可在「俄文文案」生成并应用）' : null);

/** The listing fields the ready check reads: Russian name and description, offer id, dimensions. */
export function productFields(ctx: EditorContext): HTMLElement {
  return h(
    'div',
    { class: 'product-fields' },
    publishModeField(ctx),
    field(ctx, { field: 'name', label: '商品名称（俄文）', warn: russianOnly, lang: 'ru' }),
    field(ctx, { field: 'description', label: '商品描述（俄文）', kind: 'textarea', warn: russianOnly, lang: 'ru' }),
    h(
      'div',
      { class: 'grid-2' },
      field(ctx, {
        field: 'offer_id',
        label: '货号 offer_id',
        hint: '不超过 50 个字符，不能与其他商品重复',
        warn: (v) => (v.length > 50 ? '超过 50 个字符' : null),
      }),
      field(ctx, { field: 'barcode', label: '条码' }),
    ),
    // A product of variants sets the quantity per variant (类目属性与发布 tab).
    ctx.saved().variants.length === 0
      ? field(ctx, {
          field: 'sale_stock',
          label: '销售库存',
          kind: 'number',
          placeholder: '店铺默认',
          hint: '在平台创建后发往店铺的默认仓库；留空用店铺的默认库存',
        })
      : null,
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
    collectedInfo(ctx),
  );
}
