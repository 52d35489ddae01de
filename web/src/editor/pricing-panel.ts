import { messageOf } from '../api/client.ts';
import type { FxRate } from '../api/types.ts';
import { type PricingPolicy, TIER_CHOICES } from '../../../src/domain/pricing/pricing.ts';
import { GRAMS_PER_UNIT, weightInGrams } from '../../../src/domain/pricing/product-pricing.ts';
import { h, mount } from '../lib/dom.ts';
import { formatDecimal, formatTime } from '../lib/format.ts';
import { TIER_LABELS, label } from '../lib/labels.ts';
import type { Panel } from './context.ts';
import { isPrefilled } from './prefilled.ts';
import { productFields } from './product-fields.ts';
import { field } from './fields.ts';
import { livePrice } from './live-pricing.ts';
import { quoteView, serverPriceLine } from './price-view.ts';
import { marginMark, priceIndexMark } from '../lib/price-index.ts';
import { marketPriceLine } from './follow-selling.ts';
import type { Static } from '@sinclair/typebox';
import type { ProductMarketBody } from '../../../src/adapters/http/schemas/market.ts';
import type { Quote } from '../../../src/domain/pricing/pricing.ts';

type ProductMarket = Static<typeof ProductMarketBody>;
type MarketOffer = ProductMarket['offers'][number];

/**
 * The real margin beside the planned one (docs/decisions.md, Real margin): the planned margin of the live quote,
 * the real one the service computed from the marketplace's current price and commission, and the price index.
 */
function realMarginLine(offer: MarketOffer | null, quote: Quote): HTMLElement {
  const b = quote.breakdown;
  const planned = b.price_rub > 0 ? Math.round((b.profit_rub / b.price_rub) * 10_000) / 100 : null;
  if (!offer)
    return h(
      'div',
      { class: 'kv', id: 'real-margin' },
      h('span', null, '实际利润率'),
      h('span', { class: 'muted small' }, '商品在平台在售后显示（按平台实际佣金计算）'),
    );
  return h(
    'div',
    { class: 'kv real-margin-line', id: 'real-margin' },
    h('span', null, `实际利润率（平台佣金 ${offer.market_commission_percent ?? b.commission_percent}%）`),
    h('span', null, marginMark(offer.real_margin_percent, planned, false), ' ', priceIndexMark(offer.price_index)),
  );
}

/**
 * The trial/pricing panel: the inputs, the price recomputed on every keystroke by the bundled domain
 * `quote`, and after each save the price the server stored, which must be the same number.
 */
export const pricingPanel: Panel = (ctx, host) => {
  const result = h('div', { class: 'price-result', id: 'price-result' }, h('p', { class: 'muted' }, '正在载入定价策略和汇率…'));
  let policy: PricingPolicy | null = null;
  let fx: FxRate | null = null;
  /** The offer with the lowest real margin as the marketplace last reported it (null before the first prices read). */
  let market: MarketOffer | null = null;

  const inputs = h(
    'div',
    { class: 'grid-2' },
    field(ctx, {
      field: 'cost_cny',
      group: 'pricing',
      label: '采购成本（含国内运费）',
      kind: 'number',
      unit: '元',
      prefilled: (c) => isPrefilled(c, 'cost_cny'),
    }),
    field(ctx, {
      field: 'weight_g',
      label: '重量（含包装）',
      kind: 'number',
      unit: '克',
      hint: '同时作为上架重量',
      paths: ['/pricing/weight_g', '/weight', '/weight_unit'],
      prefilled: (c) => isPrefilled(c, 'weight_g'),
      read: (c) => weightInGrams(c.preview()) ?? null,
      write: (c, grams) => {
        c.edit('weight_g', grams, 'pricing');
        const perUnit = GRAMS_PER_UNIT[c.preview().weight_unit] ?? 1;
        c.edit('weight', typeof grams === 'number' ? Math.round((grams / perUnit) * 1000) / 1000 : null);
      },
    }),
    field(ctx, { field: 'markup_percent', group: 'pricing', label: '加价率', kind: 'number', unit: '%', placeholder: '默认 30' }),
    field(ctx, { field: 'reserve_discount_percent', group: 'pricing', label: '预留折扣（划线价）', kind: 'number', unit: '%', placeholder: '默认 50' }),
    field(ctx, {
      field: 'tier',
      group: 'pricing',
      label: '物流档位',
      kind: 'select',
      options: TIER_CHOICES.map((tier) => ({ value: tier, text: label(TIER_LABELS, tier) })),
      read: (c) => c.preview().pricing.tier ?? 'auto',
    }),
    field(ctx, { field: 'fx_rate', group: 'pricing', label: '汇率（留空用当前汇率）', kind: 'number', unit: '₽/¥' }),
    field(ctx, {
      field: 'currency_code',
      label: '标价币种',
      kind: 'select',
      options: [
        { value: 'RUB', text: '卢布 RUB' },
        { value: 'CNY', text: '人民币 CNY' },
      ],
    }),
  );

  const render = (): void => {
    if (!policy || !fx) return;
    const live = livePrice(ctx.preview(), fx.rate, policy);
    const server = serverPriceLine(ctx.saved(), live, ctx.saveState().status === 'saved');
    const rate = h(
      'p',
      { class: 'muted small' },
      `当前汇率 ${formatDecimal(fx.rate)} ₽/¥（${fx.source}，${formatTime(fx.updated_at)}${fx.stale ? '，旧值' : ''}）`,
    );
    if (live.kind === 'quote')
      mount(
        result,
        rate,
        quoteView(live.quote, server),
        marketPriceLine(ctx.saved().market_price_rub, live.quote.breakdown.price_rub),
        realMarginLine(market, live.quote),
      );
    else mount(result, rate, h('p', { class: live.kind === 'invalid' ? 'form-error' : 'muted', id: 'live-price-missing' }, live.message), server);
  };

  Promise.all([ctx.app.reference.policy(), ctx.app.reference.fx()]).then(
    ([loadedPolicy, loadedFx]) => {
      policy = loadedPolicy;
      fx = loadedFx;
      render();
    },
    (error: unknown) => mount(result, h('p', { class: 'form-error' }, `无法载入定价策略或汇率：${messageOf(error)}`)),
  );
  ctx.app.api.json<ProductMarket>(`/api/products/${ctx.id}/market`).then(
    (loaded) => {
      const read = loaded.offers.filter((offer) => offer.real_margin_percent !== null);
      market = read.sort((a, b) => a.real_margin_percent! - b.real_margin_percent!)[0] ?? null;
      render();
    },
    () => undefined, // the marketplace part is optional here; the publish tab says why it failed
  );
  const unsubscribe = ctx.subscribe(render);

  mount(
    host,
    h(
      'div',
      { class: 'columns' },
      h('section', { class: 'card' }, h('h2', null, '试算定价'), inputs, result),
      h('section', { class: 'card' }, h('h2', null, '商品信息'), productFields(ctx)),
    ),
  );
  return unsubscribe;
};
