import type { ProductSummary } from '../api/types.ts';
import type { App } from '../app.ts';
import { h } from '../lib/dom.ts';
import { formatPrice, formatTime } from '../lib/format.ts';
import { PLATFORM_LABELS, STAGE_LABELS, label } from '../lib/labels.ts';
import { navLink } from './layout.ts';
import { MARKET_STATE_LABELS } from '../lib/market-labels.ts';
import { isWebAddress } from '../lib/web-address.ts';
import { marginMark, priceIndexMark } from '../lib/price-index.ts';
import { collectedTitleLine } from '../lib/collected-title.ts';

function assetCell(item: ProductSummary): HTMLElement {
  const counts = item.asset_count;
  return h(
    'td',
    { class: 'assets' },
    h('span', { title: '主图 / SKU 图 / 详情图' }, `主 ${counts.main} · SKU ${counts.sku} · 详情 ${counts.detail}`),
    item.failed_assets > 0 ? h('span', { class: 'badge badge-error', title: '有图片下载失败，可在编辑页重试' }, `${item.failed_assets} 张下载失败`) : null,
  );
}

const sourceName = (item: ProductSummary): string => (item.source_platform ? label(PLATFORM_LABELS, item.source_platform) : '手工创建');

/** One product row: checkbox, thumbnail, name, offer id, stage, source, images, price, update time. */
export function productRow(app: App, item: ProductSummary, box: HTMLInputElement): HTMLElement {
  const editor = { name: 'product', id: item.id, tab: 'pricing' } as const;
  const thumbnail = item.thumbnail_url
    ? h('img', { src: item.thumbnail_url, alt: '', loading: 'lazy', class: 'list-thumb' })
    : h('span', { class: 'list-thumb no-thumb', title: '还没有已保存的主图' }, '无图');
  return h(
    'tr',
    { 'data-product-id': item.id },
    h('td', { class: 'check' }, box),
    h('td', { class: 'thumb' }, navLink(app, thumbnail, editor, { tabIndex: -1, 'aria-hidden': 'true' })),
    h('td', { class: 'name' }, navLink(app, item.name || '（未命名）', editor), collectedTitleLine(item.collected_title, item.name)),
    h('td', null, item.offer_id || h('span', { class: 'muted' }, '未设置')),
    h('td', null, h('span', { class: `stage stage-${item.stage}` }, label(STAGE_LABELS, item.stage))),
    h(
      'td',
      { class: 'market' },
      item.market_state
        ? h('span', { class: `market-state market-${item.market_state}` }, MARKET_STATE_LABELS[item.market_state])
        : h('span', { class: 'muted' }, '—'),
    ),
    h(
      'td',
      null,
      isWebAddress(item.source_url) ? h('a', { href: item.source_url, target: '_blank', rel: 'noreferrer noopener' }, sourceName(item)) : sourceName(item),
    ),
    h(
      'td',
      { class: 'mode', 'data-mode': item.publish_mode },
      item.publish_mode === 'copy'
        ? h('span', { class: 'badge badge-ok', title: '按 SKU 跟卖平台上已有的卡片' }, '跟卖')
        : h('span', { class: 'muted' }, '新建卡片'),
    ),
    assetCell(item),
    h(
      'td',
      { class: 'num price' },
      formatPrice(item.price, item.currency_code),
      item.market_price_rub === null
        ? null
        : h('div', { class: 'muted small market-price', title: '采集时平台页面上的售价' }, `平台 ${formatPrice(item.market_price_rub, 'RUB')}`),
    ),
    h(
      'td',
      { class: 'watch' },
      marginMark(item.real_margin_percent, item.planned_margin_percent, item.below_margin_floor),
      h('div', null, priceIndexMark(item.price_index)),
      item.content_rating === null ? null : h('div', { class: 'muted small' }, `内容评分 ${item.content_rating}`),
    ),
    h(
      'td',
      { class: 'muted', 'data-updated-by': item.updated_by ?? '' },
      formatTime(item.updated_at),
      item.updated_by ? h('span', { class: 'small' }, ` · ${item.updated_by}`) : null,
    ),
  );
}

/** The thumbnail column's heading is for screen readers only: the pictures speak for themselves on screen. */
export const LIST_HEADINGS = ['缩略图', '名称', '货号', '阶段', '平台状态', '来源', '发布方式', '图片', '售价', '利润率 · 价格指数', '更新时间'] as const;
