import type { Static } from '@sinclair/typebox';
import type { ProductMarketBody } from '../../../src/adapters/http/schemas/market.ts';
import { messageOf } from '../api/client.ts';
import type { EditorContext } from '../editor/context.ts';
import { h, mount } from '../lib/dom.ts';
import { formatTime } from '../lib/format.ts';
import { MARKET_STATE_LABELS } from '../lib/market-labels.ts';
import { focusField } from './focus-field.ts';
import { pricesCell, ratingCell } from './market-watch-cells.ts';

type ProductMarket = Static<typeof ProductMarketBody>;
type MarketOffer = ProductMarket['offers'][number];
type MarketError = MarketOffer['market_errors'][number];

const ACTIONS = [
  { action: 'archive', text: '在平台归档', when: (state: string | null) => state !== null && state !== 'archived' },
  { action: 'unarchive', text: '在平台恢复', when: (state: string | null) => state === 'archived' },
  { action: 'delete', text: '从平台删除', when: (state: string | null) => state === 'archived' },
] as const;

/** The field a marketplace error names, as a pre-flight path (an attribute, or a field of the card). */
const pathOf = (error: MarketError): string | null =>
  error.attribute_id > 0
    ? `attributes/${error.attribute_id}`
    : ['name', 'price', 'old_price', 'offer_id', 'barcode'].includes(error.field)
      ? error.field
      : null;

/**
 * 5. 平台状态: each offer (the product, or each variant) as the moderation sweep last saw it, the errors of a declined
 * card beside links to their fields, and archive / restore / delete on the marketplace — apart from the service's own
 * archive (the stage actions above), which never touches the marketplace.
 */
export function marketPanel(ctx: EditorContext): { element: HTMLElement; reload(): void } {
  const body = h('div', { id: 'market-offers' }, h('p', { class: 'muted' }, '正在加载…'));
  const message = h('p', { class: 'form-error', role: 'alert', id: 'market-message' });
  const buttons = h('div', { class: 'actions', id: 'market-actions' });

  const variantName = (offer: MarketOffer): string =>
    offer.variant_id === null ? '商品' : (ctx.saved().variants.find((variant) => variant.id === offer.variant_id)?.label_zh ?? '款式');

  const errorList = (errors: readonly MarketError[]): HTMLElement | null =>
    errors.length === 0
      ? null
      : h(
          'ul',
          { class: 'import-errors market-errors' },
          errors.map((error) => {
            const path = pathOf(error);
            const where = error.attribute_id > 0 ? `属性 ${error.attribute_id}` : error.field;
            return h(
              'li',
              { 'data-code': error.code },
              h(
                'span',
                { class: `badge ${error.level === 'ERROR_LEVEL_ERROR' ? 'badge-error' : 'badge-warn'}` },
                error.level === 'ERROR_LEVEL_ERROR' ? '错误' : '提醒',
              ),
              ' ',
              path
                ? h('button', { type: 'button', class: 'link', onclick: () => focusField(ctx, path) }, `${where}：`)
                : where
                  ? h('strong', null, `${where}：`)
                  : null,
              error.explanation,
              h('div', { class: 'muted small' }, `平台原文：${error.code}${error.message ? ` · ${error.message}` : ''}`),
            );
          }),
        );

  const render = (market: ProductMarket): void => {
    if (market.offers.length === 0) {
      // Imported but not looked at yet: the sweep's first look comes a minute after the import (MARKET_SWEEP_FIRST_MS).
      const imported = ctx.saved().marketplace_product_id !== null || ctx.saved().variants.some((variant) => variant.marketplace_product_id !== null);
      mount(
        body,
        h(
          'p',
          { class: 'muted' },
          imported
            ? '平台已导入这张商品卡，审核结果将在导入后约 1 分钟第一次查询，之后自动跟进到审核结束；刷新页面即可看到。'
            : '商品还没有在平台上创建。导入成功后，服务会自动跟进审核结果，这里显示每个款式的状态。',
        ),
      );
    } else {
      mount(
        body,
        h(
          'table',
          { class: 'list market-table' },
          h(
            'thead',
            null,
            h(
              'tr',
              null,
              h('th', null, '款式'),
              h('th', null, '货号'),
              h('th', null, '平台状态'),
              h('th', null, '价格与利润'),
              h('th', null, '内容评分'),
              h('th', null, '最近检查'),
            ),
          ),
          h(
            'tbody',
            null,
            market.offers.map((offer) =>
              h(
                'tr',
                { 'data-offer-id': offer.offer_id },
                h('td', null, variantName(offer)),
                h('td', null, offer.offer_id),
                h(
                  'td',
                  null,
                  h('span', { class: `market-state market-${offer.market_state}` }, MARKET_STATE_LABELS[offer.market_state] ?? offer.market_state),
                  errorList(offer.market_errors),
                ),
                pricesCell(offer),
                ratingCell(ctx, offer),
                h('td', { class: 'muted' }, offer.market_checked_at ? formatTime(offer.market_checked_at) : '尚未检查'),
              ),
            ),
          ),
        ),
      );
    }
    mount(
      buttons,
      ACTIONS.filter(({ when }) => when(market.market_state)).map(({ action, text }) =>
        h('button', { type: 'button', id: `market-${action}`, onclick: () => void run(action) }, text),
      ),
    );
  };

  const load = async (): Promise<void> => {
    try {
      render(await ctx.app.api.json<ProductMarket>(`/api/products/${ctx.id}/market`));
    } catch (error) {
      mount(body, h('p', { class: 'form-error' }, `平台状态加载失败：${messageOf(error)}`));
    }
  };

  const run = async (action: string): Promise<void> => {
    message.textContent = '';
    try {
      render(await ctx.app.api.json<ProductMarket>(`/api/products/${ctx.id}/market/${action}`, { method: 'POST' }));
    } catch (error) {
      message.textContent = messageOf(error);
    }
  };

  void load();
  const element = h(
    'section',
    { class: 'card', id: 'market-card' },
    h('h2', null, '5. 平台状态（审核、在售、价格指数、内容评分、归档）'),
    h('p', { class: 'muted small' }, '这里的归档只作用于 Ozon 平台上的商品卡，不改变本服务里的阶段；本服务的「归档」在页面上方，也不会归档平台上的商品。'),
    body,
    buttons,
    message,
  );
  return { element, reload: () => void load() };
}
