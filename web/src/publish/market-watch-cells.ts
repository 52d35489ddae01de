import type { Static } from '@sinclair/typebox';
import type { ProductMarketBody } from '../../../src/adapters/http/schemas/market.ts';
import type { EditorContext } from '../editor/context.ts';
import { h } from '../lib/dom.ts';
import { formatTime } from '../lib/format.ts';
import { marginMark, priceIndexMark } from '../lib/price-index.ts';
import { focusField } from './focus-field.ts';

type MarketOffer = Static<typeof ProductMarketBody>['offers'][number];

/** An offer's prices as the marketplace sees them: its index in words, the commission, the real margin beside the planned. */
export function pricesCell(offer: MarketOffer): HTMLElement {
  if (offer.market_prices_checked_at === null) return h('td', { class: 'muted small' }, '价格数据尚未读取（商品在平台创建后每天读取一次）');
  return h(
    'td',
    { class: 'market-prices' },
    priceIndexMark(offer.price_index),
    h('div', null, marginMark(offer.real_margin_percent, offer.planned_margin_percent, false)),
    h(
      'div',
      { class: 'muted small' },
      `平台佣金 ${offer.market_commission_percent === null ? '未知（按档位）' : `${offer.market_commission_percent}%`}`,
      offer.market_acquiring === null ? '' : ` · 收单费 ${offer.market_acquiring}`,
      offer.market_delivery_amount === null ? '' : ` · 配送 ${offer.market_delivery_amount}`,
      ` · ${formatTime(offer.market_prices_checked_at)}`,
    ),
  );
}

/**
 * The content rating with its advice: each group that can rise and the attributes that would raise it, each a link to
 * its field in the attribute form (docs/decisions.md, Real margin).
 */
export function ratingCell(ctx: EditorContext, offer: MarketOffer): HTMLElement {
  if (offer.content_rating === null) return h('td', { class: 'muted small' }, '内容评分尚未读取');
  return h(
    'td',
    { class: 'content-rating' },
    h('strong', { 'data-content-rating': String(offer.content_rating) }, `${offer.content_rating} 分`),
    h('span', { class: 'muted small' }, '（满分 100）'),
    offer.content_groups.length === 0
      ? h('p', { class: 'muted small' }, '平台没有提高评分的建议')
      : h(
          'ul',
          { class: 'rating-advice' },
          offer.content_groups.map((group) =>
            h(
              'li',
              { 'data-group': group.key },
              `${group.name}（${group.rating} 分）：`,
              group.improve_at_least > 0 ? `至少再填 ${group.improve_at_least} 项，` : '',
              '可填写 ',
              group.improve_attributes.map((attribute, index) => [
                index > 0 ? '、' : '',
                h(
                  'button',
                  { type: 'button', class: 'link', 'data-attribute-id': String(attribute.id), onclick: () => focusField(ctx, `attributes/${attribute.id}`) },
                  attribute.name || `属性 ${attribute.id}`,
                ),
              ]),
            ),
          ),
        ),
  );
}
