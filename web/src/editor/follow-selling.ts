import { h } from '../lib/dom.ts';
import { formatRub } from '../lib/format.ts';
import type { EditorContext } from './context.ts';
import { field } from './fields.ts';

/**
 * Follow-selling on the editor (docs/decisions.md, Follow-selling): the publish mode (a copy of the marketplace card
 * the product was collected from, or a full card of its own) and the marketplace page's price beside ours.
 */

export const PUBLISH_MODE_OPTIONS = [
  { value: 'copy', text: '跟卖（按 SKU 复制平台上已有的卡片）' },
  { value: 'create', text: '创建新卡片（需要类目、属性和图片）' },
] as const;

/** The mode switch; the server refuses `copy` without a marketplace SKU, and that refusal shows under it. */
export function publishModeField(ctx: EditorContext): HTMLElement {
  const copy = ctx.saved().publish_mode === 'copy';
  return field(ctx, {
    field: 'publish_mode',
    label: '发布方式',
    kind: 'select',
    options: PUBLISH_MODE_OPTIONS,
    hint: copy ? '跟卖只需货号、售价和增值税；平台上的卡片已有类目、属性、图片和文案' : '只有从平台商品页采集、带有平台 SKU 的商品才能改为跟卖',
  });
}

/** The marketplace page's price beside ours (roubles), warned when ours is higher: buyers see both on one card. */
export function marketPriceLine(marketRub: number | null, ourRub: number | null): HTMLElement | null {
  if (marketRub === null) return null;
  const higher = ourRub !== null && ourRub > marketRub;
  return h(
    'div',
    { class: `kv market-price-line${higher ? ' warn' : ''}`, id: 'market-price' },
    h('span', null, '平台页面售价'),
    h(
      'span',
      null,
      formatRub(marketRub),
      higher ? h('span', { class: 'badge badge-warn', role: 'note' }, ` 我们的售价 ${formatRub(ourRub)} 更高，跟卖时可能卖不出去`) : null,
    ),
  );
}
