import { PRICE_INDEX_WORDS, priceIndexOf } from '../../../src/domain/pricing/market-prices.ts';
import { h } from './dom.ts';

/**
 * The marketplace's price index as a coloured mark WITH its words (docs/decisions.md, Real margin): the colour only
 * repeats what the words say, so a seller who does not see colours reads the same.
 */
export function priceIndexMark(index: string | null): HTMLElement {
  if (index === null) return h('span', { class: 'muted small' }, '价格指数未读取');
  const known = priceIndexOf(index);
  return h(
    'span',
    { class: `price-index price-index-${known.toLowerCase()}`, 'data-price-index': known },
    h('span', { class: 'price-index-dot', 'aria-hidden': 'true' }),
    PRICE_INDEX_WORDS[known],
  );
}

const percent = (value: number): string => `${value.toFixed(2).replace(/\.?0+$/, '')}%`;

/** The real margin beside the planned one: `实际 10.03%（计划 19.53%）`, flagged below the shop's floor. */
export function marginMark(real: number | null, planned: number | null, belowFloor: boolean): HTMLElement {
  if (real === null) return h('span', { class: 'muted small' }, planned === null ? '利润率未读取' : `计划 ${percent(planned)}（实际待平台数据）`);
  return h(
    'span',
    { class: belowFloor ? 'real-margin below-floor' : 'real-margin', 'data-real-margin': String(real) },
    h('strong', null, `实际 ${percent(real)}`),
    planned === null ? null : h('span', { class: 'muted' }, `（计划 ${percent(planned)}）`),
    belowFloor ? h('span', { class: 'badge badge-error' }, '低于最低利润率') : null,
  );
}
