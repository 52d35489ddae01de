/** What the pricing panel shows: the live quote with its breakdown, and the price the server stored. */
import type { ProductDetail } from '../api/types.ts';
import { type Quote } from '../../../src/domain/pricing/pricing.ts';
import { oldPriceProblems } from '../../../src/domain/pricing/price-rules.ts';
import { h } from '../lib/dom.ts';
import { formatCny, formatDecimal, formatRub } from '../lib/format.ts';
import { TIER_LABELS, label } from '../lib/labels.ts';
import { type LivePrice, storedBreakdown } from './live-pricing.ts';

/** One line of the breakdown: its name and value. */
const row = (name: string, value: string, id?: string): HTMLElement => h('div', { class: 'kv' }, h('span', null, name), h('strong', id ? { id } : null, value));

const money = (currency: string, value: number | null): string => (currency === 'CNY' ? formatCny(value) : formatRub(value));

/**
 * The marketplace's old-price rules on the live quote (the same module the ready and publish checks use), so the seller
 * sees a reserve discount too small or too large while typing it (docs/decisions.md, Price rules and quotas).
 */
const oldPriceRuleLine = (priceRub: number, oldPriceRub: number | null): HTMLElement[] =>
  oldPriceProblems(priceRub, oldPriceRub).map((problem) =>
    h('p', { class: 'price-rule-warn small', id: 'live-price-rule', role: 'status' }, `⚠ ${problem.message}`),
  );

/** The price, the server's stored price right under it, then the breakdown. */
export function quoteView(quote: Quote, server: HTMLElement): HTMLElement[] {
  const b = quote.breakdown;
  return [
    h(
      'div',
      { class: 'big-price' },
      h('span', null, '售价'),
      h('strong', { id: 'live-price', 'data-value': String(quote.price) }, money(quote.currency_code, quote.price)),
    ),
    server,
    row('划线价', money(quote.currency_code, quote.old_price), 'live-old-price'),
    ...oldPriceRuleLine(b.price_rub, b.old_price_rub),
    row('档位', `${label(TIER_LABELS, b.tier)} · 重量段 ${b.weight_band}`, 'live-tier'),
    row('物流费', formatCny(b.logistics_cny), 'live-logistics'),
    row('到岸成本', formatRub(b.landed_rub)),
    row('佣金（含其他费用）', `${b.commission_percent}%`),
    row('预计利润', formatRub(b.profit_rub), 'live-profit'),
  ];
}

/**
 * What the server stored, once it has every edit: the same number as the live quote, or a warning when
 * they differ (the server's rate moved since the page loaded it).
 */
export function serverPriceLine(saved: ProductDetail, live: LivePrice, settled: boolean): HTMLElement {
  if (!settled) return h('p', { class: 'server-price muted', id: 'server-price', 'data-state': 'pending' }, '保存后显示服务器计算的售价');
  if (saved.price === null) return h('p', { class: 'server-price muted', id: 'server-price', 'data-state': 'none' }, '服务器尚未定价');
  const agrees = live.kind === 'quote' && live.quote.price === saved.price && live.quote.old_price === saved.old_price;
  const stored = storedBreakdown(saved);
  return h(
    'p',
    {
      class: agrees ? 'server-price ok' : 'server-price warn',
      id: 'server-price',
      'data-value': String(saved.price),
      'data-state': agrees ? 'match' : 'differs',
    },
    `服务器已保存售价 ${money(saved.currency_code, saved.price)}`,
    stored ? `（汇率 ${formatDecimal(stored.fx_rate)}）` : '',
    agrees ? ' ✓ 与试算一致' : ' ⚠ 与页面试算不同（汇率可能已更新，改动任一参数会重新计算）',
  );
}
